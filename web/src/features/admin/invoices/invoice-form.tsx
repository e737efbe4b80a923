import { Button, Checkbox, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { type CurrencyCode, isCurrencyCode } from '../../../../../shared/money/currencies';
import { displayMoney, fromMajor, type Money, scale, sum } from '../../../../../shared/money/money';
import { moneySettings } from '../../../../../shared/money/settings';
import {
  type Invoice,
  type InvoiceInput,
  type InvoiceUpdate,
  MAX_INVOICE_LINES,
} from '../../../../../shared/schemas/invoices';
import { PersonSelect } from '../../../components/admin/person-picker';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { useTenant } from '../../../lib/use-tenant';

/** A line as typed: the quantity and unit price as text, read exactly on save. */
interface LineInput {
  description: string;
  quantity: string;
  unitAmount: string;
}

/** An invoice as its form holds it. */
export interface InvoiceFormValue {
  userId: string;
  currency: CurrencyCode;
  lines: LineInput[];
  dueDate: string;
  memo: string;
  /** Mail it once created ("Invoice Sent!"). */
  send: boolean;
}

const emptyLine = (): LineInput => ({ description: '', quantity: '1', unitAmount: '' });

export function emptyInvoice(currency: CurrencyCode): InvoiceFormValue {
  return { userId: '', currency, lines: [emptyLine()], dueDate: '', memo: '', send: true };
}

export function invoiceFormValue(invoice: Invoice): InvoiceFormValue {
  return {
    userId: invoice.userId,
    currency: invoice.currency,
    lines: invoice.lineItems.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitAmount: String(line.unitAmount),
    })),
    dueDate: invoice.dueDate ?? '',
    memo: invoice.memo ?? '',
    send: false,
  };
}

type ReadLines =
  | { ok: true; lines: InvoiceInput['lineItems']; total: Money }
  | { ok: false; errors: Record<string, string> };

/** The lines read exactly in the currency's decimals (what the server will total), or each line's problem. */
function readLines(value: InvoiceFormValue): ReadLines {
  const errors: Record<string, string> = {};
  const lines: InvoiceInput['lineItems'] = [];
  const amounts: Money[] = [];
  value.lines.forEach((line, index) => {
    const quantity = Number(line.quantity);
    const unit = fromMajor(line.unitAmount.trim() === '' ? 'x' : line.unitAmount, value.currency);
    if (line.description.trim() === '') errors[`line-${index}`] = 'Describe the line';
    else if (!Number.isInteger(quantity) || quantity < 1)
      errors[`line-${index}`] = 'The quantity is a whole number';
    else if (!unit.ok)
      errors[`line-${index}`] = line.unitAmount.trim() === '' ? 'Enter the unit price' : unit.problem;
    else if (unit.money.minor < 0) errors[`line-${index}`] = 'The unit price cannot be negative';
    else {
      lines.push({ description: line.description.trim(), quantity, unitAmount: Number(line.unitAmount) });
      amounts.push(scale(unit.money, quantity, 1));
    }
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  try {
    return { ok: true, lines, total: sum(amounts, value.currency) };
  } catch {
    return { ok: false, errors: { lines: 'The total is too large' } };
  }
}

export function validateNewInvoice(
  value: InvoiceFormValue,
): { ok: true; body: InvoiceInput } | { ok: false; errors: Record<string, string> } {
  const read = readLines(value);
  const errors = read.ok ? {} : { ...read.errors };
  if (!value.userId) errors.userId = 'Choose who the invoice is for';
  if (!read.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      userId: value.userId,
      currency: value.currency,
      lineItems: read.lines,
      ...(value.dueDate ? { dueDate: value.dueDate } : {}),
      ...(value.memo.trim() ? { memo: value.memo.trim() } : {}),
      send: value.send,
    },
  };
}

export function validateInvoiceChanges(
  value: InvoiceFormValue,
): { ok: true; body: InvoiceUpdate } | { ok: false; errors: Record<string, string> } {
  const read = readLines(value);
  if (!read.ok) return read;
  return {
    ok: true,
    body: {
      currency: value.currency,
      lineItems: read.lines,
      dueDate: value.dueDate || null,
      memo: value.memo.trim(),
    },
  };
}

/**
 * The invoice's fields: who it is for (when creating), the currency (the school's), its lines with a live
 * total (the server computes the real one the same way), the due date and a memo.
 */
export function InvoiceFields(props: {
  value: InvoiceFormValue;
  onChange: (value: InvoiceFormValue) => void;
  errors: Record<string, string>;
  creating: boolean;
}) {
  const { value, onChange, errors } = props;
  const { data: tenant } = useTenant();
  const { currencies } = moneySettings(tenant?.settings?.money);
  const offered = currencies.includes(value.currency) ? currencies : [value.currency, ...currencies];
  const read = readLines(value);
  const setLine = (index: number, change: Partial<LineInput>) =>
    onChange({
      ...value,
      lines: value.lines.map((line, i) => (i === index ? { ...line, ...change } : line)),
    });
  return (
    <Stack gap="4">
      {props.creating && (
        <PersonSelect
          label="Student"
          userTypes="student"
          value={value.userId}
          onChange={(userId) => onChange({ ...value, userId })}
          error={errors.userId}
          required
        />
      )}
      <SelectField
        label="Currency"
        value={value.currency}
        onChange={(currency) => {
          if (isCurrencyCode(currency)) onChange({ ...value, currency });
        }}
        width="32"
      >
        {offered.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </SelectField>
      <Stack gap="2">
        <Text fontWeight="medium" fontSize="sm">
          Lines
        </Text>
        {value.lines.map((line, index) => (
          // Lines have no id until saved: their place is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Field.Root key={index} invalid={!!errors[`line-${index}`]}>
            <HStack gap="2" align="start" wrap={{ base: 'wrap', sm: 'nowrap' }}>
              <Input
                size="sm"
                aria-label={`Line ${index + 1} description`}
                placeholder="Description"
                value={line.description}
                onChange={(event) => setLine(index, { description: event.target.value })}
                flex="1"
                minW="40"
              />
              <Input
                size="sm"
                aria-label={`Line ${index + 1} quantity`}
                inputMode="numeric"
                value={line.quantity}
                onChange={(event) => setLine(index, { quantity: event.target.value })}
                w="16"
              />
              <Input
                size="sm"
                aria-label={`Line ${index + 1} unit price`}
                inputMode="decimal"
                placeholder="0.00"
                value={line.unitAmount}
                onChange={(event) => setLine(index, { unitAmount: event.target.value })}
                w="28"
              />
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={`Remove line ${index + 1}`}
                disabled={value.lines.length === 1}
                onClick={() => onChange({ ...value, lines: value.lines.filter((_, i) => i !== index) })}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
            {errors[`line-${index}`] && <Field.ErrorText>{errors[`line-${index}`]}</Field.ErrorText>}
          </Field.Root>
        ))}
        <HStack justify="space-between">
          <Button
            size="xs"
            variant="outline"
            disabled={value.lines.length >= MAX_INVOICE_LINES}
            onClick={() => onChange({ ...value, lines: [...value.lines, emptyLine()] })}
          >
            <LuPlus /> Add line
          </Button>
          <Text fontWeight="semibold" data-testid="form-total">
            Total: {read.ok ? displayMoney(read.total) : '-'}
          </Text>
        </HStack>
        {errors.lines && (
          <Text color="fg.error" fontSize="sm">
            {errors.lines}
          </Text>
        )}
      </Stack>
      <FormField
        label="Due date"
        type="date"
        value={value.dueDate}
        onValueChange={(dueDate) => onChange({ ...value, dueDate })}
        error={errors.dueDate}
      />
      <FormField
        label="Memo"
        multiline
        value={value.memo}
        onValueChange={(memo) => onChange({ ...value, memo })}
        helper="Printed on the invoice"
      />
      {props.creating && (
        <Checkbox.Root
          checked={value.send}
          onCheckedChange={(event) => onChange({ ...value, send: event.checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>E-mail it to the student and their parent now</Checkbox.Label>
        </Checkbox.Root>
      )}
    </Stack>
  );
}
