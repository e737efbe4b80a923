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
