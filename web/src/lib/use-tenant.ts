import { preloadApi, useApi } from './api-client';

export function useTenant() {
  return useApi(['tenants.app'], { revalidateOnFocus: false });
}

/** The header shows the tenant's name on every page. */
export function preloadTenant() {
  void preloadApi(['tenants.app']);
}
