import * as z from 'zod';
import { timeZoneSchema } from './availability';
import { isoDateTimeSchema } from './common';
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
  recordings: z.array(z.object({ url: z.string(), startedAt: z.string(), durationMinutes: z.number() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trial = z.infer<typeof trialSchema>;
