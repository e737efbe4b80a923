import * as z from 'zod';
import { adjustmentTypes } from '../money/money';
import { moneyInputSchema, storedMoneySchema } from '../money/schemas';
import { currencyCodeSchema } from '../money/settings';
import { tutorPaymentStatuses } from '../scheduling/lesson-changes';
import { idSchema, isoDateTimeSchema, shortText } from './common';
import { pagingQuerySchema, sortValueSchema } from './paging';

/** Spec 001 section 4: an appeal waits (PENDING) until an admin accepts or rejects it. */
export const appealStatuses = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type AppealStatus = (typeof appealStatuses)[number];

/**
 * Where a waiver comes from: the late-change policy's penalty of an approved tutor request (written with the
 * request's approval, id `penalty-<requestId>`), or an admin's entry.
 */
export const penaltyWaiverSources = ['LATE_CHANGE', 'ADMIN'] as const;

const person = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

/**
 * Spec 001 sections 3 and 4, a penalty waiver: a change of a tutor's pay about a penalty. A DEDUCTION is a
 * penalty charged (the late-change policy's, or one an admin enters), an ADDITION gives money back (an
 * admin waiving a penalty already paid out). The tutor may appeal a deduction once; an accepted appeal
 * lifts it (its effect becomes zero, shared/rules/penalty-waivers.ts). Append-only in its money: the
 * amount and type never change after the write; the payment and appeal states move by conditional writes.
 */
export const penaltyWaiverSchema = z.object({
  _id: z.string(),
  source: z.enum(penaltyWaiverSources),
  type: z.enum(adjustmentTypes),
  /** Positive, in minor units; the type gives the sign. */
  amount: storedMoneySchema,
  /** The late-change penalty's percent of the lesson's tutor amount (null for an admin's entry). */
  percent: z.number().nullable(),
  reason: z.string(),
  tutorId: z.string(),
  tutor: person,
  studentIds: z.array(z.string()),
  students: z.array(person),
  courseId: z.string().nullable(),
  courseTitle: z.string().nullable(),
  /** The lesson's history row (spec filter lessonHistoryId): the lesson's id once it ended. */
  lessonHistoryId: z.string().nullable(),
  /** The meeting request that caused it (spec filter zoomRequestId). */
  zoomRequestId: z.string().nullable(),
  sectionId: z.string().nullable(),
  lessonStart: z.string().nullable(),
  paymentStatus: z.enum(tutorPaymentStatuses),
  /** Absent until the tutor appeals. */
  appealStatus: z.enum(appealStatuses).optional(),
  appealTutorNote: z.string().nullable(),
  appealAdminNote: z.string().nullable(),
  appealRequestedAt: z.string().nullable(),
  appealRespondedBy: person.nullable(),
  appealRespondedAt: z.string().nullable(),
  createdBy: person.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PenaltyWaiver = z.infer<typeof penaltyWaiverSchema>;

/**
 * A waiver as the API shows it: amounts in major units; `effectiveAmount` is what it changes the tutor's pay
 * by (signed; zero once an appeal lifted it). Amounts come only with includeTutorAmountData=1 (spec 001
 * section 6), for a role that may see tutor amounts.
 */
export const penaltyWaiverDocSchema = penaltyWaiverSchema.omit({ amount: true }).extend({
  amount: z.number().optional(),
  effectiveAmount: z.number().optional(),
  currency: currencyCodeSchema,
});
export type PenaltyWaiverDoc = z.infer<typeof penaltyWaiverDocSchema>;

export const penaltyWaiverSortKeys = ['createdAt', 'lessonStart'] as const;

export const penaltyWaiverListQuerySchema = z.strictObject({
  ...pagingQuerySchema.shape,
  sortKey: z.enum(penaltyWaiverSortKeys).optional(),
  sortValue: z.optional(sortValueSchema),
  lessonHistoryId: z.optional(idSchema),
  zoomRequestId: z.optional(idSchema),
  startDate: z.optional(isoDateTimeSchema),
  endDate: z.optional(isoDateTimeSchema),
  tutorId: z.optional(idSchema),
  studentId: z.optional(idSchema),
  courseId: z.optional(idSchema),
  appealStatus: z.enum(appealStatuses).optional(),
  includeTutorAmountData: z.enum(['0', '1']).optional(),
});
export type PenaltyWaiverListQuery = z.infer<typeof penaltyWaiverListQuerySchema>;

/**
 * An admin's waiver: about a lesson (its history row), a meeting request, or a tutor alone. `requestKey` is
 * the form's own id for this entry (made when the form opens): the waiver's id derives from it, so a retried
 * or double-clicked create writes one waiver.
 */
export const penaltyWaiverCreateSchema = z
  .object({
    requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'The request key is 8 to 64 letters or digits'),
    type: z.enum(adjustmentTypes, { error: 'Choose ADDITION or DEDUCTION' }),
    amount: moneyInputSchema.refine((value) => value.amount > 0, {
      path: ['amount'],
      error: 'The amount is more than zero',
    }),
    reason: z.string().trim().min(1, 'Say why').max(500),
    tutorId: z.optional(idSchema),
    lessonHistoryId: z.optional(idSchema),
    zoomRequestId: z.optional(idSchema),
  })
  .strict()
  .refine((body) => body.tutorId || body.lessonHistoryId || body.zoomRequestId, {
    path: ['tutorId'],
    error: 'Choose the tutor, the lesson or the lesson request it is about',
  })
  .refine((body) => !(body.lessonHistoryId && body.zoomRequestId), {
    path: ['zoomRequestId'],
    error: 'A waiver is about a lesson or a lesson request, not both',
  });
export type PenaltyWaiverCreate = z.infer<typeof penaltyWaiverCreateSchema>;

export const penaltyWaiverPaymentStatusSchema = z
  .object({
    tutorPaymentStatus: z.enum(tutorPaymentStatuses),
    penaltyWaiverIds: z.array(idSchema).min(1, 'Choose at least one waiver').max(100),
  })
  .strict();

export const penaltyAppealSchema = z
  .object({ appealTutorNote: z.string().trim().min(1, 'Say why the penalty should be lifted').max(2000) })
  .strict();

export const penaltyAppealRespondSchema = z
  .object({
    appealStatus: z.enum(['ACCEPTED', 'REJECTED'], { error: 'Accept or reject the appeal' }),
    appealAdminNote: z.optional(shortText(2000)),
  })
  .strict();
export type PenaltyAppealRespond = z.infer<typeof penaltyAppealRespondSchema>;
