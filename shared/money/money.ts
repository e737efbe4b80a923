import { type CurrencyCode, minorDigits } from './currencies';

/**
 * An amount of money: a whole number of the currency's smallest unit (cents, yen, fils), never a
 * floating-point number of major units, so sums and differences are exact. The API shows and takes major
 * units (12.5 for 12.50 USD, spec 002 section 9 "amounts are shown fixed to two decimals"): the conversion
 * happens at its boundary only (`fromMajor`, `toMajor`).
 */
export interface Money {
  /** Minor units: a safe integer (negative for a deduction's signed amount). */
  minor: number;
  currency: CurrencyCode;
}

/** The largest amount the platform takes, in major units: enough for any invoice, far from float limits. */
export const MAX_MAJOR_AMOUNT = 1_000_000_000;

export class MoneyError extends Error {}

/** Money of two currencies met in one sum or comparison: a programming or data error, never rounded away. */
export class CurrencyMismatchError extends MoneyError {
  constructor(a: CurrencyCode, b: CurrencyCode) {
    super(`Cannot combine amounts in ${a} and ${b}`);
  }
}

export type ParsedAmount = { ok: true; money: Money } | { ok: false; problem: string };

/** A plain decimal: digits, optionally a point and more digits (what `String(number)` gives below 1e21). */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Reads an amount in major units (a JSON number or a decimal string) as exact minor units. The text is
 * read digit by digit, never multiplied as a float: `19.99` is 1999 cents (19.99 * 100 is
 * 1998.9999999999998). A number's text is JavaScript's shortest round-trip form, so the number a client
 * typed as 19.99 is read as exactly 19.99, and a float accident (0.1 + 0.2 = 0.30000000000000004) has too
 * many decimals and is refused rather than rounded: the caller meant something else.
 */
export function fromMajor(value: number | string, currency: CurrencyCode): ParsedAmount {
  if (typeof value === 'number' && !Number.isFinite(value))
    return { ok: false, problem: 'The amount is not a number' };
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'The amount is a number such as 12.50' };
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = minorDigits(currency);
  if (fraction.length > digits) {
    return {
      ok: false,
      problem:
        digits === 0
          ? `${currency} amounts are whole numbers`
          : `${currency} amounts have at most ${digits} decimals`,
    };
  }
  if (whole.replace(/^0+/, '').length > String(MAX_MAJOR_AMOUNT).length) {
    return { ok: false, problem: `The amount is at most ${MAX_MAJOR_AMOUNT.toLocaleString('en')}` };
  }
  const minorText = `${whole}${fraction.padEnd(digits, '0')}`;
  const magnitude = Number(minorText);
  if (magnitude > MAX_MAJOR_AMOUNT * 10 ** digits) {
    return { ok: false, problem: `The amount is at most ${MAX_MAJOR_AMOUNT.toLocaleString('en')}` };
  }
  // -0 is 0: a zero amount has no sign.
  const minor = sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
  return { ok: true, money: { minor, currency } };
}

/** `fromMajor` for values already checked (seeds, tests): throws on a value the API would refuse. */
export function money(value: number | string, currency: CurrencyCode): Money {
  const parsed = fromMajor(value, currency);
  if (!parsed.ok) throw new MoneyError(parsed.problem);
  return parsed.money;
}

/**
 * The amount as the API shows it: major units with exactly the currency's decimals (1250 cents -> "12.50",
 * 1250 yen -> "1250", 1250 fils -> "1.250"). Spec 002 shows amounts "fixed to two decimals": that is the
 * case of nearly every currency; a currency without a minor unit shows none rather than a ".00" that no
 * coin has, and a three-decimal one shows its third.
 */
export function formatMajor(amount: Money): string {
  const digits = minorDigits(amount.currency);
  const negative = amount.minor < 0;
  const text = String(Math.abs(amount.minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${negative ? '-' : ''}${text}`;
  return `${negative ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * The amount as the API's JSON number: the decimal text read back as a number, which is exactly the
 * double closest to it and prints as that text again (`toMajor` then `fromMajor` is the identity).
 */
export function toMajor(amount: Money): number {
  return Number(formatMajor(amount));
}

function sameCurrency(a: Money, b: Money): CurrencyCode {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
}

function safe(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new MoneyError('The amount is too large');
  return minor;
}

export function add(a: Money, b: Money): Money {
  return { minor: safe(a.minor + b.minor), currency: sameCurrency(a, b) };
}

export function subtract(a: Money, b: Money): Money {
  return { minor: safe(a.minor - b.minor), currency: sameCurrency(a, b) };
}

export function negate(a: Money): Money {
  return { minor: a.minor === 0 ? 0 : -a.minor, currency: a.currency };
}

/** The sum of amounts in one currency; an empty sum is zero in `currency`. Mixed currencies throw. */
export function sum(amounts: readonly Money[], currency: CurrencyCode): Money {
  return amounts.reduce<Money>((total, amount) => add(total, amount), { minor: 0, currency });
}

export function zero(currency: CurrencyCode): Money {
  return { minor: 0, currency };
}

/** Orders two amounts of one currency (negative, zero, positive, as `Array.sort` wants). */
export function compare(a: Money, b: Money): number {
  sameCurrency(a, b);
  return Math.sign(a.minor - b.minor);
}

/**
 * The amount times `numerator / denominator` (a rate for a part of an hour, a percentage), rounded to the
 * nearest minor unit with halves away from zero (the usual commercial rounding), in exact integer
 * arithmetic: 10.00 * 1/3 is 3.33, 0.05 * 1/2 is 0.03.
 */
export function scale(amount: Money, numerator: number, denominator: number): Money {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new MoneyError('A scale is a whole numerator over a positive whole denominator');
  }
  const product = BigInt(amount.minor) * BigInt(numerator);
  const divisor = BigInt(denominator);
  const quotient = product / divisor;
  const remainder = product % divisor;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const away = twice >= divisor ? (product < 0n ? -1n : 1n) : 0n;
  return { minor: safe(Number(quotient + away)), currency: amount.currency };
}

/** Which way a manual or automatic adjustment moves a balance (spec 002: ADDITION / DEDUCTION). */
export const adjustmentTypes = ['ADDITION', 'DEDUCTION'] as const;
export type AdjustmentType = (typeof adjustmentTypes)[number];

/** An adjustment as entered: a positive amount and the way it goes. */
export interface Adjustment {
  type: AdjustmentType;
  amount: Money;
}

/** The adjustment as a signed amount: positive for an addition, negative for a deduction. */
export function signedAmount(adjustment: Adjustment): Money {
  if (adjustment.amount.minor < 0)
    throw new MoneyError('An adjustment amount is positive; its type gives the sign');
  return adjustment.type === 'ADDITION' ? adjustment.amount : negate(adjustment.amount);
}

/** A balance after its adjustments, all in its currency. */
export function applyAdjustments(balance: Money, adjustments: readonly Adjustment[]): Money {
  return adjustments.reduce((total, adjustment) => add(total, signedAmount(adjustment)), balance);
}

/** The amount as a person reads it: "USD 12.50". */
export function displayMoney(amount: Money): string {
  return `${amount.currency} ${formatMajor(amount)}`;
}
