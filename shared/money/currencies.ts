/**
 * The currencies a tenant can price in: the spec's list of about 130 codes starting with USD (spec 002
 * section 3, "Invoices and payments"), which is the card provider's list of presentment currencies, plus
 * the three-decimal currencies the provider also takes (BHD, JOD, KWD, OMR, TND).
 *
 * Each code's minor-unit digits are those of ISO 4217 (the number of decimals of its smallest unit): 2 for
 * most, 0 for the currencies without a minor unit (JPY, KRW, VND...), 3 for the dinars and rials divided in
 * thousandths. A maintained package (currency-codes) holds the whole ISO table with countries, 40 kB that
 * the browser would load for ~140 numbers; the list is declared here instead, and its test checks the
 * digits against the JavaScript engine's own currency data (Intl, from ICU), naming the few where it differs.
 */
// biome-ignore format: a table of codes, ten to fifteen a line
export const currencyCodes = [
  'USD', 'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN',
  'BHD', 'BIF', 'BMD', 'BND', 'BOB', 'BRL', 'BSD', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY',
  'COP', 'CRC', 'CVE', 'CZK', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL',
  'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'ISK', 'JMD', 'JOD',
  'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'MAD',
  'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO',
  'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB',
  'RWF', 'SAR', 'SBD', 'SCR', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'STN', 'SZL', 'THB', 'TJS', 'TND',
  'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'UYU', 'UZS', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XOF',
  'XPF', 'YER', 'ZAR', 'ZMW',
] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

/** ISO 4217: the currencies without a minor unit. */
// biome-ignore format: a table of codes
const noMinorUnit: ReadonlySet<CurrencyCode> = new Set<CurrencyCode>([
  'BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF',
  'XPF',
]);
/** ISO 4217: the currencies divided in thousandths. */
const thousandths: ReadonlySet<CurrencyCode> = new Set<CurrencyCode>(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many decimals the currency's smallest unit has (ISO 4217 minor-unit digits). */
export function minorDigits(currency: CurrencyCode): 0 | 2 | 3 {
  if (noMinorUnit.has(currency)) return 0;
  if (thousandths.has(currency)) return 3;
  return 2;
}

const known: ReadonlySet<string> = new Set(currencyCodes);
export function isCurrencyCode(code: string): code is CurrencyCode {
  return known.has(code);
}

/** The platform's currency where a tenant has chosen none. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';
