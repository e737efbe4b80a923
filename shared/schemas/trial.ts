import * as z from 'zod';
import { isValidUrl } from '../rules/url';
import { timeZoneSchema } from './availability';
import { isoDateTimeSchema, requiredText } from './common';
import { listQuerySchema } from './paging';
import { signUpBodySchema } from './user';

/** Spec 000 section 4. */
export const trialStatuses = ['COMPLETED', 'SCHEDULED', 'PENDING', 'CANCELED', 'SUCCEED'] as const;
export type TrialStatus = (typeof trialStatuses)[number];

/** Spec 000 section 4: the outcome of a trial as the admin records it, with the labels shown. */
export const trialOutcomeLabels = {
  ENROLLED: 'Trial lesson successful - Student enrolled',
  NOT_SUCCESSFUL: 'Trial lesson was not successful',
  AWAITING_PARENT: 'Awaiting confirmation from the parent',
  PENDING_PAYMENT: 'Pending payment from the parent',
} as const;
export type TrialOutcome = keyof typeof trialOutcomeLabels;
export const trialOutcomes = Object.keys(trialOutcomeLabels) as [TrialOutcome, ...TrialOutcome[]];

/** How each status reads in lists (the stored values are the contract's). */
export const trialStatusLabels: Record<TrialStatus, string> = {
  SCHEDULED: 'Scheduled',
  COMPLETED: 'Completed',
  PENDING: 'Pending',
  SUCCEED: 'Succeeded',
  CANCELED: 'Canceled',
};

export const trialBookingSchema = z
  .object({
    curriculum: z.string().trim().min(1, 'Curriculum is required').max(100),
    subject: z.string().trim().min(1, 'Subject is required').max(100),
    grade: z.string().trim().min(1, 'Grade is required').max(100),
    startDate: isoDateTimeSchema,
    endDate: isoDateTimeSchema,
    tutorId: z.string().min(1, 'Tutor is required').max(64),
    deviceTimezone: timeZoneSchema.optional(),
  })
  .refine((b) => Date.parse(b.endDate) > Date.parse(b.startDate), {
    message: 'The end must be after the start',
    path: ['endDate'],
  });
export type TrialBooking = z.infer<typeof trialBookingSchema>;

export const trialSignUpSchema = z.intersection(signUpBodySchema, trialBookingSchema);

/** A recording of the trial lesson: a link (to the meeting provider's or a drive's recording). */
export const trialRecordingSchema = z.object({
  _id: z.string(),
  url: z.string(),
  title: z.string(),
  recordedAt: z.string(),
  addedBy: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() }),
  addedAt: z.string(),
});
export type TrialRecording = z.infer<typeof trialRecordingSchema>;

export const trialSchema = z.object({
  _id: z.string(),
  studentId: z.string(),
  tutorId: z.string(),
  courseId: z.string(),
  sectionId: z.string(),
  curriculum: z.string(),
  subject: z.string(),
  grade: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(trialStatuses),
  outcome: z.enum(trialOutcomes).nullable(),
  student: z.object({ firstname: z.string(), lastname: z.string(), email: z.string() }),
  tutor: z.object({ firstname: z.string(), lastname: z.string() }),
  recordings: z.array(trialRecordingSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trial = z.infer<typeof trialSchema>;

/** At most this many recordings per trial (a lesson has one or two; the record stays one small item). */
export const MAX_TRIAL_RECORDINGS = 20;

export const trialRecordingInputSchema = z
  .object({
    trialId: z.string().min(1, 'Trial is required').max(64),
    url: z
      .string({ error: 'Link is required' })
      .trim()
      .min(1, 'Link is required')
      .max(2_000, 'Link must be at most 2000 characters')
      .refine(isValidUrl, 'Please enter a valid link'),
    title: requiredText('Title', 200),
    recordedAt: isoDateTimeSchema,
  })
  .strict();
export type TrialRecordingInput = z.infer<typeof trialRecordingInputSchema>;

/** PUT /admin/trials/{id}: a status, an outcome, or both (spec 000 section 4). */
export const trialUpdateSchema = z
  .object({
    status: z.enum(trialStatuses).optional(),
    outcome: z.enum(trialOutcomes).nullable().optional(),
  })
  .strict()
  .refine((body) => body.status !== undefined || body.outcome !== undefined, {
    message: 'Choose a status or an outcome',
    path: ['status'],
  });
export type TrialUpdate = z.infer<typeof trialUpdateSchema>;

const trialFilters = {
  status: z.enum(trialStatuses).optional(),
  studentId: z.string().max(64).optional(),
  tutorId: z.string().max(64).optional(),
};

/** GET /trials: the caller's own trials (as student, linked parent or tutor). */
export const userTrialsQuerySchema = z.object({ ...listQuerySchema.shape, ...trialFilters });
export type UserTrialsQuery = z.infer<typeof userTrialsQuerySchema>;

/** GET /admin/trials: every trial, with the trial lesson's date range (ISO instants, inclusive). */
export const adminTrialsQuerySchema = z
  .strictObject({
    ...listQuerySchema.shape,
    ...trialFilters,
    outcome: z.enum(trialOutcomes).optional(),
    startDate: z.optional(isoDateTimeSchema),
    endDate: z.optional(isoDateTimeSchema),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.endDate) >= Date.parse(q.startDate), {
    message: 'The end date must not be before the start date',
    path: ['endDate'],
  });
export type AdminTrialsQuery = z.infer<typeof adminTrialsQuerySchema>;
