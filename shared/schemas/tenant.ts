import * as z from 'zod';

export const tenantSchema = z.object({
  _id: z.string(),
  key: z.string(),
  name: z.string(),
  domain: z.string(),
  permissions: z.record(z.string(), z.array(z.string())),
  primaryColor: z.string().optional(),
});
export type Tenant = z.infer<typeof tenantSchema>;
