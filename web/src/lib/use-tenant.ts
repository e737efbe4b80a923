import { useLayoutEffect } from 'react';
import { preloadApi, useApi } from './api-client';
import { rememberBrand, storedBrand, type TenantBrand } from './tenant-brand';

export function useTenant() {
  return useApi(['tenants.app'], { revalidateOnFocus: false });
}

/** The header shows the tenant's name on every page. */
export function preloadTenant() {
  void preloadApi(['tenants.app']);
}

/**
 * The tenant's name, colour and logo: the API's answer or, until it arrives, what this site showed last.
 * Neither on a first visit until the answer arrives, and `failed` when it cannot be read.
 */
export function useTenantBrand(): { brand: TenantBrand | undefined; failed: boolean } {
  const { data, error } = useTenant();
  return { brand: data ?? storedBrand(), failed: error !== undefined };
}

/**
 * Applies the tenant's answer (its colours) and keeps it for the next visit's first paint; before the
 * browser paints, so the name and the colours of a first visit change together.
 */
export function useRememberBrand(): void {
  const { data } = useTenant();
  useLayoutEffect(() => {
    if (data) rememberBrand(data);
  }, [data]);
}
