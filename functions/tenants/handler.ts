import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import { tenantSettingsRoutes } from '../../shared/routes/tenant-settings';
import { tenantRoutes } from '../../shared/routes/tenants';
import {
  applySchedulingChange,
  defaultSchedulingSettings,
  type SchedulingOverrides,
  schedulingSettings,
} from '../../shared/scheduling/settings';
import { forgetCachedTenant, resourceHandler } from '../lib/pipeline';
import { getTenant, putTenantSettings } from '../repositories/tenants';

const schedulingView = (overrides: SchedulingOverrides | undefined) => ({
  settings: schedulingSettings(overrides),
  overrides: overrides ?? {},
  defaults: defaultSchedulingSettings,
});

/** The pipeline already resolved the tenant from the request's domain (or x-tenant-key). */
export const handler = resourceHandler('tenants', [...tenantRoutes, ...tenantSettingsRoutes], {
  'tenants.app': async ({ tenant }) => tenant,

  'tenants.schedulingSettings': async ({ tenant }) => {
    // Read, not the pipeline's cached copy: an admin looking at the policy right after changing it.
    const current = await getTenant(tenant.key);
    return schedulingView(current?.settings?.scheduling);
  },

  'tenants.updateSchedulingSettings': async ({ tenant, body }) => {
    const current = await getTenant(tenant.key);
    if (!current) throw new NotFoundError('Unknown tenant');
    const { overrides, problem } = applySchedulingChange(current.settings?.scheduling, body);
    if (problem) throw new BadRequestError(problem);
    await putTenantSettings(tenant.key, { ...current.settings, scheduling: overrides });
    forgetCachedTenant(tenant.key);
    return schedulingView(overrides);
  },
});
