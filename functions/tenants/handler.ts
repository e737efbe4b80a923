import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import { lateChangePolicy } from '../../shared/money/late-change';
import { moneySettings, moneySettingsChange, moneySettingsDoc } from '../../shared/money/settings';
import { DEFAULT_REMINDER_MINUTES } from '../../shared/notifications/notification';
import { tenantSettingsRoutes } from '../../shared/routes/tenant-settings';
import { tenantRoutes } from '../../shared/routes/tenants';
import {
  applySchedulingChange,
  defaultSchedulingSettings,
  type SchedulingOverrides,
  schedulingSettings,
} from '../../shared/scheduling/settings';
import { forgetCachedTenant, resourceHandler } from '../lib/pipeline';
import { getTenant, putTenantSettingsPart, saveTenantMoneySettings } from '../repositories/tenants';

const schedulingView = (overrides: SchedulingOverrides | undefined) => ({
  settings: schedulingSettings(overrides),
  overrides: overrides ?? {},
  defaults: defaultSchedulingSettings,
});

/** The pipeline already resolved the tenant from the request's domain (or x-tenant-key). */
export const handler = resourceHandler('tenants', [...tenantRoutes, ...tenantSettingsRoutes], {
  // The premium price is stored in minor units: the public answer leaves it out (its API form is
  // payments.premiumProductPrice, in major units).
  'tenants.app': async ({ tenant }) => {
    const money = tenant.settings?.money;
    if (!money?.premiumPrice) return tenant;
    const { premiumPrice: _stored, ...currencies } = money;
    return { ...tenant, settings: { ...tenant.settings, money: currencies } };
  },

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
    // Only the scheduling part: a change of the currencies at the same moment is kept.
    await putTenantSettingsPart(tenant.key, 'scheduling', overrides);
    forgetCachedTenant(tenant.key);
    return schedulingView(overrides);
  },

  'tenants.moneySettings': async ({ tenant }) => {
    const stored = (await getTenant(tenant.key))?.settings?.money;
    return { settings: moneySettingsDoc(moneySettings(stored)), isDefault: !stored };
  },

  // Prices already set keep their currency: a currency no longer accepted is refused for new prices only.
  // The save writes only what the form names (no read first): see saveTenantMoneySettings.
  'tenants.updateMoneySettings': async ({ tenant, body }) => {
    const stored = await saveTenantMoneySettings(tenant.key, moneySettingsChange(body));
    forgetCachedTenant(tenant.key);
    return { settings: moneySettingsDoc(moneySettings(stored)), isDefault: false };
  },

  'tenants.lateChangePolicy': async ({ tenant }) => {
    const stored = (await getTenant(tenant.key))?.settings?.lateChange;
    return { policy: lateChangePolicy(stored), isDefault: !stored };
  },

  // Reminders already sent stay sent; the next five-minute run uses the new windows.
  'tenants.notificationSettings': async ({ tenant }) => {
    const stored = (await getTenant(tenant.key))?.settings?.notifications?.reminderMinutes;
    return { reminderMinutes: stored ?? [...DEFAULT_REMINDER_MINUTES], isDefault: !stored };
  },
  'tenants.updateNotificationSettings': async ({ tenant, body }) => {
    const reminderMinutes = [...new Set(body.reminderMinutes)].sort((a, b) => b - a);
    await putTenantSettingsPart(tenant.key, 'notifications', { reminderMinutes });
    forgetCachedTenant(tenant.key);
    return { reminderMinutes, isDefault: false };
  },

  // Requests already made keep the penalty they were given: it was decided by the policy of their time.
  'tenants.updateLateChangePolicy': async ({ tenant, body }) => {
    const policy = { tiers: [...body.tiers].sort((a, b) => b.withinHours - a.withinHours) };
    await putTenantSettingsPart(tenant.key, 'lateChange', policy);
    forgetCachedTenant(tenant.key);
    return { policy, isDefault: false };
  },
});
