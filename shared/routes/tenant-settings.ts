import * as z from 'zod';
import { partial } from 'zod/mini';
import { lateChangePolicySchema } from '../money/late-change';
import { moneySettingsBodySchema, moneySettingsSchema } from '../money/settings';
import { reminderMinutesSchema } from '../notifications/notification';
import { schedulingSettingsSchema } from '../scheduling/settings';
import { permission, route } from './define';

/** Each field of the policy, optional, and null to go back to the platform default. */
type SchedulingShape = typeof schedulingSettingsSchema.shape;
const schedulingChangeSchema = z.object(
  Object.fromEntries(
    Object.entries(schedulingSettingsSchema.shape).map(([name, field]) => [
      name,
      z.optional(z.nullable(field._zod.def.innerType)),
    ]),
    // Object.fromEntries forgets the names: the shape is each setting's number, optional and nullable.
  ) as {
    [K in keyof SchedulingShape]: z.ZodOptional<
      z.ZodNullable<SchedulingShape[K]['_zod']['def']['innerType']>
    >;
  },
);

export const schedulingSettingsResponseSchema = z.object({
  /** The policy in force: the tenant's overrides over the platform defaults. */
  settings: schedulingSettingsSchema,
  /** Only what this tenant changed. */
  overrides: partial(schedulingSettingsSchema),
  defaults: schedulingSettingsSchema,
});
export type SchedulingSettingsResponse = z.infer<typeof schedulingSettingsResponseSchema>;

/** The reminder windows in force; `isDefault` while the tenant never set them. */
export const notificationSettingsResponseSchema = z.object({
  reminderMinutes: z.array(z.number().int()),
  isDefault: z.boolean(),
});

/** The late-change policy in force; `isDefault` while the tenant never set one (no penalty). */
export const lateChangePolicyResponseSchema = z.object({
  policy: lateChangePolicySchema,
  isDefault: z.boolean(),
});

/**
 * A tenant's own policies (the tenant record itself is read by GET /tenants/app). The late-change policy is
 * part of the scheduling policy's area (it prices a late change the change notice names): its permissions.
 */
export const tenantSettingsRoutes = [
  route({
    id: 'tenants.schedulingSettings',
    method: 'GET',
    path: '/admin/tenant-settings/scheduling',
    resource: 'tenants',
    access: permission('adminSettings', ['schedulingSettingsView', 'schedulingSettingsEdit']),
    response: schedulingSettingsResponseSchema,
    summary:
      "The tenant's scheduling policy: minimum notice, buffer, slot step, trial length, booking horizon, change notice",
  }),
  route({
    id: 'tenants.updateSchedulingSettings',
    method: 'PUT',
    path: '/admin/tenant-settings/scheduling',
    resource: 'tenants',
    access: permission('adminSettings', 'schedulingSettingsEdit'),
    body: schedulingChangeSchema.strict(),
    response: schedulingSettingsResponseSchema,
    summary: "Change the tenant's scheduling policy (null puts a field back to the platform default)",
  }),
  route({
    id: 'tenants.moneySettings',
    method: 'GET',
    path: '/admin/tenant-settings/money',
    resource: 'tenants',
    access: permission('adminSettings', ['currencySettingsView', 'currencySettingsEdit']),
    response: z.object({ settings: moneySettingsSchema, isDefault: z.boolean() }),
    summary: "The tenant's currencies: the default one and those it accepts",
  }),
  route({
    id: 'tenants.updateMoneySettings',
    method: 'PUT',
    path: '/admin/tenant-settings/money',
    resource: 'tenants',
    access: permission('adminSettings', 'currencySettingsEdit'),
    body: moneySettingsBodySchema,
    response: z.object({ settings: moneySettingsSchema, isDefault: z.boolean() }),
    summary: "Change the tenant's currencies (prices already set keep theirs)",
  }),
  route({
    id: 'tenants.lateChangePolicy',
    method: 'GET',
    path: '/admin/tenant-settings/late-change',
    resource: 'tenants',
    access: permission('adminSettings', ['schedulingSettingsView', 'schedulingSettingsEdit']),
    response: lateChangePolicyResponseSchema,
    summary: "The tenant's late-change policy: what a tutor's late cancel or reschedule costs them",
  }),
  route({
    id: 'tenants.updateLateChangePolicy',
    method: 'PUT',
    path: '/admin/tenant-settings/late-change',
    resource: 'tenants',
    access: permission('adminSettings', 'schedulingSettingsEdit'),
    body: z.strictObject(lateChangePolicySchema.shape),
    response: lateChangePolicyResponseSchema,
    summary: "Change the tenant's late-change policy (requests already made keep their penalty)",
  }),
  // --- Notifications (issue 19 item 5): when lessons are reminded, beside the scheduling policy.
  route({
    id: 'tenants.notificationSettings',
    method: 'GET',
    path: '/admin/tenant-settings/notifications',
    resource: 'tenants',
    access: permission('adminSettings', ['schedulingSettingsView', 'schedulingSettingsEdit']),
    response: notificationSettingsResponseSchema,
    summary: "The tenant's lesson reminder windows (minutes before the start; default 1440 and 15)",
  }),
  route({
    id: 'tenants.updateNotificationSettings',
    method: 'PUT',
    path: '/admin/tenant-settings/notifications',
    resource: 'tenants',
    access: permission('adminSettings', 'schedulingSettingsEdit'),
    body: z.strictObject({ reminderMinutes: reminderMinutesSchema }),
    response: notificationSettingsResponseSchema,
    summary: "Change the tenant's lesson reminder windows (one to three, 5 minutes to 7 days before)",
  }),
];
