import { Badge, Field, Input, Textarea } from '@chakra-ui/react';
import type { CatalogueStatus } from '../../../../../shared/money/finance';
import { catalogueStatuses } from '../../../../../shared/money/finance';
import { SelectField } from '../../../components/select-field';

/** The fields every catalogue record has: a name, a description and ACTIVE / INACTIVE. */
export interface NamedInput {
  name: string;
  description: string;
  status: CatalogueStatus;
}

export const emptyNamed = (): NamedInput => ({ name: '', description: '', status: 'ACTIVE' });
export const namedInput = (record: NamedInput): NamedInput => ({
  name: record.name,
  description: record.description,
  status: record.status,
});

export function isCatalogueStatus(value: string): value is CatalogueStatus {
  return (catalogueStatuses as readonly string[]).includes(value);
}

export function NamedFields<V extends NamedInput>(props: {
  value: V;
  onChange: (value: V) => void;
  errors: Record<string, string>;
  placeholder: string;
  /** Without the status select (rate versions have dates instead). */
  withoutStatus?: boolean;
}) {
  const { value, onChange, errors } = props;
  return (
    <>
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={value.name}
          placeholder={props.placeholder}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
        />
        {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={!!errors.description}>
        <Field.Label>Description</Field.Label>
        <Textarea
          rows={2}
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
        />
        {errors.description && <Field.ErrorText>{errors.description}</Field.ErrorText>}
      </Field.Root>
      {!props.withoutStatus && (
        <SelectField
          label="Status"
          value={value.status}
          onChange={(status) => isCatalogueStatus(status) && onChange({ ...value, status })}
          error={errors.status}
        >
          <option value="ACTIVE">Active</option>
          <option value="INACTIVE">Inactive</option>
        </SelectField>
      )}
    </>
  );
}

export function StatusBadge({ status }: { status: CatalogueStatus }) {
  return (
    <Badge size="sm" colorPalette={status === 'ACTIVE' ? 'green' : 'gray'}>
      {status === 'ACTIVE' ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** The status filter of a catalogue list. */
export const statusFilter = (key: 'status' | 'statuses') => ({
  key,
  label: 'Status',
  options: [
    { value: 'ACTIVE', label: 'Active' },
    { value: 'INACTIVE', label: 'Inactive' },
  ],
  allLabel: 'All statuses',
});
