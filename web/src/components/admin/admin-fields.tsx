import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled native select of the back-office forms and filters. */
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
  width?: string;
}) {
  return (
    <Field.Root disabled={props.disabled} invalid={!!props.error} required={props.required} w={props.width}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
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
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** `<option>`s of names, keeping a current value the list no longer has (so editing never loses it). */
export function nameOptions(names: readonly string[], current = ''): ReactNode {
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((name) => (
    <option key={name} value={name}>
      {name}
    </option>
  ));
}
