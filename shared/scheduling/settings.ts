import * as z from 'zod/mini';
import '../schemas/zod-english';
import { isAllowedLessonDuration } from './durations';

const DAY_MINUTES = 24 * 60;

/**
 * A tenant's scheduling policy. Spec 000/001 leave these "not shown"; these are our defaults, and each
 * tenant may override any of them (tenant.settings.scheduling, edited by an admin with the scheduling
 * settings permission). Tutors' time is claimed in 5-minute buckets, so the slot step and the buffer are
 * whole multiples of 5 minutes.
 */
export const schedulingSettingsSchema = z.object({
  /** How long before its start a slot can still be booked. */
  minimumNoticeMinutes: z._default(
    z
      .number()
      .check(
        z.int(),
        z.gte(0, 'The minimum notice cannot be negative'),
        z.lte(14 * DAY_MINUTES, 'The minimum notice is at most 14 days'),
      ),
    120,
  ),
  /** The gap kept free between two lessons of a tutor. */
  bufferMinutes: z._default(
    z
      .number()
      .check(
        z.int(),
        z.gte(0, 'The buffer cannot be negative'),
        z.lte(120, 'The buffer is at most 120 minutes'),
        z.multipleOf(5, 'The buffer is a whole number of 5 minutes'),
      ),
    15,
  ),
  /** Minutes between the possible starts offered to students. */
  slotStepMinutes: z._default(
    z
      .number()
      .check(
        z.int(),
        z.gte(5, 'The slot step is at least 5 minutes'),
        z.lte(120, 'The slot step is at most 120 minutes'),
        z.multipleOf(5, 'The slot step is a whole number of 5 minutes'),
      ),
    30,
  ),
  /** The length of a free trial lesson: one of the production lesson durations. */
  trialDurationMinutes: z._default(
    z.number().check(
      z.int(),
      z.refine(
        (minutes) => isAllowedLessonDuration(minutes, 'production'),
        'A trial lasts 15 to 180 minutes, in steps of 15 minutes',
      ),
    ),
    60,
  ),
  /** How far ahead a lesson can be booked. */
  bookingHorizonDays: z._default(
    z
      .number()
      .check(
        z.int(),
        z.gte(1, 'The booking horizon is at least 1 day'),
        z.lte(366, 'The booking horizon is at most 366 days'),
      ),
    90,
  ),
  /** A cancel or reschedule asked for less than this many hours before the lesson needs an admin's approval. */
  changeNoticeHours: z._default(
    z
      .number()
      .check(
        z.int(),
        z.gte(0, 'The change notice cannot be negative'),
        z.lte(24 * 14, 'The change notice is at most 14 days (336 hours)'),
      ),
    24,
  ),
});
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;
export type SchedulingOverrides = Partial<SchedulingSettings>;

export const defaultSchedulingSettings: SchedulingSettings = schedulingSettingsSchema.parse({});

export function schedulingSettings(overrides: SchedulingOverrides | undefined): SchedulingSettings {
  return { ...defaultSchedulingSettings, ...overrides };
}

/**
 * An admin's change to the overrides: a value sets the field, null goes back to the platform default, a
 * field left out keeps what it was.
 */
export type SchedulingSettingsChange = { [K in keyof SchedulingSettings]?: SchedulingSettings[K] | null };

/** The overrides after a change, and what is wrong with the policy they make (or undefined). */
export function applySchedulingChange(
  current: SchedulingOverrides | undefined,
  change: SchedulingSettingsChange,
): { overrides: SchedulingOverrides; problem?: string } {
  const overrides: Record<string, number> = { ...current };
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) continue;
    if (value === null) delete overrides[field];
    else overrides[field] = value;
  }
  const effective = schedulingSettings(overrides);
  const problem =
    effective.minimumNoticeMinutes >= effective.bookingHorizonDays * DAY_MINUTES
      ? 'The minimum notice must be shorter than the booking horizon, or no time could ever be booked'
      : undefined;
  return { overrides: overrides as SchedulingOverrides, ...(problem ? { problem } : {}) };
}
