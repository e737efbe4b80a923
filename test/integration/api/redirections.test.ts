import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSiteEdge } from '../../../infra/local/site-edge';
import { startWeb } from '../../../infra/local/web';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
let admin: { token: string; userId: string };
let web: Awaited<ReturnType<typeof startWeb>>;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  // The local web server, as `npm start` runs it: it answers redirected paths before the SPA.
  web = await startWeb(0, () => ({ apiUrl: local.stack.apiUrl, wsUrl: local.stack.wsUrl, stage: 'local' }), {
    site: localSiteEdge(),
  });
}, 60_000);
afterAll(async () => {
  await web?.close();
});

type Page = { totalDocs: number; docs: Array<Record<string, any>> };

const create = (body: Record<string, unknown>, tenant?: string, token = admin.token) =>
  local.api.call('redirections.create', { token, tenant, body });

/**
 * A GET of the local web server that does not follow redirects. The host picks the tenant as a domain
 * would: demo is served at localhost, northwind at 127.0.0.1.
 */
async function visit(path: string, host = 'localhost') {
  const port = new URL(web.url).port;
  const response = await fetch(`http://${host}:${port}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

describe('admin redirections', () => {
  it('creates with a cleaned from path and a checked target, lists, updates and deletes', async () => {
    const created = await create({ from: ' /Old Maths Page/ ', to: 'www.example.com/maths' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      from: '/old-maths-page',
      to: 'https://www.example.com/maths',
      statusCode: 301,
    });
    const id = created.body._id as string;

    const list = await local.api.call<Page>('redirections.list', {
      token: admin.token,
      query: { searchText: 'old-maths' },
    });
    expect(list.body.docs.map((d) => d._id)).toEqual([id]);

    const updated = await local.api.call('redirections.update', {
      token: admin.token,
      params: { id },
      body: { to: '/learning-portal/cambridge-igcse', statusCode: 302 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      from: '/old-maths-page',
      to: '/learning-portal/cambridge-igcse',
      statusCode: 302,
    });

    expect((await local.api.call('redirections.delete', { token: admin.token, params: { id } })).status).toBe(
      200,
    );
    expect((await local.api.call('redirections.get', { token: admin.token, params: { id } })).status).toBe(
      404,
    );
  });

  it('refuses a target that fails the URL check, and a missing from path', async () => {
    const bad = await create({ from: '/a', to: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('to: Target must be a path starting with / or a valid URL');
    const ftp = await create({ from: '/a', to: 'ftp://example.com/x' });
    expect(ftp.status).toBe(400);
    const noFrom = await create({ from: '//', to: '/x' });
    expect(noFrom.status).toBe(400);
    expect(noFrom.body.message).toBe('from: From path is required');
    const status = await create({ from: '/a', to: '/b', statusCode: 307 });
    expect(status.status).toBe(400);
    expect(status.body.message).toMatch(/Status code must be 301 or 302/);
  });

  it('keeps from unique per tenant (409), also under a race', async () => {
    expect((await create({ from: '/dup', to: '/one' })).status).toBe(201);
    const again = await create({ from: '/DUP/', to: '/two' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A redirection from /dup already exists');

    const racers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => create({ from: '/raced', to: `/t${i}` })),
    );
    expect(racers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(racers.filter((r) => r.status === 409)).toHaveLength(4);

    // Another tenant may use the same path.
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    expect((await create({ from: '/dup', to: '/elsewhere' }, 'northwind', northwindAdmin.token)).status).toBe(
      201,
    );
  });

  it('refuses loops with a clear 400: to itself, a -> b while b -> a, and longer ones', async () => {
    const self = await create({ from: '/self', to: '/Self/' });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A redirection cannot point to its own path');

    expect((await create({ from: '/loop-b', to: '/loop-a' })).status).toBe(201);
    const loop = await create({ from: '/loop-a', to: '/loop-b' });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe('This redirection would make a loop: /loop-a → /loop-b → /loop-a');

    // Through an absolute URL of the tenant's own domain (northwind is served at 127.0.0.1).
    const northwindAdmin = await local.api.signIn(
      northwind.admin.email,
      northwind.admin.password,
      'northwind',
    );
    expect(
      (await create({ from: '/loop-c', to: 'http://127.0.0.1/loop-d' }, 'northwind', northwindAdmin.token))
        .status,
    ).toBe(201);
    const viaUrl = await create({ from: '/loop-d', to: '/loop-c' }, 'northwind', northwindAdmin.token);
    expect(viaUrl.status).toBe(400);
    expect(viaUrl.body.message).toBe('This redirection would make a loop: /loop-d → /loop-c → /loop-d');

    // An update that would close a loop is refused too, and leaves the record as it was.
    const start = await create({ from: '/chain-1', to: '/chain-2' });
    const end = await create({ from: '/chain-2', to: '/chain-3' });
    const closing = await local.api.call('redirections.update', {
      token: admin.token,
      params: { id: end.body._id as string },
      body: { to: '/chain-1' },
    });
    expect(closing.status).toBe(400);
    expect(closing.body.message).toBe('This redirection would make a loop: /chain-2 → /chain-1 → /chain-2');
    expect(start.status).toBe(201);
    // Changing a record's own from path does not count its old path as part of the chain.
    const renamed = await local.api.call('redirections.update', {
      token: admin.token,
      params: { id: start.body._id as string },
      body: { from: '/chain-0' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('the local web server redirects', () => {
  it('answers 301 with the target for a redirected path, case and trailing slash aside', async () => {
    await create({ from: '/learning-portal/old-course', to: '/learning-portal/portal/courses' });
    expect(await visit('/learning-portal/old-course')).toEqual({
      status: 301,
      location: '/learning-portal/portal/courses',
    });
    expect(await visit('/learning-portal/Old-Course/')).toEqual({
      status: 301,
      location: '/learning-portal/portal/courses',
    });
  });

  it('uses 302 for a temporary redirection and follows changes at once', async () => {
    const created = await create({ from: '/promo', to: 'https://example.com/promo', statusCode: 302 });
    expect(await visit('/promo')).toEqual({ status: 302, location: 'https://example.com/promo' });
    await local.api.call('redirections.update', {
      token: admin.token,
      params: { id: created.body._id as string },
      body: { to: 'https://example.com/new-promo' },
    });
    expect(await visit('/promo')).toEqual({ status: 302, location: 'https://example.com/new-promo' });
    await local.api.call('redirections.delete', {
      token: admin.token,
      params: { id: created.body._id as string },
    });
    expect((await visit('/promo')).status).not.toBe(302);
  });

  it('serves the SPA for paths without a redirection, and keeps tenants apart by host', async () => {
    const page = await visit('/learning-portal/login');
    expect(page.status).toBe(200);
    await create({ from: '/demo-only', to: '/learning-portal/' });
    expect((await visit('/demo-only')).status).toBe(301);
    // northwind's domain is 127.0.0.1: the demo redirection does not exist there.
    expect((await visit('/demo-only', '127.0.0.1')).status).not.toBe(301);
  });
});
