import { Alert, Box, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  expandRecurrence,
  localLabel,
  MAX_OCCURRENCES,
  MIN_OCCURRENCES,
  type Recurrence,
} from '../../../../shared/scheduling/recurrence';
import { ApiError, useApi } from '../../lib/api-client';
import { FormField } from '../form-field';
import { SelectField } from '../select-field';

export type Repeats = {
  frequency: 'NONE' | Recurrence['frequency'];
  ends: 'COUNT' | 'UNTIL';
  count: string;
  until: string;
};
export const noRepeat: Repeats = { frequency: 'NONE', ends: 'COUNT', count: '4', until: '' };

/**
 * The zone a tutor's series keeps its wall time in, as the server reads it (their availability's), for the
 * preview; `fallback` (the dialog's zone) until it is known or when the tutor has no availability.
 */
export function useTutorTimeZone(tutorId: string | undefined, fallback: string): string {
  const { data } = useApi(
    tutorId ? ['availability.get', { params: { userId: tutorId }, quietStatuses: [403, 404] }] : null,
    { revalidateOnFocus: false },
  );
  return data?.timezone || fallback;
}

/** The request's `recurrence` of a choice, undefined when the lesson does not repeat. */
export function recurrenceOf(repeats: Repeats): Recurrence | undefined {
  if (repeats.frequency === 'NONE') return undefined;
  return repeats.ends === 'COUNT'
    ? { frequency: repeats.frequency, count: Number(repeats.count) }
    : { frequency: repeats.frequency, until: repeats.until };
}

/** The dates of the series the choice books (or why not), by the rules the server books it with. */
export function repeatsPreview(
  repeats: Repeats,
  start: string | undefined,
  durationMinutes: number,
  zone: string,
): { dates: string[] } | { error: string } | undefined {
  const recurrence = recurrenceOf(repeats);
  if (!recurrence || !start) return undefined;
  if (recurrence.until === '') return { error: 'Choose the last date' };
  const first = new Date(start);
  const result = expandRecurrence(
    { start: first, end: new Date(first.getTime() + durationMinutes * 60_000) },
    recurrence,
    zone,
  );
  if (!result.ok) return { error: result.message };
  return { dates: result.occurrences.map((o) => localLabel(o.start, zone)) };
}

/**
 * "Repeats" in a new-lesson dialog (issue 16 item 12): does not repeat, weekly or every 2 weeks, ending
 * after a number of lessons or on a date, with the dates it books listed in the tutor's zone.
 */
export function RepeatsControl(props: {
  value: Repeats;
  onChange: (value: Repeats) => void;
  start: string | undefined;
  durationMinutes: number;
  zone: string;
}) {
  const { value, onChange, start, durationMinutes, zone } = props;
  const preview = repeatsPreview(value, start, durationMinutes, zone);
  return (
    <Stack gap="3">
      <SimpleGrid columns={2} gap="3">
        <SelectField
          label="Repeats"
          value={value.frequency}
          onChange={(v) =>
            onChange({ ...value, frequency: v === 'WEEKLY' || v === 'FORTNIGHTLY' ? v : 'NONE' })
          }
        >
          <option value="NONE">Does not repeat</option>
          <option value="WEEKLY">Weekly</option>
          <option value="FORTNIGHTLY">Every 2 weeks</option>
        </SelectField>
        {value.frequency !== 'NONE' && (
          <SelectField
            label="Ends"
            value={value.ends}
            onChange={(v) => onChange({ ...value, ends: v === 'UNTIL' ? 'UNTIL' : 'COUNT' })}
          >
            <option value="COUNT">After a number of lessons</option>
            <option value="UNTIL">On a date</option>
          </SelectField>
        )}
      </SimpleGrid>
      {value.frequency !== 'NONE' &&
        (value.ends === 'COUNT' ? (
          <FormField
            label="Number of lessons"
            type="number"
            min={MIN_OCCURRENCES}
            max={MAX_OCCURRENCES}
            value={value.count}
            onValueChange={(count) => onChange({ ...value, count })}
          />
        ) : (
          <FormField
            label="Last date"
            type="date"
            value={value.until}
            onValueChange={(until) => onChange({ ...value, until })}
          />
        ))}
      {preview && 'error' in preview && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {preview.error}
        </Text>
      )}
      {preview && 'dates' in preview && (
        <Box data-testid="repeats-preview">
          <Text fontSize="sm" fontWeight="medium">
            {preview.dates.length} lessons ({zone})
          </Text>
          <SimpleGrid
            as="ul"
            columns={{ base: 1, sm: 2 }}
            columnGap="4"
            fontSize="sm"
            color="fg.muted"
            listStyleType="none"
          >
            {preview.dates.map((date) => (
              <li key={date}>{date}</li>
            ))}
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}

/** The 409 of a refused series, its clashing dates listed one a line. */
export function SeriesClashes(props: { message: string }) {
  const [head, list] = splitClashMessage(props.message);
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{head}</Alert.Title>
        {list.length > 0 && (
          <Alert.Description>
            <List.Root ps="4">
              {list.map((date) => (
                <List.Item key={date}>{date}</List.Item>
              ))}
            </List.Root>
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/** "The series was not booked: 2 dates clash … (Zone): d1, d2" -> the sentence and the dates. */
export function splitClashMessage(message: string): [string, string[]] {
  const at = message.indexOf('): ');
  if (at < 0) return [message, []];
  return [message.slice(0, at + 1), message.slice(at + 3).split(', ')];
}

/** The clash message of a refused series from a failed call, undefined for any other failure. */
export function seriesClashOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  const message = data.message;
  return typeof message === 'string' && message.startsWith('The series was not booked') ? message : undefined;
}

export type Scope = 'ONE' | 'FOLLOWING';

/** For a lesson of a series: change this lesson only, or this and the following lessons. */
export function ScopeChoice(props: { value: Scope; onChange: (value: Scope) => void }) {
  return (
    <SelectField
      label="Apply to"
      value={props.value}
      onChange={(v) => props.onChange(v === 'FOLLOWING' ? 'FOLLOWING' : 'ONE')}
      helper="This lesson is one of a repeating series."
    >
      <option value="ONE">This lesson</option>
      <option value="FOLLOWING">This and following lessons</option>
    </SelectField>
  );
}
