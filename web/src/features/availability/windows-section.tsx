import { HStack, Stack, Text } from '@chakra-ui/react';
import { SelectField } from '../../components/select-field';
import { type DraftErrors, newRowId, type WindowRow } from './availability-form';
import { AddButton, DateTimeField, RemoveButton, SectionCard } from './fields';

const statusLabels: Record<WindowRow['status'], string> = { ENABLE: 'Enabled', DISABLE: 'Disabled' };

/** Availability windows (spec 001 section 3): a window is usable only when enabled. */
export function WindowsSection(props: {
  windows: WindowRow[];
  onChange: (windows: WindowRow[]) => void;
  errors: DraftErrors;
}) {
  const { windows, onChange, errors } = props;
  const update = (index: number, change: Partial<WindowRow>) =>
    onChange(windows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <SectionCard
      title="Availability windows"
      description="With windows, lessons must fall inside an enabled window (dates in your time zone; leave a date empty for no limit). With none, the weekly hours always apply."
    >
      {windows.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          No windows: the weekly hours always apply.
        </Text>
      )}
      {windows.map((window, index) => {
        const name = `Window ${index + 1}`;
        return (
          <Stack key={window.id} gap="1" data-testid="window-row">
            <HStack gap="3" align="end" wrap="wrap">
              <SelectField
                label={`${name} status`}
                width="44"
                value={window.status}
                onChange={(status) => update(index, { status: status as WindowRow['status'] })}
              >
                {Object.entries(statusLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <DateTimeField
                type="date"
                label={`${name} start date`}
                value={window.startDate}
                onChange={(startDate) => update(index, { startDate })}
              />
              <DateTimeField
                type="date"
                label={`${name} end date`}
                value={window.endDate}
                invalid={!!errors[`windows.${index}.endDate`]}
                onChange={(endDate) => update(index, { endDate })}
              />
              <RemoveButton
                label={`Remove window ${index + 1}`}
                onClick={() => onChange(windows.filter((_, i) => i !== index))}
              />
            </HStack>
            {errors[`windows.${index}.endDate`] && (
              <Text color="fg.error" fontSize="sm">
                {errors[`windows.${index}.endDate`]}
              </Text>
            )}
          </Stack>
        );
      })}
      <AddButton
        label="Add window"
        onClick={() =>
          onChange([...windows, { id: newRowId(), status: 'ENABLE', startDate: '', endDate: '' }])
        }
      />
    </SectionCard>
  );
}
