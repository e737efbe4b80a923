import * as z from 'zod';
import { MAX_MAJOR_AMOUNT } from '../money/money';
import { moneySchema, storedMoneySchema } from '../money/schemas';
import { currencyCodeSchema } from '../money/settings';
import { idSchema, requiredText, shortText } from './common';
import { adminNoteSchema } from './user-profile';

/** Spec 002 section 4: an invoice is PENDING until paid (PAID) or cancelled (VOID). */
export const invoiceStatuses = ['PENDING', 'PAID', 'VOID'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** An invoice holds at most this many lines (a school's term of lessons fits many times over). */
export const MAX_INVOICE_LINES = 50;
/** At most this many admin notes on one invoice. */
export const MAX_INVOICE_NOTES = 100;
export const MAX_LINE_QUANTITY = 10_000;

const dateSchema = z.iso.date({ error: 'A date is YYYY-MM-DD' });

/** A line as the admin enters it: the unit amount in major units of the invoice's currency. */
export const invoiceLineInputSchema = z.object({
  description: requiredText('Description', 200),
  quantity: z
    .number({ error: 'The quantity is a whole number' })
    .int('The quantity is a whole number')
    .min(1, 'The quantity is at least 1')
    .max(MAX_LINE_QUANTITY, `The quantity is at most ${MAX_LINE_QUANTITY}`),
  unitAmount: z
    .number({ error: 'The unit price is a number' })
    .nonnegative('The unit price cannot be negative')
    .max(MAX_MAJOR_AMOUNT, 'The unit price is too large'),
});
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

const lineItemsInput = z
  .array(invoiceLineInputSchema)
  .min(1, 'An invoice has at least one line')
  .max(MAX_INVOICE_LINES, `An invoice has at most ${MAX_INVOICE_LINES} lines`);

/**
 * Creating an invoice ("POST card-provider invoice": an invoice the user pays by card): who it is for,
 * its lines and, unless the tenant's default, its currency. Totals are never taken from the client.
 * `send`: mail it at once ("Invoice Sent!").
 */
export const invoiceInputSchema = z.object({
  userId: idSchema,
  currency: z.optional(currencyCodeSchema),
  lineItems: lineItemsInput,
  dueDate: dateSchema.optional(),
  memo: z.optional(shortText(2000)),
  send: z.boolean().default(false),
});
export type InvoiceInput = z.infer<typeof invoiceInputSchema>;

/**
 * Changing a PENDING invoice ("Invoice Updated!"): its lines, currency (with its lines again), due date or
 * memo; or voiding it (`status: 'VOID'`, on its own). Who it is for and its number never change.
 */
export const invoiceUpdateSchema = z.object({
  currency: z.optional(currencyCodeSchema),
  lineItems: lineItemsInput.optional(),
  dueDate: dateSchema.nullable().optional(),
  memo: z.optional(shortText(2000)),
  status: z.enum(['VOID'], { error: 'An invoice is voided with status VOID' }).optional(),
});
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

const personSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** A payment that was not applied (wrong amount or currency, an invoice already paid or void). */
const paymentProblemSchema = z.object({
  checkoutSessionId: z.string(),
  amount: storedMoneySchema,
  problem: z.string(),
  recordedAt: z.string(),
});

/** The invoice as stored: amounts in minor units, the total derived from the lines when written. */
export const invoiceRecordSchema = z.object({
  _id: z.string(),
  invoiceNumber: z.number().int().positive(),
  userId: z.string(),
  /** The invoiced user as they were called when invoiced. */
  user: personSchema,
  status: z.enum(invoiceStatuses),
  currency: currencyCodeSchema,
  lineItems: z.array(
    z.object({
      _id: z.string(),
      description: z.string(),
      quantity: z.number().int(),
      unitAmount: z.number().int(),
    }),
  ),
  total: storedMoneySchema,
  dueDate: z.string().optional(),
  memo: z.string().optional(),
  notes: z.array(adminNoteSchema),
  sentAt: z.string().optional(),
  sentCount: z.number().int(),
  paidAt: z.string().optional(),
  payment: z
    .object({ checkoutSessionId: z.string(), amount: storedMoneySchema, paidAt: z.string() })
    .optional(),
  paymentProblems: z.array(paymentProblemSchema),
  voidedAt: z.string().optional(),
  createdBy: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecordSchema>;

/** The invoice as the API shows it: amounts in major units (spec 002 section 9). */
export const invoiceSchema = z.object({
  _id: z.string(),
  invoiceNumber: z.number(),
  /** The number as printed (INV-00042). */
  number: z.string(),
  userId: z.string(),
  user: personSchema,
  status: z.enum(invoiceStatuses),
  currency: currencyCodeSchema,
  lineItems: z.array(
    z.object({
      _id: z.string(),
      description: z.string(),
      quantity: z.number(),
      unitAmount: z.number(),
      /** quantity x unit price. */
      amount: z.number(),
    }),
  ),
  total: moneySchema,
  dueDate: z.string().optional(),
  memo: z.string().optional(),
  sentAt: z.string().optional(),
  sentCount: z.number(),
  paidAt: z.string().optional(),
  voidedAt: z.string().optional(),
  createdBy: z.object({ _id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The back-office's only: its notes, and payments that arrived but were not applied. */
  notes: z.array(adminNoteSchema).optional(),
  paymentProblems: z
    .array(
      z.object({
        checkoutSessionId: z.string(),
        amount: moneySchema,
        problem: z.string(),
        recordedAt: z.string(),
      }),
    )
    .optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** A Checkout Session for paying an invoice: the browser goes to its url (spec 000 section 7). */
export const invoiceCheckoutSchema = z.object({
  session: z.object({ id: z.string(), url: z.string() }),
  stripeSession: z.object({ id: z.string(), url: z.string() }),
});
