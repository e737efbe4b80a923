import * as z from 'zod';
import { requiredText } from './common';
import { countryCodeSchema } from './user-profile';

/**
 * A tutor's bank details (the profile's bankDetails tab, spec 000 section 6): where the school pays them.
 * Kept on the tutor's profile only (functions/repositories/profiles.ts); the account number is shown whole
 * only to the tutor and to an admin who may change it, to anyone else as its last four characters.
 */

/** Letters and digits, read without the spaces and hyphens people type them with. */
const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

export const bankDetailsInputSchema = z.object({
  accountHolderName: requiredText('Account holder name', 120),
  bankName: requiredText('Bank name', 120),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .max(64, 'Account number must be at most 34 letters or digits')
    .transform(compact)
    .refine((value) => value.length > 0, { message: 'Account number is required', abort: true })
    .refine(
      (value) => /^[A-Z0-9]{4,34}$/.test(value),
      'Account number must be 4 to 34 letters or digits (an IBAN is accepted)',
    ),
  /** A routing number, sort code or SWIFT/BIC: whichever the tutor's bank uses. */
  routingCode: z
    .string({ error: 'Routing, sort or SWIFT code is required' })
    .max(32, 'Routing, sort or SWIFT code must be at most 11 letters or digits')
    .transform(compact)
    .refine((value) => value.length > 0, { message: 'Routing, sort or SWIFT code is required', abort: true })
    .refine(
      (value) => /^[A-Z0-9]{6,11}$/.test(value),
      'Routing, sort or SWIFT code must be 6 to 11 letters or digits',
    ),
  country: countryCodeSchema,
});
export type BankDetailsInput = z.output<typeof bankDetailsInputSchema>;

/** Bank details as a profile shows them. */
export const bankDetailsViewSchema = z
  .object({
    accountHolderName: z.string(),
    bankName: z.string(),
    /** Whole, or masked (`•••• 1234`) when `accountNumberMasked`. */
    accountNumber: z.string(),
    accountNumberMasked: z.boolean(),
    routingCode: z.string(),
    country: z.string(),
    updatedAt: z.string(),
  })
  .strict();
export type BankDetailsView = z.infer<typeof bankDetailsViewSchema>;

/** An account number shown as its last four characters only. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
