import { Text } from '@chakra-ui/react';
import { formatDateTime } from '../../lib/time-zone';

/** A table cell's date over time (`2026 Nov 25` / `04:00 PM`) in `zone`; a dash when missing. */
export function DateTimeCell({ iso, zone }: { iso: string | null | undefined; zone: string }) {
  const [date, time] = formatDateTime(iso, zone).split(', ');
  return (
    <Text whiteSpace="nowrap">
      {date}
      {time && (
        <Text as="span" display="block" color="fg.muted">
          {time}
        </Text>
      )}
    </Text>
  );
}
