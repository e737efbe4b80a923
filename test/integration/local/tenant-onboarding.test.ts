import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sitemapsRepository } from '../../../functions/repositories/sitemaps';
import { onboardTenant } from '../../../functions/tenants/onboarding';
import { readAllItems } from '../../../infra/local/dynamodb';
import { readOutbox } from '../../../infra/local/mailbox';
import { localSiteEdge } from '../../../infra/local/site-edge';
import { runTenantCommand } from '../../../infra/tenant/cli';
import { ConflictError } from '../../../shared/http/errors';
import { readSitemapXml } from '../../support/sitemap-xml';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
const repoRoot = resolve(import.meta.dirname, '../../..');

/**
 * Every item of the file's table, as comparable text: a write of any kind changes it. Taken once the events
 * written so far are handled (a new tenant's first sitemap), so it holds the runs' writes only.
 */
async function tableSnapshot(): Promise<string[]> {
  await local.stack.events.settled();
  const items = await readAllItems(local.stack.dynamoEndpoint, process.env.TABLE_NAME ?? '');
  return items.map((item) => JSON.stringify(item)).sort();
}

const mailsTo = async (email: string) =>
  (await readOutbox(local.stack.outboxDir)).filter((mail) => mail.to === email);

const acme = {
  key: 'acme',
  name: 'Acme Tutors',
  domain: 'tutors.acme.example',
  adminEmail: 'ada@acme.example',
  adminFirstname: 'Ada',
};
const siteOrigin = 'http://tutors.acme.example:5173';

describe('tenant onboarding against DynamoDB Local', () => {
  it('a dry run reads and says what it would write, and writes nothing', async () => {
    // Prepare
    const before = await tableSnapshot();

    // Act
    const report = await onboardTenant(acme, { dryRun: true, siteOrigin });

    // Assess
    expect(report).toMatchObject({ dryRun: true, changed: false });
    expect(report.steps.map((step) => step.outcome)).toEqual(Array(13).fill('would create'));
    expect(report.steps.map((step) => step.what)).toEqual([
      `tenant acme "Acme Tutors" (colour teal, every feature on, the platform's default settings)`,
      'domain tutors.acme.example -> tenant acme',
      'role Admin (role-admin)',
      'role Approver (role-approver)',
      'role Enterer (role-enterer)',
      'role Student (role-student)',
      'role Tutor (role-tutor)',
      'role Guest (role-guest)',
      'tutor role Editor (tutor-role-editor), every feature mode on',
      'price group Default Group (default-group)',
      'admin ada@acme.example (role Admin)',
      `set-password e-mail to ada@acme.example (a link to ${siteOrigin}, valid for seven days)`,
      'first sitemap generation (tutors.acme.example/sitemap.xml, written once the bus delivers it)',
    ]);
    expect(await tableSnapshot()).toEqual(before);
    expect(await mailsTo(acme.adminEmail)).toEqual([]);
  });

  it('creates the tenant, its settings, the six roles and an admin who sets a password by the mailed link', async () => {
    // Act
    const report = await onboardTenant(acme, { siteOrigin });

    // Assess: everything written
    expect(report.changed).toBe(true);
    expect(report.steps.every((step) => step.outcome === 'created')).toBe(true);
    const app = await local.api.call('tenants.app', { tenant: 'acme' });
    expect(app.status).toBe(200);
    expect(app.body).toMatchObject({
      key: 'acme',
      name: 'Acme Tutors',
      domain: 'tutors.acme.example',
      primaryColor: 'teal',
    });

    // The tenant is found by its domain, as a white-label site's requests find it.
    const byDomain = await local.api.call('tenants.app', {
      tenant: '',
      headers: { 'x-tenant-key': '', origin: 'https://tutors.acme.example' },
    });
    expect(byDomain.body).toMatchObject({ key: 'acme' });

    // Assess: the admin sets a password through the mail, then signs in and sees the six roles
    const [mail] = await mailsTo(acme.adminEmail);
    expect(mail?.subject).toBe('Your administrator account at Acme Tutors');
    const link = new URL(mail?.text.match(/https?:\/\/\S+reset-password\?\S+/)?.[0] ?? '');
    expect(link.origin).toBe(siteOrigin);
    expect(link.pathname).toBe('/learning-portal/reset-password');
    const reset = await local.api.call('auth.resetPassword', {
      tenant: 'acme',
      body: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        password: 'Acme-admin-1',
      },
    });
    expect(reset.status).toBe(200);
    const admin = await local.api.signIn(acme.adminEmail, 'Acme-admin-1', 'acme');
    const roles = await local.api.call<{
      totalDocs: number;
      docs: Array<{ name: string; isSystem: boolean }>;
    }>('roles.list', { tenant: 'acme', token: admin.token, query: { limit: 10 } });
    expect(roles.status).toBe(200);
    expect(roles.body.totalDocs).toBe(6);
    expect(roles.body.docs.map((role) => role.name).sort()).toEqual([
      'Admin',
      'Approver',
      'Enterer',
      'Guest',
      'Student',
      'Tutor',
    ]);
    const group = await local.api.call('groups.get', {
      tenant: 'acme',
      token: admin.token,
      params: { id: 'default-group' },
    });
    expect(group.body).toMatchObject({ name: 'Default Group', isDefault: true, status: 'ACTIVE' });
    const policy = await local.api.call('tenants.schedulingSettings', { tenant: 'acme', token: admin.token });
    expect(policy.status).toBe(200);
    expect(policy.body).toMatchObject({ overrides: {} });
    // The admin's token is the acme tenant's only.
    expect((await local.api.call('roles.list', { tenant: 'demo', token: admin.token })).status).toBe(401);
  });

  it('gives the new tenant its sitemap without an admin asking, once the bus delivers the request', async () => {
    // Act: the request written with the tenant reaches the sitemap function
    await local.stack.events.settled();

    // Assess: one generation, started by the creation and finished
    const { docs } = await sitemapsRepository.list('acme', { limit: 10, offset: 0 });
    expect(docs).toEqual([
      expect.objectContaining({ trigger: 'tenantCreated', status: 'COMPLETED', files: ['sitemap.xml'] }),
    ]);
    // The site serves it on the tenant's domain (the local edge reads what the cloud's edge does).
    const edge = localSiteEdge();
    const xml = await edge.sitemapFile('tutors.acme.example', 'sitemap.xml');
    edge.close();
    expect(xml).toBeDefined();
    const locs = (await readSitemapXml(xml ?? '', 'urlset')).map((url) => url.loc);
    expect(locs).toEqual(['http://tutors.acme.example:5173/learning-portal/']);
  });

  it('a rerun with the same arguments changes nothing and says so', async () => {
    // Prepare
    const before = await tableSnapshot();
    const mailsBefore = (await mailsTo(acme.adminEmail)).length;

    // Act
    const report = await onboardTenant(acme, { siteOrigin });
    const dryRun = await onboardTenant(acme, { siteOrigin, dryRun: true });

    // Assess
    expect(report.changed).toBe(false);
    expect(report.steps.every((step) => step.outcome === 'unchanged')).toBe(true);
    expect(dryRun.steps.every((step) => step.outcome === 'unchanged')).toBe(true);
    expect(await tableSnapshot()).toEqual(before);
    expect(await mailsTo(acme.adminEmail)).toHaveLength(mailsBefore);
  });

  it.each([
    [
      'a domain another tenant holds',
      { ...acme, key: 'acme-two', domain: 'localhost', adminEmail: 'x@acme.example' },
      'The domain localhost is taken by the tenant "demo"',
    ],
    [
      'a key another tenant holds',
      { ...acme, key: 'demo', domain: 'demo.acme.example', adminEmail: 'x@acme.example' },
      'The key "demo" is taken by the tenant "Demo Academy" on localhost',
    ],
    [
      'the same key under another name',
      { ...acme, name: 'Acme Learning' },
      'The tenant "acme" already exists, named "Acme Tutors": it is not renamed by create',
    ],
    [
      'the same tenant in another colour',
      { ...acme, primaryColor: 'purple' },
      'The tenant "acme" already exists with the colour teal: it is not changed by create',
    ],
    [
      'an e-mail of an account that is not an admin',
      { ...acme, key: 'demo', name: 'Demo Academy', domain: 'localhost', adminEmail: 'student1@demo.test' },
      'student1@demo.test already has an account in "demo" that is not an admin: it is not promoted by create',
    ],
  ])('refuses %s and writes nothing', async (_label, request, message) => {
    const before = await tableSnapshot();
    await expect(onboardTenant(request, { siteOrigin })).rejects.toThrow(new ConflictError(message));
    await expect(onboardTenant(request, { siteOrigin, dryRun: true })).rejects.toThrow(message);
    expect(await tableSnapshot()).toEqual(before);
  });

  it('gives a domain to one tenant however concurrent the creations: the database holds the claim', async () => {
    // Prepare: both runs read a free domain before either writes.
    const runs = ['race-one', 'race-two', 'race-three'].map((key) =>
      onboardTenant({ ...acme, key, domain: 'race.acme.example', adminEmail: `admin@${key}.example` }),
    );

    // Act
    const results = await Promise.allSettled(runs);

    // Assess
    const created = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const error of refused) {
      expect(error).toBeInstanceOf(ConflictError);
      expect(String(error)).toMatch(/The domain race\.acme\.example is taken by the tenant "race-/);
    }
  });
});

describe('npm run tenant', () => {
  it('prints the plan of a dry run, the outcome of a run, and refuses with exit code 1', async () => {
    // Prepare
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const env = { ...process.env };
    const args = ['create', '--key', 'globex', '--name', 'Globex School', '--domain', 'globex.example'];
    const withAdmin = [
      ...args,
      '--admin-email',
      'hank@globex.example',
      '--site-url',
      'http://globex.example',
      '--primary-color',
      'Purple',
      '--logo-url',
      'https://cdn.globex.example/logo.svg',
    ];
    const before = await tableSnapshot();

    // Act / Assess: usage errors
    expect(await runTenantCommand(args, env, print)).toBe(2);
    expect(lines.pop()).toMatch(/^Missing --admin-email/);
    expect(await runTenantCommand([...withAdmin, '--key', 'Bad#Key'], env, print)).toBe(2);
    expect(lines.pop()).toMatch(/^Invalid: The key is 2 to 40 lowercase letters/);
    expect(await runTenantCommand([...withAdmin, '--primary-color', 'red'], env, print)).toBe(2);
    expect(lines.pop()).toBe(
      'Invalid: The colour is one of blue, cyan, green, orange, pink, purple, teal. Nothing was written.',
    );
    expect(await runTenantCommand(withAdmin, { ...env, TABLE_NAME: '', DYNAMODB_ENDPOINT: '' }, print)).toBe(
      2,
    );
    expect(lines.pop()).toMatch(
      /^Cannot reach the table: TABLE_NAME is not set; MAIL_ADAPTER=ses is needed to mail the admin/,
    );

    // Act / Assess: a dry run, a run, a rerun
    expect(await runTenantCommand([...withAdmin, '--dry-run'], env, print)).toBe(0);
    expect(lines.pop()).toMatch(
      /would create {2}tenant globex[\s\S]*Dry run: nothing was written; 13 of these/,
    );
    expect(await tableSnapshot()).toEqual(before);
    expect(await runTenantCommand(withAdmin, env, print)).toBe(0);
    expect(lines.pop()).toMatch(/created {2}admin hank@globex\.example[\s\S]*Done: 13 written\.$/);
    expect((await local.api.call('tenants.app', { tenant: 'globex' })).body).toMatchObject({
      primaryColor: 'purple',
      logoUrl: 'https://cdn.globex.example/logo.svg',
    });
    expect(await runTenantCommand(withAdmin, env, print)).toBe(0);
    expect(lines.pop()).toMatch(/Nothing to do: the tenant already exists as asked; nothing was changed\.$/);
  });

  it('runs as a script with the table from the environment', async () => {
    // Act: the npm script's entry in a process of its own, with DynamoDB Local's address and no credentials
    const { AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...env } = process.env;
    const run = promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'infra/tenant/main.ts',
        'create',
        '--key',
        'initech',
        '--name',
        'Initech',
        '--domain',
        'localhost',
        '--admin-email',
        'bill@initech.example',
      ],
      {
        cwd: repoRoot,
        env: { ...env, DYNAMODB_ENDPOINT: local.stack.dynamoEndpoint, TABLE_NAME: process.env.TABLE_NAME },
      },
    );

    // Assess
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: 'Refused: The domain localhost is taken by the tenant "demo". Nothing was written.\n',
    });
  });
});
