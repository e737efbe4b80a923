import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { type CurrencyCode, isCurrencyCode } from '../../../../shared/money/currencies';
import { displayMoney, fromMajor } from '../../../../shared/money/money';
import type { MoneyDoc } from '../../../../shared/money/schemas';
import { type MoneySettings, moneySettings } from '../../../../shared/money/settings';
import { useTenant } from '../../lib/use-tenant';

/** The tenant's currencies (the default and those it takes), as the tenant's public answer carries them. */
export function useMoneySettings(): MoneySettings {
  const { data } = useTenant();
  return moneySettings(data?.settings?.money);
}

/** A price as the form holds it: the amount as typed, and its currency. */
export interface MoneyInput {
  amount: string;
  currency: CurrencyCode;
}

export const moneyInput = (price: MoneyDoc): MoneyInput => ({
  amount: String(price.amount),
  currency: price.currency,
});

/**
 * The typed amount as the API's number, read digit by digit (shared/money/money.ts): the body's number is
 * exactly what was typed, or the reason it cannot be (too many decimals for the currency, not a number).
 */
export function readMoney(input: MoneyInput): { ok: true; price: MoneyDoc } | { ok: false; problem: string } {
  if (input.amount.trim() === '') return { ok: false, problem: 'Enter the price' };
  const parsed = fromMajor(input.amount, input.currency);
  if (!parsed.ok) return parsed;
  if (parsed.money.minor < 0) return { ok: false, problem: 'The amount cannot be negative' };
  return { ok: true, price: { amount: Number(input.amount.trim()), currency: input.currency } };
}

/** An amount and its currency (one of the tenant's; a record's own is kept even if no longer taken). */
export function MoneyField(props: {
  label: string;
  value: MoneyInput;
  onChange: (value: MoneyInput) => void;
  error?: string | undefined;
  currencies: readonly CurrencyCode[];
}) {
  const { value, onChange } = props;
  const currencies = props.currencies.includes(value.currency)
    ? props.currencies
    : [value.currency, ...props.currencies];
  return (
    <Field.Root invalid={!!props.error} required>
      <Field.Label>
        {props.label} <Field.RequiredIndicator />
      </Field.Label>
      <HStack gap="2" w="full">
        <NativeSelect.Root size="md" width="28">
          <NativeSelect.Field
            aria-label="Currency"
            value={value.currency}
            onChange={(e) => {
              const currency = e.target.value;
              if (isCurrencyCode(currency)) onChange({ ...value, currency });
            }}
          >
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          aria-label={`${props.label} amount`}
          inputMode="decimal"
          placeholder="0.00"
          value={value.amount}
          onChange={(e) => onChange({ ...value, amount: e.target.value })}
        />
      </HStack>
      {props.error && <Field.ErrorText>{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** "USD 19.99": the price with exactly its currency's decimals (two for nearly every currency). */
export function priceText(price: MoneyDoc): string {
  const parsed = fromMajor(price.amount, price.currency);
  return parsed.ok ? displayMoney(parsed.money) : `${price.currency} ${price.amount}`;
}
