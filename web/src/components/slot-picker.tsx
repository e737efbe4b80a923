import { Box, Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';
import { groupByDayPart } from '../../../shared/scheduling/day-parts';
import type { SlotDoc } from '../../../shared/schemas/availability';
import { deviceTimeZone } from '../lib/time-zone';

/**
 * A date's free times as buttons, labelled as the server labels them (hh:mm A in the viewer's zone) and
 * grouped into Morning, Afternoon and Evening by the viewer's clock, so a long day reads as three short
 * rows rather than a wall of buttons; the chosen one is pressed. Used wherever a lesson or a trial is
 * booked or moved.
 */
export function SlotPicker(props: {
  slots: SlotDoc[] | undefined;
  loading: boolean;
  /** The chosen slot's start, '' for none. */
  value: string;
  onChange: (start: string) => void;
  label?: string;
  /** The zone the labels are in (the viewer's), which decides each time's part of the day. */
  zone?: string;
  /** Shown when the day has no free time; the spec's hint by default. */
  empty?: ReactNode;
}) {
  const { slots, loading, value, onChange, label = 'Free times', zone = deviceTimeZone(), empty } = props;
  const id = useId();
  if (loading) return <Text color="fg.muted">Looking for free times…</Text>;
  if (!slots?.length) return empty ?? <Text color="fg.muted">No slots are available</Text>;
  return (
    <Stack gap="3" role="group" aria-label={label}>
      {groupByDayPart(slots, zone).map(({ part, slots: inPart }) => (
        <Box key={part} role="group" aria-labelledby={`${id}-${part}`} data-part={part}>
          <Text id={`${id}-${part}`} fontSize="sm" fontWeight="medium" color="fg.muted" mb="1.5">
            {part}{' '}
            <Text as="span" fontWeight="normal">
              ({inPart.length})
            </Text>
          </Text>
          <Wrap gap="2">
            {inPart.map((slot) => (
              <Button
                key={slot.start}
                size="sm"
                colorPalette="brand"
                variant={slot.start === value ? 'solid' : 'outline'}
                aria-pressed={slot.start === value}
                onClick={() => onChange(slot.start)}
              >
                {slot.label}
              </Button>
            ))}
          </Wrap>
        </Box>
      ))}
    </Stack>
  );
}
