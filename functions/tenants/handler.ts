import { resourceHandler } from '../lib/pipeline';

/** The pipeline already resolved the tenant from the request's domain (or x-tenant-key). */
export const handler = resourceHandler('tenants', {
  'tenants.app': async ({ tenant }) => tenant,
});
