import { learningDataRoutes } from '../../shared/routes/learning-data';
import { resourceHandler } from '../lib/pipeline';
import { putAnalyticsEvent } from '../repositories/analytics';

/**
 * Spec 000 "POST analytics (payload not shown)": one bounded event (name, path, at most 20 short
 * properties) from a signed-in user, stored in the tenant with a 90-day TTL.
 */
export const handler = resourceHandler('analytics', learningDataRoutes, {
  'analytics.record': async ({ tenant, caller, body }) => {
    await putAnalyticsEvent(tenant.key, { ...body, userId: caller.user._id });
    return { accepted: true };
  },
});
