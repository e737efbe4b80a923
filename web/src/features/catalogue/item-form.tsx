import { Button, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuCheck, LuPlus } from 'react-icons/lu';
import { SelectField } from '../../components/select-field';

export interface FieldSpec<Name extends string = string> {
  name: Name;
  label: string;
  kind?: 'text' | 'multiline' | 'select';
  /** The choices of a select field. */
  options?: ReadonlyArray<{ value: string; label: string }>;
}

/** A submitted form's trimmed value of one of its fields (every field is filled before it submits). */
export type FieldValue<Name extends string> = (name: Name) => string;

/**
 * A small inline form for one content item: empty to add one (cleared after it is saved), or holding an
 * item's values to edit it (with Cancel). Select fields start at their first option when adding.
 */
export function ItemForm<Name extends string>({
  fields,
  initial,
  submitLabel,
  formLabel,
  onSubmit,
  onCancel,
}: {
  fields: ReadonlyArray<FieldSpec<Name>>;
  initial?: Record<Name, string>;
  submitLabel: string;
  /** Names the form for assistive technology ("Edit video Sound waves"). */
  formLabel?: string;
  onSubmit: (value: FieldValue<Name>) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const empty = Object.fromEntries(
    fields.map((f) => [f.name, f.kind === 'select' ? (f.options?.[0]?.value ?? '') : '']),
  );
  const [values, setValues] = useState<Record<string, string>>(initial ?? empty);
  const [busy, setBusy] = useState(false);
  const complete = fields.every((f) => values[f.name]?.trim());
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setBusy(true);
    try {
      await onSubmit((name) => (values[name] ?? '').trim());
      if (!initial) setValues(empty);
    } catch {
      // The API client has shown the server's message; what was typed stays.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      as="form"
      aria-label={formLabel}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onCancel) onCancel();
      }}
      gap="2"
      mt="4"
      p="3"
      borderWidth="1px"
      borderStyle={initial ? 'solid' : 'dashed'}
      borderColor={initial ? 'orange.muted' : undefined}
      rounded="md"
      bg="bg"
    >
      {fields.map((field) =>
        field.kind === 'select' ? (
          <SelectField
            key={field.name}
            label={field.label}
            value={values[field.name] ?? ''}
            onChange={(value) => set(field.name, value)}
          >
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        ) : field.kind === 'multiline' ? (
          <Textarea
            key={field.name}
            size="sm"
            rows={initial ? 6 : 3}
            aria-label={field.label}
            placeholder={field.label}
            value={values[field.name]}
            onChange={(e) => set(field.name, e.target.value)}
          />
        ) : (
          <Input
            key={field.name}
            size="sm"
            aria-label={field.label}
            placeholder={field.label}
            value={values[field.name]}
            onChange={(e) => set(field.name, e.target.value)}
          />
        ),
      )}
      <HStack gap="2">
        <Button size="sm" type="submit" variant="outline" loading={busy} disabled={!complete}>
          {initial ? <LuCheck /> : <LuPlus />} {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
