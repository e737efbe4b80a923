import { DateTime } from 'luxon';
import * as z from 'zod';
import { isIanaTimeZone } from '../rules/time-zone';
import { MAX_FREE_DAYS_RANGE_DAYS } from '../scheduling/free-days';
import { teachingSubjectSchema } from './curriculum';

/** Spec 000 section 4: whether trials are offered with a tutor. Only `available` tutors get new trials. */
export const tutorAvailabilityStatuses = [
  'available',
  'notAvailable',
  'onABreak',
  'resigned',
  'demoStage',
  'notAvailableAdmin',
  'notInterested',
] as const;
export type TutorAvailabilityStatus = (typeof tutorAvailabilityStatuses)[number];

export const tutorAvailabilityStatusLabels: Record<TutorAvailabilityStatus, string> = {
  available: 'Available',
  notAvailable: 'Not available',
  onABreak: 'On a break',
  resigned: 'Resigned',
  demoStage: 'Demo stage',
  notAvailableAdmin: 'Not available (set by admin)',
  notInterested: 'Not interested',
};

/** Statuses only an admin may set (a tutor cannot lift them by editing their own availability). */
export const adminOnlyAvailabilityStatuses: TutorAvailabilityStatus[] = ['notAvailableAdmin', 'resigned'];

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isIanaTimeZone, 'Use an IANA time zone such as Europe/London');

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((value) => DateTime.fromISO(value).isValid, 'Not a real date');

const wallClockTime = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use a time as HH:mm (00:00 to 24:00)');

export const hoursRangeSchema = z
  .object({ from: wallClockTime, to: wallClockTime })
  .refine((range) => range.from < range.to, { message: 'The end must be after the start', path: ['to'] });

export const weeklyHoursEntrySchema = z
  .object({ weekday: z.number().int().min(0).max(6) })
  .and(hoursRangeSchema);

export const availabilityExceptionSchema = z.discriminatedUnion('kind', [
  z.object({ date: isoDateSchema, kind: z.literal('dayOff') }),
  z.object({
    date: isoDateSchema,
    kind: z.literal('extraHours'),
    hours: z.array(hoursRangeSchema).min(1).max(12),
  }),
]);

/** Spec 001 section 3: an availability window (status ENABLE, optional start and end dates). */
export const availabilityWindowSchema = z
  .object({
    status: z.enum(['ENABLE', 'DISABLE']),
    startDate: isoDateSchema.nullable().optional(),
    endDate: isoDateSchema.nullable().optional(),
  })
  .refine((w) => !w.startDate || !w.endDate || w.startDate <= w.endDate, {
    message: 'The end date must not be before the start date',
    path: ['endDate'],
  });

export const availabilityInputSchema = z.object({
  /** The tutor's own zone: weekly hours are wall-clock times there. */
  timezone: timeZoneSchema,
  status: z.enum(tutorAvailabilityStatuses),
  weeklyHours: z.array(weeklyHoursEntrySchema).max(100),
  exceptions: z.array(availabilityExceptionSchema).max(366),
  windows: z.array(availabilityWindowSchema).max(50),
  /** What the tutor teaches: trials for a curriculum, subject and grade are offered with these tutors. */
  subjects: z.array(teachingSubjectSchema).max(200),
});
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;

export const availabilitySchema = availabilityInputSchema.extend({
  userId: z.string(),
  updatedAt: z.string().nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const slotSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** The start in the viewer's zone, `hh:mm A`. */
  label: z.string(),
  tutorId: z.string().optional(),
});
export type SlotDoc = z.infer<typeof slotSchema>;

const durationQuery = z.coerce.number().int().min(1).max(180);

export const tutorSlotsQuerySchema = z.object({
  date: isoDateSchema,
  userId: z.string().max(64).optional(),
  /** When moving a lesson, its own time does not count as booked. */
  sectionId: z.string().max(64).optional(),
  duration: durationQuery.optional(),
  deviceTimezone: timeZoneSchema.optional(),
});

export const trialSlotsQuerySchema = z.object({
  date: isoDateSchema,
  curriculum: z.string().trim().min(1, 'Curriculum is required').max(100),
  subject: z.string().trim().min(1, 'Subject is required').max(100),
  grade: z.string().trim().min(1, 'Grade is required').max(100),
  deviceTimezone: timeZoneSchema.optional(),
  /** An admin may ask for one tutor's trial slots. */
  tutorId: z.string().max(64).optional(),
});

export const tutorsSlotsBodySchema = z.object({
  date: isoDateSchema,
  tutorIds: z.array(z.string().max(64)).max(200).optional(),
  curriculum: z.string().max(100).optional(),
  subject: z.string().max(100).optional(),
  grade: z.string().max(100).optional(),
  duration: z.number().int().min(1).max(180).optional(),
  deviceTimezone: timeZoneSchema.optional(),
});

/**
 * A range of viewer days for the month calendars' free-day marks: `from` to `to` (both included), at most
 * a month view's six weeks.
 */
const freeDaysRangeShape = {
  from: isoDateSchema,
  to: isoDateSchema,
  deviceTimezone: timeZoneSchema.optional(),
};

function withinFreeDaysRange(range: { from: string; to: string }, context: z.RefinementCtx): void {
  if (range.to < range.from) {
    context.addIssue({ code: 'custom', message: 'The range must not end before it starts', path: ['to'] });
    return;
  }
  const span = DateTime.fromISO(range.to).diff(DateTime.fromISO(range.from), 'days').days + 1;
  if (span > MAX_FREE_DAYS_RANGE_DAYS)
    context.addIssue({
      code: 'custom',
      message: `Ask for at most ${MAX_FREE_DAYS_RANGE_DAYS} days at a time`,
      path: ['to'],
    });
}

export const trialFreeDaysQuerySchema = z
  .object({
    ...freeDaysRangeShape,
    curriculum: trialSlotsQuerySchema.shape.curriculum,
    subject: trialSlotsQuerySchema.shape.subject,
    grade: trialSlotsQuerySchema.shape.grade,
    tutorId: trialSlotsQuerySchema.shape.tutorId,
  })
  .strict()
  .superRefine(withinFreeDaysRange);

export const tutorFreeDaysQuerySchema = z
  .object({
    ...freeDaysRangeShape,
    /** When moving a lesson, its own time does not count as booked. */
    sectionId: z.string().max(64).optional(),
    duration: durationQuery.optional(),
  })
  .strict()
  .superRefine(withinFreeDaysRange);

export const freeDaysResponseSchema = z.object({
  /** The days of the range with at least one free time, `YYYY-MM-DD` in `timezone`, in order. */
  days: z.array(z.string()),
  /** The last day a time can be booked on (the school's booking horizon), in `timezone`. */
  lastBookableDay: z.string(),
  timezone: z.string(),
});
export type FreeDays = z.infer<typeof freeDaysResponseSchema>;

export const slotsResponseSchema = z.object({ docs: z.array(slotSchema) });
export const tutorsSlotsResponseSchema = z.object({
  docs: z.array(
    z.object({
      tutorId: z.string(),
      firstname: z.string(),
      lastname: z.string(),
      slots: z.array(slotSchema),
    }),
  ),
});

/** Only tutors marked available are offered for new free trials. */
export function offersTrials(status: TutorAvailabilityStatus): boolean {
  return status === 'available';
}

/** Tutors who stepped away (a break, resigned, held by an admin, not available) take no new lessons. */
export function takesLessons(status: TutorAvailabilityStatus): boolean {
  return status === 'available' || status === 'notInterested' || status === 'demoStage';
}
