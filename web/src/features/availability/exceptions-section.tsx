import { HStack, Stack, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field';
import {
  type DraftErrors,
  type ExceptionRow,
  newRowId,
  suggestExceptionDate,
  suggestRange,
} from './availability-form';
import { AddButton, DateTimeField, RemoveButton, SectionCard } from './fields';
import { HoursRanges } from './hours-ranges';

const kindLabels: Record<ExceptionRow['kind'], string> = { dayOff: 'Day off', extraHours: 'Extra hours' };

/** Dated exceptions: a day off, or hours added to that day's weekly hours. */
export function ExceptionsSection(props: {
  exceptions: ExceptionRow[];
  onChange: (exceptions: ExceptionRow[]) => void;
  errors: DraftErrors;
  today: string;
}) {
  const { exceptions, onChange, errors } = props;
  const update = (index: number, change: Partial<ExceptionRow>) =>
    onChange(exceptions.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const add = () =>
    onChange([
      ...exceptions,
      { id: newRowId(), date: suggestExceptionDate(exceptions, props.today), kind: 'dayOff', hours: [] },
    ]);
  return (
    <SectionCard
      title="Exceptions"
      description="Dates that differ from the weekly hours: a day off, or extra hours on top of that day's hours."
    >
      {exceptions.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          No exceptions.
        </Text>
      )}
      {exceptions.map((exception, index) => {
        const name = `Exception ${index + 1}`;
        return (
          <Stack key={exception.id} gap="2" borderBottomWidth="1px" pb="3" data-testid="exception-row">
            <HStack gap="3" align="end" wrap="wrap">
              <DateTimeField
                type="date"
                label={`${name} date`}
                value={exception.date}
                invalid={!!errors[`exceptions.${index}.date`]}
                onChange={(date) => update(index, { date })}
              />
              <SelectField
                label={`${name} kind`}
                width="44"
                value={exception.kind}
                onChange={(value) => {
                  const kind = value as ExceptionRow['kind'];
                  const hours =
                    kind === 'extraHours' && exception.hours.length === 0
                      ? [suggestRange([])]
                      : exception.hours;
                  update(index, { kind, hours });
                }}
              >
                {Object.entries(kindLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <RemoveButton
                label={`Remove exception ${index + 1}`}
                onClick={() => onChange(exceptions.filter((_, i) => i !== index))}
              />
            </HStack>
            {errors[`exceptions.${index}.date`] && (
              <Text color="fg.error" fontSize="sm">
                {errors[`exceptions.${index}.date`]}
              </Text>
            )}
            {exception.kind === 'extraHours' && (
              <Stack gap="1" pl={{ md: '4' }}>
                <HoursRanges
                  name={name}
                  ranges={exception.hours}
                  onChange={(hours) => update(index, { hours })}
                  errorAt={(i) => errors[`exceptions.${index}.hours.${i}`]}
                />
                {errors[`exceptions.${index}.hours`] && (
                  <Text color="fg.error" fontSize="sm">
                    {errors[`exceptions.${index}.hours`]}
                  </Text>
                )}
              </Stack>
            )}
          </Stack>
        );
      })}
      <AddButton label="Add exception" onClick={add} />
    </SectionCard>
  );
}
