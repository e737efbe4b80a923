import { TooManyRequestsError } from '../../shared/http/errors';
import {
  applicableLimits,
  overLimit,
  type UsageCharge,
  type UsageKind,
  type UsageLimits,
  usageLimitMessage,
  usagePeriod,
  usageResetsAt,
} from '../../shared/learning/usage';
import { holdsAny } from '../../shared/permissions/check';
import {
  alreadyCounted,
  chargeWrites,
  getCounters,
  getLpAccess,
  getTenantUsageLimits,
} from '../repositories/usage';
import type { UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import type { LinkedWrites } from '../table/transactions';

/**
 * The usage meter of one account this month: who is metered and what their limits are (the rules and the
 * decision of what is metered are in shared/learning/usage.ts), and the writes that count a metered action
 * in the same transaction as the action's own write.
 */
export interface Meter {
  tenant: string;
  userId: string;
  period: string;
  resetsAt: string;
  premium: boolean;
  lpAccess: boolean;
  /** null: counted but unlimited (premium or learning-platform access). */
  limits: UsageLimits | null;
}

/** Markers stay a few days past the month's end, then the table's TTL removes them. */
export function markerExpiresAt(resetsAt: string): number {
  return Math.floor(Date.parse(resetsAt) / 1000) + 3 * 86_400;
}

/** The account's standing: premium, learning-platform access, metered at all, and the tenant's limits. */
export async function usageStanding(tenant: string, user: UserRecord) {
  const [role, lpAccess, tenantLimits] = await Promise.all([
    rolesRepository.getCached(tenant, user.roleId),
    getLpAccess(tenant, user._id),
    getTenantUsageLimits(tenant),
  ]);
  // Premium is the role's resources.premium switch (the Admin role holds every switch).
  const premium = holdsAny(role?.permissions, { areas: ['resources'], actions: ['premium'] });
  const metered = holdsAny(role?.permissions, { areas: ['resources'], actions: ['usage'] });
  return {
    premium,
    lpAccess,
    tenantLimits,
    limits: applicableLimits({ metered, premium, lpAccess }, tenantLimits),
  };
}

/** The caller's meter, or undefined when their role is not on the usage plan (nothing to count). */
export async function meterFor(
  tenant: string,
  user: UserRecord,
  now = new Date(),
): Promise<Meter | undefined> {
  const standing = await usageStanding(tenant, user);
  if (standing.limits === undefined) return undefined;
  return {
    tenant,
    userId: user._id,
    period: usagePeriod(now),
    resetsAt: usageResetsAt(now),
    premium: standing.premium,
    lpAccess: standing.lpAccess,
    limits: standing.limits,
  };
}

/** The 429 of a kind whose monthly allowance is used up, with the limit and when it comes back. */
export function limitReached(meter: Meter, kind: UsageKind): TooManyRequestsError {
  const limit = meter.limits?.[kind] ?? 0;
  return new TooManyRequestsError(usageLimitMessage(kind, limit, meter.resetsAt), {
    kind,
    limit,
    resetsAt: meter.resetsAt,
  });
}

/**
 * The writes that count `charges` for the meter's account, or undefined when there is nothing to count
 * (every item was already counted this month). Throws the 429 at once when the counters read now leave
 * no room; the conditional update in the writes still decides under concurrency.
 */
export async function chargesFor(
  meter: Meter,
  charges: readonly UsageCharge[],
): Promise<LinkedWrites | undefined> {
  const { tenant, userId, period, limits } = meter;
  const repeats = await alreadyCounted(tenant, userId, period, charges);
  const fresh = charges.filter((charge) => !repeats.has(charge));
  if (fresh.length === 0) return undefined;
  const counters = await getCounters(tenant, userId, period);
  const early = overLimit(counters, fresh, limits);
  if (early) throw limitReached(meter, early);
  const { items, counterIndex } = chargeWrites(tenant, userId, {
    period,
    charges: fresh,
    limits,
    markerExpiresAt: markerExpiresAt(meter.resetsAt),
  });
  return {
    items,
    async refused(index) {
      // A marker taken meanwhile: the same item was counted by a concurrent call, so try again (free now).
      if (index !== counterIndex) return undefined;
      const now = await getCounters(tenant, userId, period);
      return limitReached(meter, overLimit(now, fresh, limits) ?? fresh[0]!.kind);
    },
  };
}
