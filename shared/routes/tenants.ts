import { tenantSchema } from '../schemas/tenant';
import { publicAccess, route } from './define';

/** The tenant of the request (tenant-settings.ts: what its admins change). */
export const tenantRoutes = [
  route({
    id: 'tenants.app',
    method: 'GET',
    path: '/tenants/app',
    resource: 'tenants',
    access: publicAccess,
    response: tenantSchema,
    summary: 'The tenant of the request’s domain',
  }),
];
