import type { Tenant } from '../../../shared/schemas/tenant';
import { useApi } from './api-client';

export function useTenant() {
  return useApi<Tenant>(['tenants.app'], { revalidateOnFocus: false });
}
