/**
 * Usage counters and the free-account limitation (spec 002 "Usage counters: user, slideViews, quizAttempts,
 * videoWatches; the limitation has slideViews; lpAccess is a boolean").
 *
 * Decisions:
 * - Counters run per calendar month in UTC (`YYYY-MM`); a new month starts from zero.
 * - A free account may use each kind up to the tenant's monthly limit (defaults below, a tenant may set
 *   its own). Premium accounts (role permission resources.premium) and accounts with lpAccess (learning
 *   platform access granted by the back-office) are unlimited: their use is still counted.
 * - The server enforces the limit with a conditional update, so concurrent calls never count past it.
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
