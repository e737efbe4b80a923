import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled native select of the forms and filters. */
export function SelectField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  /** The empty choice ("All", "Select curriculum"); none when undefined. */
  placeholder?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  /** Inside a row of fields the label may be visually hidden; it still names the select. */
  hideLabel?: boolean;
  helper?: ReactNode;
  /** A fixed width inside a row of fields (the default fills the column). */
  width?: string;
}) {
  return (
    <Field.Root disabled={props.disabled} invalid={!!props.error} required={props.required} w={props.width}>
      {!props.hideLabel && (
        <Field.Label>
          {props.label}
          {props.required && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      <NativeSelect.Root disabled={props.disabled} size="sm">
        <NativeSelect.Field
          aria-label={props.label}
          bg="bg"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
          {props.children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.helper && !props.error && <Field.HelperText>{props.helper}</Field.HelperText>}
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}
