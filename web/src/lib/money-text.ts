import { displayMoney, fromMajor } from '../../../shared/money/money';
import type { MoneyDoc } from '../../../shared/money/schemas';
import { MISSING_VALUE } from '../config/app-constants';

/**
 * An amount of the API (major units) as the back-office reads it, "USD 18.75" (spec 002 section 9: two
 * decimals, a dash when missing); `signed` puts a + before a positive amount (tutor adjustments).
 */
export function moneyText(amount: MoneyDoc | null | undefined, options: { signed?: boolean } = {}): string {
  if (!amount) return MISSING_VALUE;
  const parsed = fromMajor(Math.abs(amount.amount), amount.currency);
  const text = parsed.ok ? displayMoney(parsed.money) : `${amount.currency} ${Math.abs(amount.amount)}`;
  const sign = amount.amount < 0 ? '-' : options.signed && amount.amount > 0 ? '+' : '';
  return sign ? text.replace(`${amount.currency} `, `${amount.currency} ${sign}`) : text;
}

/** A number of lesson credits, "1 credit", "3 credits"; `signed` as for money: "+4 credits", "-1 credit". */
export function creditsText(credits: number, options: { signed?: boolean } = {}): string {
  const sign = options.signed && credits > 0 ? '+' : '';
  return `${sign}${credits} ${Math.abs(credits) === 1 ? 'credit' : 'credits'}`;
}

/**
 * Lesson minutes of a flexible plan, "1 minute", "90 minutes", in hours when whole and an hour or more
 * ("2 hours"); `signed` as for money: "+10 hours", "-45 minutes".
 */
export function minutesText(minutes: number, options: { signed?: boolean } = {}): string {
  const sign = options.signed && minutes > 0 ? '+' : minutes < 0 ? '-' : '';
  const size = Math.abs(minutes);
  if (size >= 60 && size % 60 === 0) {
    const hours = size / 60;
    return `${sign}${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${sign}${size} ${size === 1 ? 'minute' : 'minutes'}`;
}

/** A ledger entry's change as the histories show it: its money, else its credits or minutes (signed). */
export function ledgerChangeText(
  entry: { amount?: MoneyDoc | undefined; credits?: number | undefined; minutes?: number | undefined },
  options: { signed?: boolean } = {},
): string {
  if (entry.amount) return moneyText(entry.amount, options);
  if (entry.credits !== undefined) return creditsText(entry.credits, { signed: true });
  return entry.minutes === undefined ? MISSING_VALUE : minutesText(entry.minutes, { signed: true });
}
