import * as z from 'zod';

/**
 * A tenant's scheduling policy. Spec 000/001 leave these "not shown"; these are our defaults, and each
 * tenant may override any of them (tenant.settings.scheduling).
 */
export const schedulingSettingsSchema = z.object({
  /** How long before its start a slot can still be booked. */
  minimumNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(14 * 24 * 60)
    .default(120),
  /** The gap kept free between two lessons of a tutor. */
  bufferMinutes: z.number().int().min(0).max(120).default(15),
  /** Minutes between the possible starts offered to students. */
  slotStepMinutes: z.number().int().min(5).max(120).default(30),
  /** The length of a free trial lesson. */
  trialDurationMinutes: z.number().int().min(15).max(180).default(60),
  /** How far ahead a lesson can be booked. */
  bookingHorizonDays: z.number().int().min(1).max(366).default(90),
  /** A cancel or reschedule asked for less than this many hours before the lesson needs an admin's approval. */
  changeNoticeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 14)
    .default(24),
});
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;

export const defaultSchedulingSettings: SchedulingSettings = schedulingSettingsSchema.parse({});

export function schedulingSettings(overrides: Partial<SchedulingSettings> | undefined): SchedulingSettings {
  return { ...defaultSchedulingSettings, ...overrides };
}
