import { tenantRoutes } from '../../shared/routes/accounts';
import { resourceHandler } from '../lib/pipeline';

/** The pipeline already resolved the tenant from the request's domain (or x-tenant-key). */
export const handler = resourceHandler('tenants', tenantRoutes, {
  'tenants.app': async ({ tenant }) => tenant,
});
