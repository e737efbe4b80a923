import type { Tenant } from '../../../shared/schemas/tenant';
import { preloadApi, useApi } from './api-client';

export function useTenant() {
  return useApi<Tenant>(['tenants.app'], { revalidateOnFocus: false });
}

/** The header shows the tenant's name on every page. */
export function preloadTenant() {
  void preloadApi<Tenant>(['tenants.app']);
}
