import { randomBytes } from 'node:crypto';
import { BadRequestError, ConflictError } from '../../shared/http/errors';
import { type SystemRoleName, systemRoleIds } from '../../shared/permissions/default-roles';
import {
  adminAccountClaim,
  type Claim,
  newTenantRecord,
  type TenantOnboarding,
  type TenantOnboardingInput,
  tenantClaim,
  tenantOnboardingSchema,
} from '../../shared/rules/tenant-onboarding';
import { DEFAULT_GROUP_ID, DEFAULT_GROUP_NAME } from '../../shared/schemas/price-catalogue';
import { DEFAULT_TUTOR_ROLE_ID, DEFAULT_TUTOR_ROLE_NAME } from '../../shared/schemas/tutor-role';
import { sendPasswordLink } from '../auth/password-links';
import { hashPassword } from '../lib/passwords';
import { ensureDefaultGroup, groupsRepository } from '../repositories/price-catalogue';
import { claimTenantDomain, createTenant, getTenant, getTenantKeyByDomain } from '../repositories/tenants';
import { createUser, getUserByEmail } from '../repositories/users';
import { ensureSystemRoles, missingSystemRoles, systemRoleNames } from '../roles/system-roles';
import { hasGeneration, newTenantGenerationWrites, startFirstGeneration } from '../sitemap/service';
import { ensureDefaultTutorRole, tutorRolesRepository } from '../tutor-roles/repository';

export type StepOutcome = 'created' | 'unchanged' | 'would create';
export interface OnboardingStep {
  outcome: StepOutcome;
  what: string;
}
export interface OnboardingReport {
  request: TenantOnboarding;
  dryRun: boolean;
  /** True when this run wrote something (never on a dry run or a rerun). */
  changed: boolean;
  steps: OnboardingStep[];
}
export interface OnboardingOptions {
  /** Reads what is there and answers what would be written, writing nothing. */
  dryRun?: boolean;
  /** The site the admin's set-password link opens; by default `https://<domain>`. */
  siteOrigin?: string;
}

/**
 * Creates a school in the table: the tenant with its settings and the claim of its domain, the six
 * built-in roles, the default tutor role (Editor) and the Default Group, a first admin, who is mailed a link to set their password, and its first sitemap (a
 * generation and its SitemapRequested, written with the tenant, so the sitemap robots.txt names exists once
 * the bus has delivered it, without an admin asking). Every write is
 * conditional, so a key or domain held by another tenant is refused by the database itself (a 409
 * `ConflictError`), and a rerun with the same request writes nothing and says so.
 */
export async function onboardTenant(
  input: TenantOnboardingInput,
  options: OnboardingOptions = {},
): Promise<OnboardingReport> {
  const parsed = tenantOnboardingSchema.safeParse(input);
  if (!parsed.success) {
    throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const request = parsed.data;
  const siteOrigin = (options.siteOrigin ?? `https://${request.domain}`).replace(/\/$/, '');
  const what = describe(request, siteOrigin);

  if (options.dryRun) {
    const tenant = refuseConflict(await readTenantClaim(request));
    const missingRoles = new Set(
      tenant.kind === 'new' ? systemRoleNames : await missingSystemRoles(request.key),
    );
    const tutorRole =
      tenant.kind === 'new' || !(await tutorRolesRepository.get(request.key, DEFAULT_TUTOR_ROLE_ID));
    const group = tenant.kind === 'new' || !(await groupsRepository.get(request.key, DEFAULT_GROUP_ID));
    const admin = refuseConflict(await readAdminClaim(request));
    const sitemap = tenant.kind === 'new' || !(await hasGeneration(request.key));
    const would = (isNew: boolean): StepOutcome => (isNew ? 'would create' : 'unchanged');
    return {
      request,
      dryRun: true,
      changed: false,
      steps: [
        { outcome: would(tenant.kind === 'new'), what: what.tenant },
        { outcome: would(tenant.kind !== 'exists'), what: what.domain },
        ...systemRoleNames.map((name) => ({ outcome: would(missingRoles.has(name)), what: what.role(name) })),
        { outcome: would(tutorRole), what: what.tutorRole },
        { outcome: would(group), what: what.group },
        { outcome: would(admin.kind === 'new'), what: what.admin },
        { outcome: would(admin.kind === 'new'), what: what.mail },
        { outcome: would(sitemap), what: what.sitemap },
      ],
    };
  }

  const tenant = await writeTenant(request);
  const writtenRoles = new Set(await ensureSystemRoles(request.key));
  const tutorRole: StepOutcome = (await ensureDefaultTutorRole(request.key)) ? 'created' : 'unchanged';
  const group: StepOutcome = (await ensureDefaultGroup(request.key)) ? 'created' : 'unchanged';
  const admin = await writeAdmin(request, siteOrigin);
  // Written with a new tenant; a tenant created before tenants got one gets it now.
  const sitemap: StepOutcome =
    tenant.tenant === 'created' || (await startFirstGeneration(request.key)) ? 'created' : 'unchanged';
  const steps: OnboardingStep[] = [
    { outcome: tenant.tenant, what: what.tenant },
    { outcome: tenant.domain, what: what.domain },
    ...systemRoleNames.map((name) => ({
      outcome: writtenRoles.has(name) ? ('created' as const) : ('unchanged' as const),
      what: what.role(name),
    })),
    { outcome: tutorRole, what: what.tutorRole },
    { outcome: group, what: what.group },
    { outcome: admin, what: what.admin },
    { outcome: admin, what: what.mail },
    { outcome: sitemap, what: what.sitemap },
  ];
  return { request, dryRun: false, changed: steps.some((step) => step.outcome === 'created'), steps };
}

function describe(request: TenantOnboarding, siteOrigin: string) {
  return {
    tenant: `tenant ${request.key} "${request.name}" (colour ${request.primaryColor}${request.logoUrl ? `, logo ${request.logoUrl}` : ''}, every feature on, the platform's default settings)`,
    domain: `domain ${request.domain} -> tenant ${request.key}`,
    role: (name: SystemRoleName) => `role ${name} (${systemRoleIds[name]})`,
    tutorRole: `tutor role ${DEFAULT_TUTOR_ROLE_NAME} (${DEFAULT_TUTOR_ROLE_ID}), every feature mode on`,
    group: `price group ${DEFAULT_GROUP_NAME} (${DEFAULT_GROUP_ID})`,
    admin: `admin ${request.adminEmail} (role Admin)`,
    mail: `set-password e-mail to ${request.adminEmail} (a link to ${siteOrigin}, valid for seven days)`,
    sitemap: `first sitemap generation (${request.domain}/sitemap.xml, written once the bus delivers it)`,
  };
}

function refuseConflict(claim: Claim): Exclude<Claim, { kind: 'conflict' }> {
  if (claim.kind === 'conflict') throw new ConflictError(claim.message);
  return claim;
}

async function readTenantClaim(request: TenantOnboarding): Promise<Claim> {
  const [tenant, domainOwner] = await Promise.all([
    getTenant(request.key),
    getTenantKeyByDomain(request.domain),
  ]);
  return tenantClaim(request, { tenant, domainOwner });
}

async function readAdminClaim(request: TenantOnboarding): Promise<Claim> {
  return adminAccountClaim(
    request,
    await getUserByEmail(request.key, request.adminEmail),
    systemRoleIds.Admin,
  );
}

/**
 * The read only chooses what to write and words a refusal: the writes are conditional, so when another
 * run wins in between, what then holds the key or domain decides (a rerun of the same request, or a 409).
 */
async function writeTenant(request: TenantOnboarding): Promise<{ tenant: StepOutcome; domain: StepOutcome }> {
  const claim = refuseConflict(await readTenantClaim(request));
  if (claim.kind === 'exists') return { tenant: 'unchanged', domain: 'unchanged' };
  if (claim.kind === 'claimDomain') {
    if (await claimTenantDomain(request.domain, request.key))
      return { tenant: 'unchanged', domain: 'created' };
  } else if (await createTenant(newTenantRecord(request), newTenantGenerationWrites(request.key))) {
    return { tenant: 'created', domain: 'created' };
  }
  const now = refuseConflict(await readTenantClaim(request));
  if (now.kind === 'exists') return { tenant: 'unchanged', domain: 'unchanged' };
  throw new ConflictError('The tenant changed while it was being created: run the command again');
}

async function writeAdmin(request: TenantOnboarding, siteOrigin: string): Promise<StepOutcome> {
  if (refuseConflict(await readAdminClaim(request)).kind === 'exists') return 'unchanged';
  let user: Awaited<ReturnType<typeof createUser>>;
  try {
    user = await createUser(request.key, {
      firstname: request.adminFirstname,
      lastname: request.adminLastname ?? request.name,
      email: request.adminEmail,
      type: 'admin',
      roleId: systemRoleIds.Admin,
      // Nobody knows this password: the admin sets their own through the mailed link.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    });
  } catch (error) {
    // The e-mail's claim is conditional: another run created an account with it in between.
    if (!(error instanceof ConflictError)) throw error;
    if (refuseConflict(await readAdminClaim(request)).kind === 'exists') return 'unchanged';
    throw error;
  }
  try {
    await sendPasswordLink(request.key, user, {
      purpose: 'invitation',
      siteOrigin,
      schoolName: request.name,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The admin ${request.adminEmail} was created, but the set-password e-mail was not sent (${reason}). ` +
        `They can ask for a link with "Forgot password" on ${siteOrigin}/learning-portal/login.`,
    );
  }
  return 'created';
}
