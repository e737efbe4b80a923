import { describe, expect, it } from 'vitest';
import { fullPermissionSet } from '../permissions/catalogue';
import {
  adminAccountClaim,
  newTenantRecord,
  normalizeTenantDomain,
  tenantClaim,
  tenantOnboardingSchema,
} from './tenant-onboarding';

const acme = {
  key: 'acme',
  name: 'Acme Tutors',
  domain: 'tutors.acme.example',
  primaryColor: 'teal' as const,
};

describe('tenant onboarding input', () => {
  it('normalizes the domain and the admin e-mail, and defaults the admin name and the colour', () => {
    // Prepare / Act
    const parsed = tenantOnboardingSchema.parse({
      key: 'acme',
      name: ' Acme Tutors ',
      domain: 'HTTPS://Tutors.Acme.Example/',
      adminEmail: ' Ada@Acme.Example ',
    });

    // Assess
    expect(parsed).toEqual({
      key: 'acme',
      name: 'Acme Tutors',
      domain: 'tutors.acme.example',
      adminEmail: 'ada@acme.example',
      adminFirstname: 'Admin',
      primaryColor: 'teal',
    });
  });

  it('takes a colour from the allowed palettes and an http(s) logo', () => {
    const parsed = tenantOnboardingSchema.parse({
      ...acme,
      adminEmail: 'ada@acme.example',
      primaryColor: 'blue',
      logoUrl: ' https://cdn.acme.example/logo.svg ',
    });
    expect(parsed).toMatchObject({ primaryColor: 'blue', logoUrl: 'https://cdn.acme.example/logo.svg' });
    expect(newTenantRecord(parsed)).toMatchObject({
      primaryColor: 'blue',
      logoUrl: 'https://cdn.acme.example/logo.svg',
    });
  });

  it.each([
    ['a key with the keys’ separator', { key: 'ac#me' }],
    ['an upper-case key', { key: 'Acme' }],
    ['a one-letter key', { key: 'a' }],
    ['a key ending with a hyphen', { key: 'acme-' }],
    ['a domain with a port', { domain: 'acme.example:8443' }],
    ['a domain with a path', { domain: 'acme.example/school' }],
    ['a domain with an empty label', { domain: 'acme..example' }],
    ['an invalid admin e-mail', { adminEmail: 'ada@' }],
    ['an empty name', { name: '  ' }],
    ['a colour outside the allowed palettes', { primaryColor: 'red' }],
    ['a colour given as a hex code', { primaryColor: '#0d9488' }],
    ['a logo that is not a web address', { logoUrl: 'javascript:alert(1)' }],
  ])('refuses %s', (_label, change) => {
    const input = { ...acme, adminEmail: 'ada@acme.example', ...change };
    expect(tenantOnboardingSchema.safeParse(input).success).toBe(false);
  });

  it('accepts single-label and IPv4 hosts for local use', () => {
    expect(normalizeTenantDomain('http://localhost/')).toBe('localhost');
    for (const domain of ['localhost', '127.0.0.1']) {
      expect(tenantOnboardingSchema.safeParse({ ...acme, domain, adminEmail: 'a@b.example' }).success).toBe(
        true,
      );
    }
  });

  it('starts a school with every feature and the platform’s default settings', () => {
    const request = tenantOnboardingSchema.parse({ ...acme, adminEmail: 'ada@acme.example' });
    expect(newTenantRecord(request)).toEqual({
      _id: 'acme',
      ...acme,
      permissions: fullPermissionSet(),
      settings: { scheduling: {} },
    });
  });
});

describe('tenant claim', () => {
  it('creates a tenant whose key and domain are free', () => {
    expect(tenantClaim(acme, { tenant: undefined, domainOwner: undefined })).toEqual({ kind: 'new' });
  });

  it('is a rerun when the same tenant holds its key and domain', () => {
    expect(tenantClaim(acme, { tenant: acme, domainOwner: 'acme' })).toEqual({ kind: 'exists' });
  });

  it('claims the domain of the same tenant when nothing claims it', () => {
    expect(tenantClaim(acme, { tenant: acme, domainOwner: undefined })).toEqual({ kind: 'claimDomain' });
  });

  it('refuses a key held by a tenant on another domain or with another name', () => {
    expect(
      tenantClaim(acme, { tenant: { name: 'Acme', domain: 'other.example' }, domainOwner: undefined }),
    ).toEqual({
      kind: 'conflict',
      message: 'The key "acme" is taken by the tenant "Acme" on other.example',
    });
    expect(tenantClaim(acme, { tenant: { ...acme, name: 'Acme Ltd' }, domainOwner: 'acme' })).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('named "Acme Ltd"'),
    });
  });

  it('refuses to change the colour or the logo of an existing tenant', () => {
    expect(tenantClaim({ ...acme, primaryColor: 'blue' }, { tenant: acme, domainOwner: 'acme' })).toEqual({
      kind: 'conflict',
      message: 'The tenant "acme" already exists with the colour teal: it is not changed by create',
    });
    const logo = 'https://cdn.acme.example/logo.svg';
    expect(tenantClaim({ ...acme, logoUrl: logo }, { tenant: acme, domainOwner: 'acme' })).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining('with no logo'),
    });
    // A request without a logo leaves the stored one; a tenant stored without a colour shows the default.
    const { primaryColor: _, ...colourless } = acme;
    expect(tenantClaim(acme, { tenant: { ...colourless, logoUrl: logo }, domainOwner: 'acme' })).toEqual({
      kind: 'exists',
    });
  });

  it('refuses a domain held by another tenant', () => {
    expect(tenantClaim(acme, { tenant: undefined, domainOwner: 'demo' })).toEqual({
      kind: 'conflict',
      message: 'The domain tutors.acme.example is taken by the tenant "demo"',
    });
  });
});

describe('first admin claim', () => {
  const request = { key: 'acme', adminEmail: 'ada@acme.example' };

  it('creates the admin, or leaves an existing admin as it is', () => {
    expect(adminAccountClaim(request, undefined, 'role-admin')).toEqual({ kind: 'new' });
    expect(adminAccountClaim(request, { roleId: 'role-admin' }, 'role-admin')).toEqual({ kind: 'exists' });
  });

  it('does not promote another account with that e-mail', () => {
    expect(adminAccountClaim(request, { roleId: 'role-student' }, 'role-admin')).toMatchObject({
      kind: 'conflict',
    });
  });
});
