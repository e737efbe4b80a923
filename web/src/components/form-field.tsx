import { Field, Input, type InputProps, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps extends Omit<InputProps, 'onChange'> {
  label: string;
  error?: string | undefined;
  helper?: ReactNode;
  /** A three-row text area instead of a one-line input. */
  multiline?: boolean;
  onValueChange: (value: string) => void;
}

/** A labelled input with its error message (Chakra's Field). */
export function FormField({
  label,
  error,
  helper,
  multiline,
  onValueChange,
  required,
  ...input
}: FormFieldProps) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea
          rows={3}
          value={input.value}
          placeholder={input.placeholder}
          disabled={input.disabled}
          onChange={(event) => onValueChange(event.target.value)}
        />
      ) : (
        <Input {...input} onChange={(event) => onValueChange(event.target.value)} />
      )}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
