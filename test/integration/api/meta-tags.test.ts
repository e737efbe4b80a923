import { beforeAll, describe, expect, it } from 'vitest';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
let admin: { token: string; userId: string };
let northwindAdmin: { token: string; userId: string };

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
});

type Page = { limit: number; offset: number; totalDocs: number; docs: Array<Record<string, any>> };

describe('admin meta tags', () => {
  it('creates with a cleaned path, lists, searches, sorts, updates and deletes', async () => {
    // Prepare / Act
    const created = await local.api.call('meta-tags.create', {
      token: admin.token,
      body: {
        path: ' Learning-Portal/Cambridge IGCSE/ ',
        title: 'Cambridge IGCSE',
        description: 'All subjects',
      },
    });
    // Assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      path: '/learning-portal/cambridge-igcse',
      title: 'Cambridge IGCSE',
      description: 'All subjects',
    });
    const id = created.body._id as string;
    await local.api.call('meta-tags.create', {
      token: admin.token,
      body: { path: '/learning-portal/a-level', title: 'A Level' },
    });

    const list = await local.api.call<Page>('meta-tags.list', { token: admin.token, query: { limit: 1 } });
    expect(list.body).toMatchObject({ limit: 1, offset: 0, totalDocs: 2 });
    expect(list.body.docs[0]?.title).toBe('A Level'); // newest first
    const search = await local.api.call<Page>('meta-tags.list', {
      token: admin.token,
      query: { searchText: 'igcse' },
    });
    expect(search.body.docs.map((d) => d._id)).toEqual([id]);
    const sorted = await local.api.call<Page>('meta-tags.list', {
      token: admin.token,
      query: { sortKey: 'title', sortValue: 'asc' },
    });
    expect(sorted.body.docs.map((d) => d.title)).toEqual(['A Level', 'Cambridge IGCSE']);

    const updated = await local.api.call('meta-tags.update', {
      token: admin.token,
      params: { id },
      body: { title: 'IGCSE courses', path: '/learning-portal/igcse' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'IGCSE courses',
      path: '/learning-portal/igcse',
      description: 'All subjects',
    });
    // The old path is free again, the new one answers.
    expect(
      (await local.api.call('meta-tags.byPath', { query: { path: '/learning-portal/cambridge-igcse' } }))
        .body,
    ).toEqual({});
    expect(
      (await local.api.call('meta-tags.byPath', { query: { path: '/learning-portal/igcse' } })).body,
    ).toEqual({
      title: 'IGCSE courses',
      description: 'All subjects',
    });

    const deleted = await local.api.call('meta-tags.delete', { token: admin.token, params: { id } });
    expect(deleted.status).toBe(200);
    expect((await local.api.call('meta-tags.get', { token: admin.token, params: { id } })).status).toBe(404);
    expect((await local.api.call<Page>('meta-tags.list', { token: admin.token })).body.totalDocs).toBe(1);
    expect(
      (await local.api.call('meta-tags.byPath', { query: { path: '/learning-portal/igcse' } })).body,
    ).toEqual({});
  });

  it('keeps one meta tag per path: a second one is a 409, on create and on update', async () => {
    const first = await local.api.call('meta-tags.create', {
      token: admin.token,
      body: { path: '/learning-portal/unique', title: 'One' },
    });
    expect(first.status).toBe(201);
    const duplicate = await local.api.call('meta-tags.create', {
      token: admin.token,
      body: { path: '/Learning-Portal/Unique/', title: 'Two' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A meta tag for /learning-portal/unique already exists');

    const other = await local.api.call('meta-tags.create', {
      token: admin.token,
      body: { path: '/learning-portal/other', title: 'Other' },
    });
    const moved = await local.api.call('meta-tags.update', {
      token: admin.token,
      params: { id: other.body._id as string },
      body: { path: '/learning-portal/unique' },
    });
    expect(moved.status).toBe(409);
    // Nothing changed on either side.
    expect(
      (await local.api.call('meta-tags.byPath', { query: { path: '/learning-portal/unique' } })).body.title,
    ).toBe('One');
    expect(
      (await local.api.call('meta-tags.byPath', { query: { path: '/learning-portal/other' } })).body.title,
    ).toBe('Other');
  });

  it('gives one success when two admins create the same path at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        local.api.call('meta-tags.create', {
          token: admin.token,
          body: { path: '/learning-portal/race', title: `Racer ${i}` },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('refuses bad input with a 400 that names the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ path: '/x' }, /title: Title is required/],
      [{ path: '   ', title: 'T' }, /path: Path is required/],
      [{ path: '/', title: 'T' }, /path: Path is required/],
      [{ path: '/x', title: 'x'.repeat(201) }, /title: Title must be at most 200 characters/],
      [{ path: '/x', title: 'T', extra: 1 }, /Unknown field/],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await local.api.call('meta-tags.create', { token: admin.token, body });
      expect(status).toBe(400);
      expect(answer.message).toMatch(message);
    }
  });
});

describe('the public look-up', () => {
  it('answers title and description for a path without signing in, cached briefly', async () => {
    await local.api.call('meta-tags.create', {
      token: admin.token,
      body: { path: '/learning-portal/about', title: 'About us', description: 'Who we are' },
    });
    const found = await local.api.call('meta-tags.byPath', { query: { path: '/learning-portal/About/' } });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ title: 'About us', description: 'Who we are' });
    expect(found.headers.get('cache-control')).toBe('public, max-age=30');
  });

  it('answers an empty object (not an error) for a path without a meta tag', async () => {
    const { status, body } = await local.api.call('meta-tags.byPath', {
      query: { path: '/learning-portal/none' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({});
  });

  it('needs the path', async () => {
    expect((await local.api.call('meta-tags.byPath', {})).status).toBe(400);
  });

  it('never shows another tenant’s meta tags', async () => {
    await local.api.call('meta-tags.create', {
      token: northwindAdmin.token,
      tenant: 'northwind',
      body: { path: '/learning-portal/northwind-only', title: 'Northwind' },
    });
    expect(
      (await local.api.call('meta-tags.byPath', { query: { path: '/learning-portal/northwind-only' } })).body,
    ).toEqual({});
    expect(
      (
        await local.api.call('meta-tags.byPath', {
          tenant: 'northwind',
          query: { path: '/learning-portal/northwind-only' },
        })
      ).body,
    ).toEqual({ title: 'Northwind', description: '' });
  });
});

describe('permissions', () => {
  it('a student cannot list or write meta tags', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    expect((await local.api.call('meta-tags.list', { token: student.token })).status).toBe(403);
    expect(
      (await local.api.call('meta-tags.create', { token: student.token, body: { path: '/x', title: 'x' } }))
        .status,
    ).toBe(403);
  });
});
