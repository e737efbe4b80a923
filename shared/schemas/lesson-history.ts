import * as z from 'zod';
import { adjustmentTypes } from '../money/money';
import { moneyInputSchema, moneySchema, storedMoneySchema } from '../money/schemas';
import { currencyCodeSchema } from '../money/settings';
import { tutorPaymentStatuses } from '../scheduling/lesson-changes';
import { idSchema } from './common';
import { pagingQuerySchema, sortValueSchema } from './paging';

/** Spec 001 section 9. */
export const lessonTypes = ['1 on 1', 'GROUP', 'TRIAL'] as const;
export type LessonType = (typeof lessonTypes)[number];

const person = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

/** Spec 001 section 4: a tutor's concern about a lesson's pay, and the admin's decision on it. */
export const tutorConcernStatuses = ['PENDING', 'RESOLVED', 'REJECTED'] as const;
export const tutorConcernDecisions = ['APPROVED', 'DECLINED'] as const;
/** A class extension's and a trial conversion's standing (not named by the spec: ours). */
export const payRequestStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
/** Where a tutor's pay for a lesson comes from: each change is an entry (functions/repositories/lesson-history.ts). */
export const payEntryKinds = [
  'ALLOCATION',
  'ADJUSTMENT',
  'PENALTY',
  'EXTENSION',
  'TRIAL_CONVERSION',
  'CONCERN',
] as const;
export type PayEntryKind = (typeof payEntryKinds)[number];

const noteSchema = z.object({
  noteId: z.string(),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type LessonHistoryNote = z.infer<typeof noteSchema>;

const concernSchema = z.object({
  status: z.enum(tutorConcernStatuses),
  note: z.string(),
  raisedAt: z.string(),
  decision: z.enum(tutorConcernDecisions).nullable(),
  response: z.string().nullable(),
  respondedBy: z.string().nullable(),
  respondedAt: z.string().nullable(),
});

/**
 * The pay columns of spec 001 section 3, given both as stored (money in minor units) and as the API shows
 * them (major units). Rows written before the finance work have none of them.
 */
function payColumns<M extends z.ZodType>(amount: M) {
  return {
    /** The hourly rate the lesson is paid at, fixed when its row was written (shared/rules/tutor-rates.ts). */
    tutorRate: amount.nullable().optional(),
    tutorRateCurrency: z.nullable(currencyCodeSchema).optional(),
    tutorRateId: z.string().nullable().optional(),
    tutorRateSource: z.enum(['TUTOR', 'GENERAL']).nullable().optional(),
    /**
     * The kind the lesson was rated as, fixed with the rate: a one-to-one lesson's student's rate student
     * type id, a group lesson's course's rate course type id; '' when it had none (only "any kind" rates fit).
     */
    tutorRateKind: z.string().nullable().optional(),
    /** The rate times the lesson's duration. */
    allocatedTutorAmount: amount.nullable().optional(),
    /** What the tutor is owed for the lesson: the sum of its pay entries, moved in each entry's transaction. */
    tutorAmount: amount.nullable().optional(),
    tutorAmountCurrency: z.nullable(currencyCodeSchema).optional(),
    /** Percent of the allocated amount. */
    tutorPenalty: z.number().nullable().optional(),
    tutorPenaltyAmount: amount.nullable().optional(),
    tutorPenaltyReason: z.string().nullable().optional(),
    /** Minutes. */
    lessonExtension: z.number().nullable().optional(),
    lessonExtensionTutorAmount: amount.nullable().optional(),
    classExtensionRequestStatus: z.enum(payRequestStatuses).nullable().optional(),
    isTrialConverted: z.boolean().nullable().optional(),
    trialConversionStatus: z.enum(payRequestStatuses).nullable().optional(),
    trialConversionAmount: amount.nullable().optional(),
    tutorConcern: concernSchema.nullable().optional(),
    adminNotes: z.array(noteSchema).optional(),
  };
}

/**
 * Spec 001 section 3, a lesson history entry: one per lesson that ended, written by the lesson-history job.
 */
const lessonHistoryBaseSchema = z.object({
  _id: z.string(),
  /** The lesson's meeting id (the meeting port's id for a lesson is its section id). */
  eventId: z.string(),
  referenceKey: z.string(),
  sectionId: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  /** Minutes. */
  duration: z.number(),
  students: z.array(person.extend({ country: z.string().nullable() })),
  course: z.object({ _id: z.string(), title: z.string() }),
  courseId: z.string(),
  /** The first student (a one-to-one lesson's only one); every student is in `students`. */
  studentId: z.string().nullable(),
  studentIds: z.array(z.string()),
  tutorId: z.string(),
  tutor: person.nullable(),
  subject: z.string(),
  curriculum: z.string(),
  grade: z.string(),
  lessonType: z.enum(lessonTypes),
  paymentType: z.string(),
  /**
   * The tutor's first join and the earliest first join of the lesson's students (recorded by
   * notify-user-joined-to-meeting); null when nobody of that side joined.
   */
  studentJoinTime: z.string().nullable(),
  tutorJoinTime: z.string().nullable(),
  tutorPaymentStatus: z.enum(tutorPaymentStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A row as stored: its money in minor units; `payRevision` counts its pay changes (each write's condition). */
export const lessonHistorySchema = lessonHistoryBaseSchema.extend({
  ...payColumns(storedMoneySchema),
  payRevision: z.number().int().optional(),
});
export type LessonHistory = z.infer<typeof lessonHistorySchema>;

/**
 * The attendance history column (spec 001 section 6, admin only): each of the lesson's people, their first
 * and last join and their last leave (the waiting room, the local room, the provider's webhooks), and how
 * many times they came in. Someone who never joined is listed with nulls.
 */
export const attendanceEntrySchema = person.extend({
  role: z.enum(['TUTOR', 'STUDENT']),
  joinedAt: z.string().nullable(),
  lastJoinedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
  joinCount: z.number().int(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

/** The recordings column: the provider's finished recordings of the lesson (Zoom's recording.completed). */
export const lessonRecordingEntrySchema = z.object({
  fileId: z.string(),
  provider: z.enum(['ZOOM', 'TEAMS']),
  fileType: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  playUrl: z.string().nullable(),
  sizeBytes: z.number().nullable(),
});

/** The feedbacks column: what the students said of the tutor and the tutor of each student. */
export const lessonFeedbackEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(['tutor', 'student']),
  tutor: person,
  student: person,
  rating: z.number().int(),
  comment: z.string().optional(),
  rewards: z.array(z.string()),
  createdAt: z.string(),
});

/**
 * An entry as the reads answer it: money in major units, and only the columns the caller's role holds
 * (spec 001 section 6; the pay columns only with includeTutorAmountData=1): see
 * functions/lesson-history/present.ts.
 */
export const presentedLessonHistorySchema = lessonHistoryBaseSchema
  .partial({ tutorPaymentStatus: true })
  .extend(payColumns(moneySchema))
  .extend({
    /** One entry's read only (GET /lesson-history/{id}): see lessonRecordsSchema. */
    attendanceHistory: z.array(attendanceEntrySchema).optional(),
    recordings: z.array(lessonRecordingEntrySchema).optional(),
    feedbacks: z.array(lessonFeedbackEntrySchema).optional(),
  });
export type PresentedLessonHistory = z.infer<typeof presentedLessonHistorySchema>;

/** One change of a lesson's pay, append-only: its id is derived from its cause (see the repository). */
export const payEntrySchema = z.object({
  lessonHistoryId: z.string(),
  entryId: z.string(),
  kind: z.enum(payEntryKinds),
  /** Signed: what the entry adds to (or, negative, takes from) the tutor's amount. */
  amount: storedMoneySchema,
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type PayEntry = z.infer<typeof payEntrySchema>;

export const lessonHistorySortKeys = [
  'start',
  'end',
  'duration',
  'referenceKey',
  'lessonType',
  'paymentType',
  'subject',
  'curriculum',
  'grade',
  'tutorPaymentStatus',
  'createdAt',
] as const;

const day = z.iso
  .datetime({ offset: true, error: 'Use an ISO date-time' })
  .or(z.iso.date({ error: 'Use a date' }));

export const lessonHistoryFiltersSchema = z.object({
  startDate: day.optional(),
  endDate: day.optional(),
  courseId: z.optional(idSchema),
  studentId: z.optional(idSchema),
  tutorId: z.optional(idSchema),
  referenceKey: z.string().trim().max(64).optional(),
  curriculum: z.string().max(100).optional(),
  grade: z.string().max(100).optional(),
  subject: z.string().max(100).optional(),
  lessonType: z.enum(lessonTypes).optional(),
  paymentType: z.string().max(40).optional(),
  tutorPaymentStatus: z.enum(tutorPaymentStatuses).optional(),
});
export type LessonHistoryFilters = z.infer<typeof lessonHistoryFiltersSchema>;

export const lessonHistoryListQuerySchema = z
  .object({
    ...pagingQuerySchema.shape,
    sortKey: z.enum(lessonHistorySortKeys).optional(),
    sortValue: z.optional(sortValueSchema),
    /** Spec 001 section 6: the pay columns only on request. */
    includeTutorAmountData: z.enum(['0', '1']).optional(),
  })
  .extend(lessonHistoryFiltersSchema.shape)
  .strict();
export type LessonHistoryListQuery = z.infer<typeof lessonHistoryListQuerySchema>;

/** Spec 001 section 4: the ids field is spelled `lesssonHistoryIds` by the client. */
export const lessonHistoryPaymentStatusBodySchema = z
  .object({
    lesssonHistoryIds: z.array(idSchema).min(1, 'Choose at least one lesson').max(100),
    tutorPaymentStatus: z.enum(tutorPaymentStatuses),
  })
  .strict();
export type LessonHistoryPaymentStatusBody = z.infer<typeof lessonHistoryPaymentStatusBodySchema>;

// ---- tutor payment actions (spec 001 section 7) -------------------------------------------------------

const lessonRef = { lessonHistoryId: idSchema };
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** A client-made key (a UUID) that makes a retried adjustment write nothing the second time. */
const requestKey = z.uuid({ error: 'The request id is a UUID' }).optional();

export const raiseConcernBodySchema = z
  .object({ ...lessonRef, concern: text(2000).min(1, 'Say what is wrong') })
  .strict();

export const adjustmentBodySchema = z
  .object({
    ...lessonRef,
    type: z.enum(adjustmentTypes),
    amount: moneyInputSchema,
    reason: text(500).min(1, 'Give a reason'),
    requestId: requestKey,
  })
  .strict();

export const respondToConcernBodySchema = z
  .object({
    ...lessonRef,
    status: z.enum(['RESOLVED', 'REJECTED']),
    decision: z.enum(tutorConcernDecisions),
    response: text(2000).default(''),
    /** An approved concern may add to (or take from) the tutor's pay. */
    adjustment: z
      .object({ type: z.enum(adjustmentTypes), amount: moneyInputSchema })
      .strict()
      .optional(),
  })
  .strict();

export const MAX_EXTENSION_MINUTES = 180;
export const classExtensionBodySchema = z
  .object({
    ...lessonRef,
    lessonExtension: z.number().int('Whole minutes').min(0).max(MAX_EXTENSION_MINUTES),
    classExtensionRequestStatus: z.enum(payRequestStatuses),
  })
  .strict();

export const tutorPenaltyBodySchema = z
  .object({
    ...lessonRef,
    tutorPenalty: z.number().int('A whole percent').min(0).max(100),
    tutorPenaltyReason: text(500).default(''),
  })
  .strict();

export const trialConversionBodySchema = z
  .object({
    ...lessonRef,
    isTrialConverted: z.boolean(),
    trialConversionStatus: z.enum(payRequestStatuses),
    /** The tutor's bonus for a converted trial, paid once the conversion is APPROVED. */
    trialConversionAmount: moneyInputSchema.optional(),
  })
  .strict();

export const adminNoteBodySchema = z.object({ note: text(2000).min(1, 'Write a note') }).strict();
export const adminNoteDeleteQuerySchema = z
  .object({ id: z.optional(idSchema), noteId: z.string().min(1).max(64) })
  .strict();

/** GET /admin/lesson-history/export: the list's filters, every page (up to the bound). */
export const MAX_EXPORT_ROWS = 5000;
export const lessonHistoryExportQuerySchema = z
  .object({
    sortKey: z.enum(lessonHistorySortKeys).optional(),
    sortValue: z.optional(sortValueSchema),
    /** The zone the dates are written in (the admin's). */
    timeZone: z.string().max(64).optional(),
  })
  .extend(lessonHistoryFiltersSchema.shape)
  .strict();
export type LessonHistoryExportQuery = z.infer<typeof lessonHistoryExportQuerySchema>;

/**
 * GET /lesson-history/tutor-payments/totals: a tutor's pay over a period (shared/rules/tutor-pay-totals.ts).
 * A tutor reads their own (tutorId absent or theirs); the back-office names the tutor. Both dates are
 * needed (a bare date is that UTC day), at most MAX_PAY_PERIOD_DAYS apart: the read is bounded.
 */
export const MAX_PAY_PERIOD_DAYS = 400;
export const tutorPayTotalsQuerySchema = z
  .object({
    tutorId: z.optional(idSchema),
    startDate: z.string().min(1).max(40),
    endDate: z.string().min(1).max(40),
  })
  .strict();

const payLineSchema = z.object({
  source: z.enum(['LESSON', 'PENALTY_WAIVER', 'MANUAL_ADJUSTMENT']),
  sourceId: z.string(),
  part: z.enum(['lessons', 'extensions', 'penalties', 'waived', 'adjustments']),
  amount: moneySchema,
  at: z.string(),
  description: z.string(),
});
const payTotalSchema = z.object({
  currency: currencyCodeSchema,
  lessons: z.number(),
  extensions: z.number(),
  penalties: z.number(),
  waived: z.number(),
  adjustments: z.number(),
  total: z.number(),
});
export const tutorPayTotalsSchema = z.object({
  tutorId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** One per currency the tutor was paid in over the period, in major units; each the sum of its lines. */
  totals: z.array(payTotalSchema),
  /** Every record the totals count, by time: a lesson's parts, a waiver, a manual adjustment. */
  lines: z.array(payLineSchema),
});
export type TutorPayTotals = z.infer<typeof tutorPayTotalsSchema>;
