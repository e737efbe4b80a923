/**
 * Usage counters and the free-account limitation (spec 002 "Usage counters: user, slideViews, quizAttempts,
 * videoWatches; the limitation has slideViews; lpAccess is a boolean").
 *
 * Decisions:
 * - Counters run per calendar month in UTC (`YYYY-MM`); a new month starts from zero.
 * - A free account may use each kind up to the tenant's monthly limit (defaults below, a tenant may set
 *   its own). Premium accounts (role permission resources.premium) and accounts with lpAccess (learning
 *   platform access granted by the back-office) are unlimited: their use is still counted.
 * - Who is metered: a signed-in caller whose role holds resources.usage (the learner roles: the switch is
 *   what puts a role on the usage plan and lets it read its counters). Staff roles without it (tutors,
 *   admins) are neither counted nor limited.
 * - The server is the enforcer. Each metered action is counted in the same conditional write that checks
 *   the limit (an ADD conditional on the count being below the limit), so concurrent calls never count
 *   past it; a refused action is not counted and its effect is not stored, and the caller gets a 429 that
 *   says what ran out and when it comes back.
 *
 * What is metered (the learning platform, i.e. a learner's tracked study; see `meteredProgress`):
 * - slideViews: a notes page ("slide") of a sub-topic recorded as read, `POST /progress` with `pageNo`.
 *   Each page counts once a month (a reload or going back never spends the allowance twice); at the limit
 *   the page view is refused and not stored in the learner's progress.
 * - quizAttempts: a quiz score recorded, `POST /progress` with `score` (every score is an attempt).
 * - videoWatches: a video started, `POST /usage` `{ kind: 'videoWatches', itemKey: <video id> }`, which the
 *   SPA calls when a metered learner presses play and before it loads the player; each video counts once
 *   a month.
 * What is not metered:
 * - Marking a sub-topic done or not done (`POST /progress` with only `completed`): it opens no content.
 * - The public catalogue (curricula, subjects, topics, a sub-topic's notes, videos, resources, FAQ and
 *   reviews), for anonymous visitors and signed-in users alike: it is what search engines index and what
 *   brings visitors in, so it is never withheld from a page. The allowance bounds the learning platform
 *   (progress, scores, the in-page player for a signed-in learner), not the shop window.
 */
export const usageKinds = ['slideViews', 'quizAttempts', 'videoWatches'] as const;
export type UsageKind = (typeof usageKinds)[number];

export type UsageLimits = Record<UsageKind, number>;

export const defaultUsageLimits: UsageLimits = { slideViews: 30, quizAttempts: 5, videoWatches: 10 };

/** Highest limit a tenant may set (anything above is "unlimited" in practice). */
export const MAX_USAGE_LIMIT = 100_000;

const labels: Record<UsageKind, [one: string, many: string]> = {
  slideViews: ['slide view', 'slide views'],
  quizAttempts: ['quiz attempt', 'quiz attempts'],
  videoWatches: ['video', 'videos'],
};

export function usageLabel(kind: UsageKind, count: number): string {
  return `${count} ${labels[kind][count === 1 ? 0 : 1]}`;
}

/** The tenant's limits over the defaults. */
export function usageLimits(tenantLimits: Partial<UsageLimits> | undefined): UsageLimits {
  return { ...defaultUsageLimits, ...tenantLimits };
}

/** The month a moment counts in: `2026-11`. */
export function usagePeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** When the period of `now` ends and counting starts again (the first instant of the next UTC month). */
export function usageResetsAt(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

export function isUnlimited(account: { premium: boolean; lpAccess: boolean }): boolean {
  return account.premium || account.lpAccess;
}

/** The message a free account gets when a kind's monthly allowance is used up. */
export function usageLimitMessage(kind: UsageKind, limit: number, resetsAt: string): string {
  return `You have used all ${usageLabel(kind, limit)} of your free plan this month. Upgrade to premium for unlimited access, or come back after ${resetsAt.slice(0, 10)}.`;
}

/** One use to count: a kind, and the item used when repeats of it in the month are free. */
export interface UsageCharge {
  kind: UsageKind;
  itemKey?: string | undefined;
}

/** The allowance item of a sub-topic's page: `<subTopicId>#<pageNo>` (the SPA used the same key). */
export function slideItemKey(subTopicId: string, pageNo: number): string {
  return `${subTopicId}#${pageNo}`;
}

/** What a progress call spends (see the header): a page read is a slide view, a score a quiz attempt. */
export function meteredProgress(event: {
  subTopicId: string;
  pageNo?: number | undefined;
  score?: number | undefined;
}): UsageCharge[] {
  const charges: UsageCharge[] = [];
  if (event.pageNo !== undefined) {
    charges.push({ kind: 'slideViews', itemKey: slideItemKey(event.subTopicId, event.pageNo) });
  }
  if (event.score !== undefined) charges.push({ kind: 'quizAttempts' });
  return charges;
}

/**
 * The monthly limits that apply to an account: undefined when it is not metered at all (its role does not
 * hold resources.usage), null when it is counted but unlimited, else the tenant's limits.
 */
export function applicableLimits(
  account: { metered: boolean; premium: boolean; lpAccess: boolean },
  tenantLimits: Partial<UsageLimits> | undefined,
): UsageLimits | null | undefined {
  if (!account.metered) return undefined;
  return isUnlimited(account) ? null : usageLimits(tenantLimits);
}

/**
 * The first charge the counters cannot take without passing a limit (the kind to name in the 429), or
 * undefined when all fit. Charges of one kind add up.
 */
export function overLimit(
  counters: Record<UsageKind, number>,
  charges: readonly UsageCharge[],
  limits: UsageLimits | null,
): UsageKind | undefined {
  if (!limits) return undefined;
  const wanted: Partial<Record<UsageKind, number>> = {};
  for (const charge of charges) {
    wanted[charge.kind] = (wanted[charge.kind] ?? 0) + 1;
    if (counters[charge.kind] + (wanted[charge.kind] ?? 0) > limits[charge.kind]) return charge.kind;
  }
  return undefined;
}
