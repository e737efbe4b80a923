import { NotFoundError, TooManyRequestsError } from '../../shared/http/errors';
import {
  isUnlimited,
  type UsageKind,
  type UsageLimits,
  usageLimitMessage,
  usageLimits,
  usagePeriod,
  usageResetsAt,
} from '../../shared/learning/usage';
import { holdsAny } from '../../shared/permissions/check';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import type { UsageDetails } from '../../shared/schemas/learning-data';
import { requireLearnerAccess } from '../learning/access';
import { resourceHandler, withCaller } from '../lib/pipeline';
import {
  getCounters,
  getLpAccess,
  getTenantUsageLimits,
  incrementUsage,
  putTenantUsageLimits,
  setLpAccess,
} from '../repositories/usage';
import { getUser, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';

/** Premium is the role's resources.premium switch (the Admin role holds every switch). */
async function isPremium(tenant: string, user: UserRecord): Promise<boolean> {
  const role = await rolesRepository.getCached(tenant, user.roleId);
  return holdsAny(role?.permissions, { areas: ['resources'], actions: ['premium'] });
}

async function usageDetails(tenant: string, user: UserRecord, now = new Date()): Promise<UsageDetails> {
  const period = usagePeriod(now);
  const [counters, lpAccess, premium, limits] = await Promise.all([
    getCounters(tenant, user._id, period),
    getLpAccess(tenant, user._id),
    isPremium(tenant, user),
    getTenantUsageLimits(tenant),
  ]);
  return {
    usage: { user: user._id, period, ...counters },
    limitation: isUnlimited({ premium, lpAccess }) ? null : usageLimits(limits),
    lpAccess,
    premium,
    resetsAt: usageResetsAt(now),
  };
}

export const handler = resourceHandler('usage', learningDataRoutes, {
  'usage.get': withCaller(async ({ tenant, caller, params }) => {
    const user = await requireLearnerAccess(tenant.key, caller, params.id!, 'private');
    const period = usagePeriod(new Date());
    return { user: user._id, period, ...(await getCounters(tenant.key, user._id, period)) };
  }),

  /**
   * Counts one use for the caller. A free account over its monthly limit gets a 429 with the limit and the
   * reset time; the count never passes the limit, however many calls arrive at once.
   */
  'usage.record': withCaller<unknown, { kind: UsageKind; itemKey?: string }>(
    async ({ tenant, caller, body }) => {
      const now = new Date();
      const before = await usageDetails(tenant.key, caller.user, now);
      const limit = before.limitation ? before.limitation[body.kind] : null;
      const result = await incrementUsage(tenant.key, caller.user._id, {
        period: before.usage.period,
        kind: body.kind,
        limit,
        itemKey: body.itemKey,
        // Markers stay a few days past the month's end, then the table's TTL removes them.
        markerExpiresAt: Math.floor(Date.parse(before.resetsAt) / 1000) + 3 * 86_400,
      });
      if (result.outcome === 'limit') {
        throw new TooManyRequestsError(usageLimitMessage(body.kind, limit ?? 0, before.resetsAt), {
          kind: body.kind,
          limit,
          resetsAt: before.resetsAt,
        });
      }
      return {
        ...before,
        usage: { user: caller.user._id, period: before.usage.period, ...result.counters },
        counted: result.outcome === 'counted',
      };
    },
  ),

  'usage.userDetails': withCaller<unknown, { userId?: string }>(async ({ tenant, caller, body }) => {
    const user = await requireLearnerAccess(tenant.key, caller, body.userId ?? caller.user._id, 'private');
    return usageDetails(tenant.key, user);
  }),

  'usage.settings': async ({ tenant }) => usageLimits(await getTenantUsageLimits(tenant.key)),

  'usage.updateSettings': withCaller<unknown, Partial<UsageLimits>>(async ({ tenant, body }) => {
    const next = { ...usageLimits(await getTenantUsageLimits(tenant.key)), ...body };
    await putTenantUsageLimits(tenant.key, next);
    return next;
  }),

  'usage.setAccess': withCaller<unknown, { lpAccess: boolean }>(async ({ tenant, caller, params, body }) => {
    const user = await getUser(tenant.key, params.id!);
    if (!user) throw new NotFoundError('User not found');
    await setLpAccess(tenant.key, user._id, body.lpAccess, caller.user._id);
    return usageDetails(tenant.key, user);
  }),
});
