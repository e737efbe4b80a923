import { type BrandPalette, defaultBrandPalette, isBrandPalette } from '../../../shared/rules/brand-palettes';
import type { Tenant } from '../../../shared/schemas/tenant';
import { storageKeys } from '../config/storage-keys';
import { applyBrandColors } from '../theme/brand';

/** What every page shows of its tenant, signed in or not. */
export type TenantBrand = Pick<Tenant, 'name' | 'primaryColor' | 'logoUrl'>;

const isWebAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value);

/**
 * The brand's fields of a tenant answer or of what storage holds, checked by hand (zod would add about
 * 30 KB to the start of every page): storage is anyone's to edit, and a colour or logo that is not valid is
 * left out rather than applied.
 */
export function brandOf(value: unknown): TenantBrand | undefined {
  if (typeof value !== 'object' || value === null || !('name' in value) || typeof value.name !== 'string') {
    return undefined;
  }
  const primaryColor =
    'primaryColor' in value && isBrandPalette(value.primaryColor) ? value.primaryColor : undefined;
  const logoUrl = 'logoUrl' in value && isWebAddress(value.logoUrl) ? value.logoUrl : undefined;
  return { name: value.name, ...(primaryColor && { primaryColor }), ...(logoUrl && { logoUrl }) };
}

/** The palette a known brand shows: its own, or the platform's default. None while the brand is unknown. */
export function paletteOf(brand: TenantBrand | undefined): BrandPalette | undefined {
  return brand && (brand.primaryColor ?? defaultBrandPalette);
}

/** undefined: not read yet. */
let stored: { brand: TenantBrand | undefined } | undefined;

/** The brand this site showed last (local storage is per origin, so per tenant host); none on a first visit. */
export function storedBrand(): TenantBrand | undefined {
  if (!stored) {
    let brand: TenantBrand | undefined;
    try {
      brand = brandOf(JSON.parse(localStorage.getItem(storageKeys.tenantBrand) ?? 'null'));
    } catch {
      // Storage blocked or its value not JSON: as on a first visit.
    }
    stored = { brand };
  }
  return stored.brand;
}

/** Before the first render (main.tsx): a returning visitor's first paint is in their tenant's colours. */
export function applyStoredBrand(): void {
  applyBrandColors(paletteOf(storedBrand()));
}

/** Shows the tenant's answer and keeps it for the next visit's first paint. */
export function rememberBrand(tenant: TenantBrand): void {
  const brand = brandOf(tenant);
  stored = { brand };
  applyBrandColors(paletteOf(brand));
  try {
    localStorage.setItem(storageKeys.tenantBrand, JSON.stringify(brand));
  } catch {
    // Storage blocked or full: the next visit waits for the answer again.
  }
}
