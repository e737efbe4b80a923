import { Box, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';

/**
 * A column per period (a month of the finance overview), drawn as SVG the way the dashboard's charts are
 * (web/src/features/dashboard/charts.tsx: no chart library, a fixed viewBox scaled to the width). The chart
 * is an image with a text alternative naming every value, and each column carries its value as text above
 * it, so a screen reader and a reader of the screen get the same numbers. Negative values (a month with
 * more refunds than payments) hang below the zero line; a zero has no bar and no number.
 */

const color = (token: string) => `var(--chakra-colors-${token.replace('.', '-')})`;

export interface ColumnDatum {
  /** Under the column ("Jan"). */
  label: string;
  /** A second line under the label where it helps (the year, under its first month). */
  subLabel?: string;
  value: number;
  /** Above the column and in the text alternative ("USD 1,204.50"). */
  valueLabel: string;
  /** A shorter form above the column when columns are narrow ("1.2k"). */
  shortLabel?: string;
}

export function ColumnChart({
  title,
  data,
  tone = 'brand.solid',
  emptyText = 'Nothing to show yet',
}: {
  title: string;
  data: ColumnDatum[];
  tone?: string;
  emptyText?: string;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Where the chart scrolls (a phone), the latest periods are the ones in view first.
  const columns = data.length;
  useEffect(() => {
    if (box.current && columns > 0) box.current.scrollLeft = box.current.scrollWidth;
  }, [columns]);
  if (data.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {emptyText}
      </Text>
    );
  }
  const width = 960;
  const height = 260;
  const top = 22;
  const bottom = 40;
  const plot = height - top - bottom;
  const max = Math.max(0, ...data.map((d) => d.value));
  const min = Math.min(0, ...data.map((d) => d.value));
  const span = max - min || 1;
  const y = (value: number) => top + ((max - value) / span) * plot;
  const zeroY = y(0);
  const slot = width / data.length;
  const barWidth = Math.max(6, Math.min(48, slot * 0.6));
  const narrow = slot < 64;
  return (
    <Box overflowX="auto" ref={box}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        // On a phone the chart scrolls sideways in its box rather than shrink its numbers past reading.
        style={{ display: 'block', minWidth: 600 }}
        data-testid="column-chart"
      >
        <title id={titleId}>
          {`${title}: ${data.map((d) => `${d.label}${d.subLabel ? ` ${d.subLabel}` : ''} ${d.valueLabel}`).join(', ')}`}
        </title>
        <line x1={0} x2={width} y1={zeroY} y2={zeroY} stroke={color('border.emphasized')} strokeWidth="1" />
        {data.map((datum, i) => {
          const x = i * slot + (slot - barWidth) / 2;
          const barTop = Math.min(y(datum.value), zeroY);
          const barHeight = Math.max(Math.abs(y(datum.value) - zeroY), datum.value !== 0 ? 2 : 0);
          const shown = narrow ? (datum.shortLabel ?? datum.valueLabel) : datum.valueLabel;
          return (
            <g key={datum.label} data-testid="column" aria-label={`${datum.label}: ${datum.valueLabel}`}>
              <rect
                x={x}
                y={barTop}
                width={barWidth}
                height={barHeight}
                rx="3"
                fill={color(datum.value < 0 ? 'red.500' : tone)}
              />
              {datum.value !== 0 && (
                <text
                  x={x + barWidth / 2}
                  y={datum.value < 0 ? barTop + barHeight + 12 : barTop - 6}
                  textAnchor="middle"
                  fontSize="11"
                  fontWeight="600"
                  fill="currentColor"
                >
                  {shown}
                </text>
              )}
              <text
                x={x + barWidth / 2}
                y={height - 22}
                textAnchor="middle"
                fontSize="12"
                fill="currentColor"
                opacity="0.75"
              >
                {datum.label}
              </text>
              {datum.subLabel && (
                <text
                  x={x + barWidth / 2}
                  y={height - 6}
                  textAnchor="middle"
                  fontSize="11"
                  fill="currentColor"
                  opacity="0.6"
                >
                  {datum.subLabel}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
