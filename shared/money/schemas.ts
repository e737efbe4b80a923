import * as z from 'zod';
import { fromMajor, type Money, toMajor } from './money';
import { currencyCodeSchema } from './settings';

/**
 * Money as the API shows and takes it: major units (12.5 for 12.50) and the currency. A body's amount is
 * held to its currency's decimals here (a 400 naming the field), and stored as minor units (`storedMoney`).
 */
export const moneySchema = z.object({ amount: z.number(), currency: currencyCodeSchema });
export type MoneyDoc = z.infer<typeof moneySchema>;

export const moneyInputSchema = z
  .object({
    amount: z.number({ error: 'The amount is a number' }).nonnegative('The amount cannot be negative'),
    currency: currencyCodeSchema,
  })
  .superRefine((value, context) => {
    const parsed = fromMajor(value.amount, value.currency);
    if (!parsed.ok) context.addIssue({ code: 'custom', path: ['amount'], message: parsed.problem });
  });

/** Money as stored: integer minor units, never a float of major units. */
export const storedMoneySchema = z.object({ minor: z.number().int(), currency: currencyCodeSchema });

/** The API's form of a stored amount. */
export function moneyDoc(stored: Money): MoneyDoc {
  return { amount: toMajor(stored), currency: stored.currency };
}

/** The stored form of an amount the input schema accepted (it cannot fail then). */
export function storedMoney(doc: MoneyDoc): Money {
  const parsed = fromMajor(doc.amount, doc.currency);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.money;
}
