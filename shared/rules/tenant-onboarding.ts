import * as z from 'zod';
import { fullPermissionSet } from '../permissions/catalogue';
import { brandPaletteSchema, logoUrlSchema, type Tenant } from '../schemas/tenant';
import { defaultBrandPalette } from './brand-palettes';
import { isValidEmail, normalizeEmail } from './email';

/**
 * A tenant's key begins every record key of the tenant (`T#<key>#...`) and names it in the `x-tenant-key`
 * header: lowercase letters, digits and hyphens, so it can never contain the keys' `#` separator.
 */
const TENANT_KEY_PATTERN = /^[a-z][a-z0-9-]{0,38}[a-z0-9]$/;
const HOST_LABEL_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The host name a request's tenant is found by (the pipeline compares the calling site's host, without
 * port): an operator may paste an origin, so a scheme and a trailing slash are dropped.
 */
export function normalizeTenantDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/$/, '');
}

export function isValidTenantDomain(domain: string): boolean {
  return (
    domain.length > 0 && domain.length <= 253 && domain.split('.').every((l) => HOST_LABEL_PATTERN.test(l))
  );
}

/** What an operator gives to create a school (`npm run tenant -- create`). */
export const tenantOnboardingSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(
      TENANT_KEY_PATTERN,
      'The key is 2 to 40 lowercase letters, digits and hyphens, beginning with a letter and not ending with a hyphen',
    ),
  name: z.string().trim().min(1, 'The name is required').max(100, 'The name is at most 100 characters'),
  domain: z
    .string()
    .transform(normalizeTenantDomain)
    .refine(isValidTenantDomain, 'The domain is a host name such as tutors.example.com (no port or path)'),
  adminEmail: z
    .string()
    .transform(normalizeEmail)
    .refine(isValidEmail, 'The admin e-mail is not a valid address'),
  adminFirstname: z.string().trim().min(1).max(80).default('Admin'),
  /** When left out, the school's name: the account reads "Admin, Acme Tutors" in the back-office. */
  adminLastname: z.string().trim().min(1).max(80).optional(),
  /** Stored even when left out, so the record says which colour the school's site shows. */
  primaryColor: z.string().trim().toLowerCase().pipe(brandPaletteSchema).default(defaultBrandPalette),
  logoUrl: z.string().trim().pipe(logoUrlSchema).optional(),
});
export type TenantOnboardingInput = z.input<typeof tenantOnboardingSchema>;
export type TenantOnboarding = z.output<typeof tenantOnboardingSchema>;

/**
 * The record a new school starts with: every feature of the permission catalogue on (its roles decide who
 * uses what), and its own settings stored as empty overrides, so every policy is the platform default until
 * an admin changes it in the back-office.
 */
export function newTenantRecord(request: TenantOnboarding): Tenant {
  return {
    _id: request.key,
    key: request.key,
    name: request.name,
    domain: request.domain,
    permissions: fullPermissionSet(),
    primaryColor: request.primaryColor,
    ...(request.logoUrl ? { logoUrl: request.logoUrl } : {}),
    settings: { scheduling: {} },
  };
}

export type Claim =
  /** Nothing there yet: write it. */
  | { kind: 'new' }
  /** There already, exactly as asked: a rerun, nothing to write. */
  | { kind: 'exists' }
  /** The tenant is there as asked but nothing claims its domain (written before domains were claimed). */
  | { kind: 'claimDomain' }
  | { kind: 'conflict'; message: string };

/**
 * What creating the tenant means given what the table holds under its key and its domain. Another tenant's
 * key or domain is refused; the same tenant (same key, name, domain and brand) is a rerun.
 */
export function tenantClaim(
  request: Pick<TenantOnboarding, 'key' | 'name' | 'domain' | 'primaryColor' | 'logoUrl'>,
  found: {
    tenant: Pick<Tenant, 'name' | 'domain' | 'primaryColor' | 'logoUrl'> | undefined;
    domainOwner: string | undefined;
  },
): Claim {
  const { tenant, domainOwner } = found;
  if (tenant && tenant.domain !== request.domain) {
    return {
      kind: 'conflict',
      message: `The key "${request.key}" is taken by the tenant "${tenant.name}" on ${tenant.domain}`,
    };
  }
  if (tenant && tenant.name !== request.name) {
    return {
      kind: 'conflict',
      message: `The tenant "${request.key}" already exists, named "${tenant.name}": it is not renamed by create`,
    };
  }
  const brandChange = tenant && brandDifference(request, tenant);
  if (brandChange) {
    return {
      kind: 'conflict',
      message: `The tenant "${request.key}" already exists with ${brandChange}: it is not changed by create`,
    };
  }
  if (domainOwner !== undefined && domainOwner !== request.key) {
    return {
      kind: 'conflict',
      message: `The domain ${request.domain} is taken by the tenant "${domainOwner}"`,
    };
  }
  if (!tenant) return { kind: 'new' };
  return domainOwner === request.key ? { kind: 'exists' } : { kind: 'claimDomain' };
}

/**
 * How the stored brand differs from the one asked for: a tenant stored without a colour shows the default,
 * and a request without a logo leaves the logo as it is.
 */
function brandDifference(
  request: Pick<TenantOnboarding, 'primaryColor' | 'logoUrl'>,
  tenant: Pick<Tenant, 'primaryColor' | 'logoUrl'>,
): string | undefined {
  const color = tenant.primaryColor ?? defaultBrandPalette;
  if (request.primaryColor !== color) return `the colour ${color}`;
  if (request.logoUrl !== undefined && request.logoUrl !== tenant.logoUrl) {
    return tenant.logoUrl ? `the logo ${tenant.logoUrl}` : 'no logo';
  }
  return undefined;
}

/**
 * What creating the first admin means given the account the tenant holds under that e-mail: an admin
 * already (a rerun) or someone else's account, which is not turned into an admin.
 */
export function adminAccountClaim(
  request: Pick<TenantOnboarding, 'key' | 'adminEmail'>,
  found: { roleId: string } | undefined,
  adminRoleId: string,
): Claim {
  if (!found) return { kind: 'new' };
  if (found.roleId === adminRoleId) return { kind: 'exists' };
  return {
    kind: 'conflict',
    message: `${request.adminEmail} already has an account in "${request.key}" that is not an admin: it is not promoted by create`,
  };
}
