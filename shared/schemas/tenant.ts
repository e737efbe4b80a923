import * as z from 'zod';
import { schedulingSettingsSchema } from '../scheduling/settings';

export const tenantSchema = z.object({
  _id: z.string(),
  key: z.string(),
  name: z.string(),
  domain: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
  primaryColor: z.string().optional(),
  /** Each tenant's own policies; anything left out takes the platform default. */
  settings: z.object({ scheduling: schedulingSettingsSchema.partial().optional() }).optional(),
});
export type Tenant = z.infer<typeof tenantSchema>;
