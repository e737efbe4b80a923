import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { type HoursRow, suggestRange } from './availability-form';
import { DateTimeField, RemoveButton } from './fields';

/**
 * Ranges of wall-clock hours (one weekday, or one exception's extra hours): start and end time inputs per
 * range, add and remove. `name` words the controls' labels, e.g. "Monday" -> "Monday start 1".
 */
export function HoursRanges(props: {
  name: string;
  ranges: HoursRow[];
  onChange: (ranges: HoursRow[]) => void;
  /** The message of range `index`, if any. */
  errorAt: (index: number) => string | undefined;
  emptyText?: string;
}) {
  const { name, ranges, onChange } = props;
  const update = (index: number, field: 'from' | 'to', value: string) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, [field]: value } : range)));
  return (
    <Stack gap="2">
      {ranges.length === 0 && props.emptyText && (
        <Text color="fg.muted" fontSize="sm" py="1">
          {props.emptyText}
        </Text>
      )}
      {ranges.map((range, index) => {
        const error = props.errorAt(index);
        return (
          <Stack key={range.id} gap="1">
            <HStack gap="2" wrap="wrap">
              <DateTimeField
                type="time"
                hideLabel
                label={`${name} start ${index + 1}`}
                value={range.from}
                invalid={!!error}
                onChange={(value) => update(index, 'from', value)}
              />
              <Text color="fg.muted" aria-hidden>
                to
              </Text>
              <DateTimeField
                type="time"
                hideLabel
                label={`${name} end ${index + 1}`}
                value={range.to}
                invalid={!!error}
                onChange={(value) => update(index, 'to', value)}
              />
              <RemoveButton
                label={`Remove ${name} hours ${index + 1}`}
                onClick={() => onChange(ranges.filter((_, i) => i !== index))}
              />
            </HStack>
            {error && (
              <Text color="fg.error" fontSize="sm">
                {error}
              </Text>
            )}
          </Stack>
        );
      })}
      <Button
        size="xs"
        variant="ghost"
        colorPalette="brand"
        alignSelf="start"
        aria-label={`Add hours on ${name}`}
        onClick={() => onChange([...ranges, suggestRange(ranges)])}
      >
        <LuPlus /> Add hours
      </Button>
    </Stack>
  );
}
