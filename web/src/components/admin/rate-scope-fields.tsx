import { Field, HStack, Input } from '@chakra-ui/react';
import type { DropdownOption } from '../../../../shared/routes/crud';
import { SelectField } from '../select-field';

/** "Any" where a scope is empty. */
export const scopeText = (value: string) => value || 'Any';

/** One text field of a rate's scope: a country, curriculum or grade the rate is for. */
export interface ScopeField<Key extends string> {
  key: Key;
  label: string;
  placeholder: string;
}

/**
 * A row of a rate form's scope fields (student and tutor rates alike): each is free text, and an empty one
 * means the rate applies whatever that value is, so each says "Empty: any" until it has an error to show.
 */
export function RateScopeFields<Key extends string, Form extends Record<Key, string>>(props: {
  fields: ReadonlyArray<ScopeField<Key>>;
  value: Form;
  onChange: (value: Form) => void;
  errors: Record<string, string>;
}) {
  const { value, onChange, errors } = props;
  return (
    <HStack gap="3" align="start" flexWrap="wrap">
      {props.fields.map(({ key, label, placeholder }) => (
        <Field.Root key={key} invalid={!!errors[key]} flex="1" minW="32">
          <Field.Label>{label}</Field.Label>
          <Input
            value={value[key]}
            placeholder={placeholder}
            onChange={(e) => onChange({ ...value, [key]: e.target.value })}
          />
          {errors[key] ? (
            <Field.ErrorText>{errors[key]}</Field.ErrorText>
          ) : (
            <Field.HelperText>Empty: any</Field.HelperText>
          )}
        </Field.Root>
      ))}
    </HStack>
  );
}

/** A rate form's choice of one of a picker's records: a rate version, a plan, a student or course type. */
export function RateScopePicker(props: {
  label: string;
  /** The empty choice: "Any" for a scope, a prompt for a required choice. */
  placeholder: string;
  required?: boolean;
  options: readonly DropdownOption[];
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <SelectField
      label={props.label}
      required={props.required}
      placeholder={props.placeholder}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    >
      {props.options.map((option) => (
        <option key={option._id} value={option._id}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}
