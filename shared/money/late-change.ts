import * as z from 'zod/mini';
import type { RequesterRole, RequestType } from '../scheduling/lesson-changes';
import { type Money, scale } from './money';
import '../schemas/zod-english';

/**
 * A tenant's late-change policy (tenant.settings.lateChange; spec 001 sections 3 and 7: a meeting request
 * carries a penalty percent, amount and reason, the policy that sets them is not shown). A tutor who cancels
 * or reschedules a lesson less than `withinHours` before it starts is charged `percent` of the lesson's tutor
 * amount. Tiers let a school charge more the later the change (within 48 h: 25 %, within 12 h: 50 %); the
 * tightest tier the change falls in applies. No tier: no penalty (the platform default).
 */
export const lateChangeTierSchema = z.object({
  withinHours: z
    .number({ error: 'Hours before the lesson is a number' })
    .check(
      z.int('Hours before the lesson is a whole number'),
      z.gte(1, 'At least 1 hour before the lesson'),
      z.lte(720, 'At most 720 hours (30 days) before the lesson'),
    ),
  percent: z
    .number({ error: 'The percent is a number' })
    .check(
      z.int('The percent is a whole number'),
      z.gte(1, 'A tier charges at least 1 %'),
      z.lte(100, 'A tier charges at most 100 %'),
    ),
});
export type LateChangeTier = z.infer<typeof lateChangeTierSchema>;

export const MAX_LATE_CHANGE_TIERS = 5;

export const lateChangePolicySchema = z.object({
  tiers: z.array(lateChangeTierSchema).check(
    z.maxLength(MAX_LATE_CHANGE_TIERS, `At most ${MAX_LATE_CHANGE_TIERS} tiers`),
    z.refine(
      (tiers) => new Set(tiers.map((tier) => tier.withinHours)).size === tiers.length,
      'Each number of hours has one tier',
    ),
    z.refine(
      (tiers) =>
        [...tiers]
          .sort((a, b) => a.withinHours - b.withinHours)
          .every((tier, i, sorted) => i === 0 || tier.percent <= (sorted[i - 1]?.percent ?? 100)),
      'A later change never costs less: a tier closer to the lesson charges at least as much',
    ),
  ),
});
export type LateChangePolicy = z.infer<typeof lateChangePolicySchema>;

export const defaultLateChangePolicy: LateChangePolicy = { tiers: [] };

export function lateChangePolicy(stored: LateChangePolicy | undefined): LateChangePolicy {
  return stored ?? defaultLateChangePolicy;
}

export interface LatePenalty {
  /** Percent of the lesson's tutor amount (0: none). */
  percent: number;
  reason: string | null;
}

const NO_PENALTY: LatePenalty = { percent: 0, reason: null };

/**
 * The penalty a change costs its tutor. Only a tutor's own cancel or reschedule is charged: a student's or
 * an admin's change is not the tutor's doing, and DELETE is an admin's clean-up. Decided when the change is
 * asked (the notice it gave is what counts, however long an admin takes to answer).
 */
export function lateChangePenalty(
  policy: LateChangePolicy,
  input: { role: RequesterRole; type: RequestType; lessonStart: Date; requestedAt: Date },
): LatePenalty {
  if (input.role !== 'TUTOR' || input.type === 'DELETE') return NO_PENALTY;
  const hoursBefore = (input.lessonStart.getTime() - input.requestedAt.getTime()) / 3_600_000;
  const tier = [...policy.tiers]
    .sort((a, b) => a.withinHours - b.withinHours)
    .find((candidate) => hoursBefore < candidate.withinHours);
  if (!tier) return NO_PENALTY;
  const what = input.type === 'CANCEL' ? 'Cancelled' : 'Rescheduled';
  return {
    percent: tier.percent,
    reason: `${what} by the tutor less than ${tier.withinHours} hours before the lesson: ${tier.percent}% of the tutor amount`,
  };
}

/**
 * The penalty's amount: `percent` of the tutor amount, rounded to the minor unit (half away from zero). The
 * percent may carry two decimals (an admin's 12.5 %): it is taken in hundredths so the scale stays exact.
 */
export function penaltyAmount(tutorAmount: Money, percent: number): Money {
  const hundredths = Math.round(percent * 100);
  return scale(tutorAmount, hundredths, 10_000);
}
