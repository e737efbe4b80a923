import * as z from 'zod/mini';
import { type CurrencyCode, currencyCodes, DEFAULT_CURRENCY } from './currencies';
import { fromMajor, type Money, money, toMajor } from './money';
import '../schemas/zod-english';

export const currencyCodeSchema = z.enum(currencyCodes, { error: 'Choose a currency from the list' });

const currencyChoice = {
  defaultCurrency: currencyCodeSchema,
  currencies: z.array(currencyCodeSchema).check(
    z.minLength(1, 'Accept at least one currency'),
    z.maxLength(currencyCodes.length),
    z.refine((codes) => new Set(codes).size === codes.length, 'Each currency is listed once'),
  ),
};

const defaultAccepted = {
  path: ['defaultCurrency'],
  error: 'The default currency is one of the accepted currencies',
};
const premiumAccepted = {
  path: ['premiumPrice', 'currency'],
  error: 'The premium price is in one of the accepted currencies',
};

/** The currencies chosen hold the default and the premium price's (stored and sent settings alike). */
interface CurrencyChoice {
  currencies: readonly CurrencyCode[];
  defaultCurrency: CurrencyCode;
  premiumPrice?: { currency: CurrencyCode } | null;
}
const acceptedCurrencies = () => [
  z.refine<CurrencyChoice>(
    (settings) => settings.currencies.includes(settings.defaultCurrency),
    defaultAccepted,
  ),
  z.refine<CurrencyChoice>(
    (settings) => !settings.premiumPrice || settings.currencies.includes(settings.premiumPrice.currency),
    premiumAccepted,
  ),
];

/**
 * A tenant's money settings as stored (tenant.settings.money): the currency its prices and forms start in,
 * every one it accepts (a plan or rate in another is refused), and the price of the premium upgrade (the
 * learning platform's full access, spec 000 section 7 `stripe/premium/...`; none: not on sale), in minor
 * units. Not named by the spec: a school prices in its own currency and may take a few more.
 */
export const storedMoneySettingsSchema = z
  .object({
    ...currencyChoice,
    premiumPrice: z.optional(z.object({ minor: z.int().check(z.positive()), currency: currencyCodeSchema })),
  })
  .check(...acceptedCurrencies());
export type MoneySettings = z.infer<typeof storedMoneySettingsSchema>;

/**
 * The settings as /admin/tenant-settings/money shows and takes them: the premium price in major units (held
 * to its currency's decimals, above zero); null takes it off sale, absent leaves it as it is (a form of the
 * currencies alone does not touch it).
 */
const moneySettingsFields = {
  ...currencyChoice,
  premiumPrice: z.optional(
    z.nullable(
      z.object({ amount: z.number({ error: 'The amount is a number' }), currency: currencyCodeSchema }).check(
        z.superRefine((value, context) => {
          const parsed = fromMajor(value.amount, value.currency);
          if (!parsed.ok) context.addIssue({ code: 'custom', path: ['amount'], message: parsed.problem });
          else if (parsed.money.minor <= 0) {
            context.addIssue({
              code: 'custom',
              path: ['amount'],
              message: 'The amount is more than zero',
            });
          }
        }),
      ),
    ),
  ),
};
export const moneySettingsSchema = z.object(moneySettingsFields).check(...acceptedCurrencies());
/** What an admin sends: the same fields, and no other. */
export const moneySettingsBodySchema = z.strictObject(moneySettingsFields).check(...acceptedCurrencies());
export type MoneySettingsDoc = z.infer<typeof moneySettingsSchema>;

/**
 * What a saved form changes in the stored settings: the currencies always, the premium price only when the
 * form names it (a price; null takes it off sale). A form that leaves the price out leaves the stored one as
 * it is, unless the form stops accepting its currency (then it goes with it). The save writes exactly this,
 * in one conditional update and without reading the settings first, so two admins saving at once never undo
 * each other's price.
 */
export type MoneySettingsChange = Omit<MoneySettings, 'premiumPrice'> & { premiumPrice?: Money | null };

export function moneySettingsChange(doc: MoneySettingsDoc): MoneySettingsChange {
  const { premiumPrice, ...currencies } = doc;
  if (premiumPrice === undefined) return currencies;
  return {
    ...currencies,
    premiumPrice: premiumPrice === null ? null : money(premiumPrice.amount, premiumPrice.currency),
  };
}

/** The API's form of the stored settings. */
export function moneySettingsDoc(stored: MoneySettings): MoneySettingsDoc {
  const { premiumPrice, ...currencies } = stored;
  return {
    ...currencies,
    ...(premiumPrice
      ? { premiumPrice: { amount: toMajor(premiumPrice), currency: premiumPrice.currency } }
      : {}),
  };
}

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
