import { Field, Input, type InputProps } from '@chakra-ui/react';

interface FormFieldProps extends Omit<InputProps, 'onChange'> {
  label: string;
  error?: string;
  helper?: string;
  onValueChange: (value: string) => void;
}

/** A labelled input with its error message (Chakra's Field). */
export function FormField({ label, error, helper, onValueChange, required, ...input }: FormFieldProps) {
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...input} onChange={(event) => onValueChange(event.target.value)} />
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
