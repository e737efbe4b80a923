import * as z from 'zod';
import { settingsCategories } from '../money/finance';
import { adjustmentTypes } from '../money/money';
import { moneyInputSchema, storedMoneySchema } from '../money/schemas';
import { currencyCodeSchema } from '../money/settings';
import { idSchema, isoDateTimeSchema } from './common';
import { pagingQuerySchema, sortValueSchema } from './paging';

const person = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

/**
 * Spec 002 sections 3 and 7, a manual adjustment (record fields not shown): an admin's change of someone's
 * money that no lesson or payment caused. A tutor's pay (POST /admin/manual-adjustments, category
 * ADJUSTMENTS) or, through the payment-adjustment settings, any user's money under a settings category
 * (PAYMENT, ADJUSTMENTS, COURSE_TOPUP, OTHERS). Append-only: never changed or deleted; a mistake is undone
 * by an adjustment the other way.
 */
export const manualAdjustmentSchema = z.object({
  _id: z.string(),
  category: z.enum(settingsCategories),
  type: z.enum(adjustmentTypes),
  /** Positive, in minor units; the type gives the sign. */
  amount: storedMoneySchema,
  note: z.string(),
  userId: z.string(),
  user: person.extend({ type: z.string() }),
  createdBy: person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ManualAdjustment = z.infer<typeof manualAdjustmentSchema>;

/** As the API shows it: `amount` positive in major units, `signedAmount` with its sign. */
export const manualAdjustmentDocSchema = manualAdjustmentSchema.omit({ amount: true }).extend({
  amount: z.number(),
  signedAmount: z.number(),
  currency: currencyCodeSchema,
});
export type ManualAdjustmentDoc = z.infer<typeof manualAdjustmentDocSchema>;

export const manualAdjustmentListQuerySchema = z.strictObject({
  ...pagingQuerySchema.shape,
  /** Spec 002: `sort`, the creation time's direction (newest first unless asc). */
  sort: z.optional(sortValueSchema),
  startDate: z.optional(isoDateTimeSchema),
  endDate: z.optional(isoDateTimeSchema),
  tutorId: z.optional(idSchema),
  category: z.enum(settingsCategories).optional(),
});
export type ManualAdjustmentListQuery = z.infer<typeof manualAdjustmentListQuerySchema>;

const requestKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'The request key is 8 to 64 letters or digits');
const positive = moneyInputSchema.refine((value) => value.amount > 0, {
  path: ['amount'],
  error: 'The amount is more than zero',
});
const note = z.string().trim().min(1, 'Say what the adjustment is for').max(1000);

/**
 * A tutor's pay adjustment. `requestKey` is the form's own id for this entry: the record's id derives from
 * it, so a retried or double-clicked create writes one adjustment.
 */
export const manualAdjustmentCreateSchema = z
  .object({ requestKey, tutorId: idSchema, type: z.enum(adjustmentTypes), amount: positive, note })
  .strict();

/** A user's money adjustment under a settings category (the payment-adjustment settings). */
export const paymentAdjustmentCreateSchema = z
  .object({
    requestKey,
    userId: idSchema,
    category: z.enum(settingsCategories),
    type: z.enum(adjustmentTypes),
    amount: positive,
    note,
  })
  .strict();

/** GET settings/permissions: what the caller may do with adjustments, per settings category. */
export const adjustmentPermissionsSchema = z.object({
  canCreate: z.boolean(),
  canView: z.boolean(),
  categories: z.array(z.enum(settingsCategories)),
});
