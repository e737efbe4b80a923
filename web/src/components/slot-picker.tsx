import { Button, Text, Wrap } from '@chakra-ui/react';
import type { SlotDoc } from '../../../shared/schemas/availability';

/**
 * A date's free times as buttons, labelled as the server labels them (hh:mm A in the viewer's zone); the
 * chosen one is pressed. Used wherever a lesson or a trial is booked or moved.
 */
export function SlotPicker(props: {
  slots: SlotDoc[] | undefined;
  loading: boolean;
  /** The chosen slot's start, '' for none. */
  value: string;
  onChange: (start: string) => void;
  label?: string;
}) {
  const { slots, loading, value, onChange, label = 'Free times' } = props;
  if (loading) return <Text color="fg.muted">Looking for free times…</Text>;
  if (!slots?.length) return <Text color="fg.muted">No slots are available</Text>;
  return (
    <Wrap gap="2" role="group" aria-label={label}>
      {slots.map((slot) => (
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
  );
}
