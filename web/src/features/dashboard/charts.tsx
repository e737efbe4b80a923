import { Box, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { ScoreBand } from '../../../../shared/learning/progress';

/**
 * Small SVG charts for the dashboard (no chart library: three shapes do not need one). Each chart is an
 * image with a text alternative (role="img" + aria-label), and its values are also printed as text, so a
 * screen reader and a reader of the screen get the same numbers.
 */

const color = (token: string) => `var(--chakra-colors-${token.replace('.', '-')})`;

export const bandColors: Record<ScoreBand, string> = {
  Revise: 'red.500',
  Good: 'orange.400',
  'Very Good': 'green.500',
};

/** A ring filled to `percent`, the number in the middle. */
export function ProgressRing({
  percent,
  label,
  size = 112,
  tone = 'brand.solid',
}: {
  percent: number;
  label: string;
  size?: number;
  tone?: string;
}) {
  const stroke = 10;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const shown = Math.max(0, Math.min(100, percent));
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={`${label}: ${shown}% complete`}
      data-testid="progress-ring"
    >
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        stroke={color('bg.emphasized')}
        strokeWidth={stroke}
      />
      {shown > 0 && (
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke={color(tone)}
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${(shown / 100) * circumference} ${circumference}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      )}
      <text
        x="50%"
        y="50%"
        dominantBaseline="central"
        textAnchor="middle"
        fontSize={size / 4.6}
        fontWeight="700"
        fill="currentColor"
      >
        {shown}%
      </text>
    </svg>
  );
}

export interface BarDatum {
  label: string;
  /** 0 to 100. */
  value: number;
  /** What is printed at the end of the bar (defaults to `value%`). */
  valueLabel?: string;
  tone?: string;
}

/**
 * Horizontal bars on a 0-100 scale, one row per datum, with optional guide lines (the score bands' 60 and
 * 90). Drawn in a fixed viewBox and scaled to the container's width.
 */
export function BarChart({
  title,
  data,
  guides = [],
  emptyText = 'Nothing to show yet',
}: {
  title: string;
  data: BarDatum[];
  guides?: number[];
  emptyText?: string;
}) {
  const titleId = useId();
  if (data.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {emptyText}
      </Text>
    );
  }
  const width = 640;
  const labelWidth = 240;
  // About 7.6 px per character at 13 px: longer labels are cut with an ellipsis (the title has them whole).
  const maxChars = Math.floor((labelWidth - 12) / 7.6);
  const valueWidth = 56;
  const row = 30;
  const barHeight = 16;
  const plot = width - labelWidth - valueWidth;
  const height = data.length * row + 8;
  const x = (value: number) => labelWidth + (Math.max(0, Math.min(100, value)) / 100) * plot;
  return (
    <Box overflowX="auto">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        style={{ maxWidth: width, display: 'block' }}
      >
        <title id={titleId}>
          {`${title}: ${data.map((d) => `${d.label} ${d.valueLabel ?? `${d.value}%`}`).join(', ')}`}
        </title>
        {data.map((datum, i) => {
          const y = i * row + 4;
          const shown = datum.valueLabel ?? `${datum.value}%`;
          return (
            <g key={datum.label} data-testid="bar" aria-label={`${datum.label}: ${shown}`}>
              <text
                x={labelWidth - 10}
                y={y + barHeight / 2}
                dominantBaseline="central"
                textAnchor="end"
                fontSize="13"
                fill="currentColor"
              >
                {datum.label.length > maxChars ? `${datum.label.slice(0, maxChars - 1)}…` : datum.label}
              </text>
              <rect x={labelWidth} y={y} width={plot} height={barHeight} rx="4" fill={color('bg.muted')} />
              <rect
                x={labelWidth}
                y={y}
                width={Math.max(x(datum.value) - labelWidth, datum.value > 0 ? 3 : 0)}
                height={barHeight}
                rx="4"
                fill={color(datum.tone ?? 'brand.solid')}
              />
              <text
                x={width - valueWidth + 8}
                y={y + barHeight / 2}
                dominantBaseline="central"
                fontSize="13"
                fontWeight="600"
                fill="currentColor"
              >
                {shown}
              </text>
            </g>
          );
        })}
        {guides.map((guide) => (
          <line
            key={guide}
            x1={x(guide)}
            x2={x(guide)}
            y1={0}
            y2={height}
            stroke={color('border.emphasized')}
            strokeDasharray="4 4"
            strokeWidth="1"
          />
        ))}
      </svg>
    </Box>
  );
}

/** The colour key of the score bands (spec 000 section 9). */
export function BandLegend() {
  return (
    <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
      {(Object.keys(bandColors) as ScoreBand[]).map((band) => (
        <HStack key={band} gap="1.5">
          <Box w="3" h="3" rounded="sm" style={{ background: color(bandColors[band]) }} />
          <Text>
            {band} {band === 'Revise' ? '(below 60%)' : band === 'Good' ? '(60–89%)' : '(90% and above)'}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}
