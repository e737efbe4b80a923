import * as z from 'zod';
import { type CurrencyCode, currencyCodes, DEFAULT_CURRENCY } from './currencies';

export const currencyCodeSchema = z.enum(currencyCodes, { error: 'Choose a currency from the list' });

/**
 * A tenant's currencies (tenant.settings.money): the one its prices and forms start in, and every one it
 * accepts (a plan or rate in another is refused). Not named by the spec: a school prices in its own
 * currency and may take a few more.
 */
export const moneySettingsSchema = z
  .object({
    defaultCurrency: currencyCodeSchema,
    currencies: z
      .array(currencyCodeSchema)
      .min(1, 'Accept at least one currency')
      .max(currencyCodes.length)
      .refine((codes) => new Set(codes).size === codes.length, 'Each currency is listed once'),
  })
  .refine((settings) => settings.currencies.includes(settings.defaultCurrency), {
    path: ['defaultCurrency'],
    error: 'The default currency is one of the accepted currencies',
  });
export type MoneySettings = z.infer<typeof moneySettingsSchema>;

/** A tenant that never chose: the platform's currency only. */
export const defaultMoneySettings: MoneySettings = {
  defaultCurrency: DEFAULT_CURRENCY,
  currencies: [DEFAULT_CURRENCY],
};

export function moneySettings(stored: MoneySettings | undefined): MoneySettings {
  return stored ?? defaultMoneySettings;
}

/** Why an amount in `currency` is refused by the tenant, or undefined when it accepts it. */
export function refusedCurrency(settings: MoneySettings, currency: CurrencyCode): string | undefined {
  return settings.currencies.includes(currency)
    ? undefined
    : `This school does not take ${currency}: it takes ${settings.currencies.join(', ')}`;
}
