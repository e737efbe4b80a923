import { NotFoundError, TooManyRequestsError } from '../../shared/http/errors';
import {
  isUnlimited,
  usageLimitMessage,
  usageLimits,
  usagePeriod,
  usageResetsAt,
} from '../../shared/learning/usage';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import type { UsageDetails } from '../../shared/schemas/learning-data';
import { requireLearnerAccess } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import {
  getCounters,
  getTenantUsageLimits,
  incrementUsage,
  putTenantUsageLimits,
  setLpAccess,
} from '../repositories/usage';
import { getUser, type UserRecord } from '../repositories/users';
import { markerExpiresAt, usageStanding } from './meter';

async function usageDetails(tenant: string, user: UserRecord, now = new Date()): Promise<UsageDetails> {
  const period = usagePeriod(now);
  const [counters, standing] = await Promise.all([
    getCounters(tenant, user._id, period),
    usageStanding(tenant, user),
  ]);
  return {
    usage: { user: user._id, period, ...counters },
    limitation: isUnlimited(standing) ? null : usageLimits(standing.tenantLimits),
    lpAccess: standing.lpAccess,
    premium: standing.premium,
    resetsAt: usageResetsAt(now),
  };
}

export const handler = resourceHandler('usage', learningDataRoutes, {
  'usage.get': async ({ tenant, caller, params }) => {
    const user = await requireLearnerAccess(tenant.key, caller, params.id, 'private');
    const period = usagePeriod(new Date());
    return { user: user._id, period, ...(await getCounters(tenant.key, user._id, period)) };
  },

  /**
   * Counts one use for the caller: the SPA calls it when a learner starts a video (videoWatches, item = the
   * video); page views and quiz scores are counted by POST /progress itself. A free account over its
   * monthly limit gets a 429 with the limit and the reset time; the count never passes the limit, however
   * many calls arrive at once.
   */
  'usage.record': async ({ tenant, caller, body }) => {
    const now = new Date();
    const before = await usageDetails(tenant.key, caller.user, now);
    const limit = before.limitation ? before.limitation[body.kind] : null;
    const result = await incrementUsage(tenant.key, caller.user._id, {
      period: before.usage.period,
      kind: body.kind,
      limit,
      itemKey: body.itemKey,
      markerExpiresAt: markerExpiresAt(before.resetsAt),
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

  'usage.userDetails': async ({ tenant, caller, body }) => {
    const user = await requireLearnerAccess(tenant.key, caller, body.userId ?? caller.user._id, 'private');
    return usageDetails(tenant.key, user);
  },

  'usage.settings': async ({ tenant }) => usageLimits(await getTenantUsageLimits(tenant.key)),

  'usage.updateSettings': async ({ tenant, body }) => {
    const next = { ...usageLimits(await getTenantUsageLimits(tenant.key)), ...body };
    await putTenantUsageLimits(tenant.key, next);
    return next;
  },

  'usage.setAccess': async ({ tenant, caller, params, body }) => {
    const user = await getUser(tenant.key, params.id);
    if (!user) throw new NotFoundError('User not found');
    await setLpAccess(tenant.key, user._id, body.lpAccess, caller.user._id);
    return usageDetails(tenant.key, user);
  },
});
