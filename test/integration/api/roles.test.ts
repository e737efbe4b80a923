import { beforeAll, describe, expect, it } from 'vitest';
import { permissionCatalogue } from '../../../shared/permissions/catalogue';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
let admin: { token: string; userId: string };

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
});

type Page = { limit: number; offset: number; totalDocs: number; docs: Array<Record<string, any>> };

describe('admin roles', () => {
  it('lists the six built-in roles with the paging contract', async () => {
    const { status, body } = await local.api.call<Page>('roles.list', {
      token: admin.token,
      query: { limit: 10 },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ limit: 10, offset: 0, totalDocs: 6 });
    expect(body.docs.map((r) => r.name).sort()).toEqual([
      'Admin',
      'Approver',
      'Enterer',
      'Guest',
      'Student',
      'Tutor',
    ]);
  });

  it('creates, reads, updates, searches, sorts and deletes a role', async () => {
    const created = await local.api.call('roles.create', {
      token: admin.token,
      body: { name: 'Course Editor', type: 'admin', permissions: { adminCourses: ['view', 'edit'] } },
    });
    expect(created.status).toBe(201);
    const id = created.body._id as string;
    expect(created.body).toMatchObject({ name: 'Course Editor', isGuest: false });

    const first = await local.api.call<Page>('roles.list', { token: admin.token, query: { limit: 1 } });
    expect(first.body.docs[0]?._id).toBe(id); // newest first
    expect(first.body.totalDocs).toBe(7);

    const updated = await local.api.call('roles.update', {
      token: admin.token,
      params: { id },
      body: { name: 'Course Publisher', permissions: { adminCourses: ['view', 'publish'] } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Course Publisher', type: 'admin' });

    const search = await local.api.call<Page>('roles.list', {
      token: admin.token,
      query: { searchText: 'publisher' },
    });
    expect(search.body.totalDocs).toBe(1);
    const sorted = await local.api.call<Page>('roles.list', {
      token: admin.token,
      query: { sortKey: 'name', sortValue: 'asc', limit: 3 },
    });
    expect(sorted.body.docs.map((r) => r.name)).toEqual(['Admin', 'Approver', 'Course Publisher']);
    const filtered = await local.api.call<Page>('roles.list', {
      token: admin.token,
      query: { type: 'user' },
    });
    expect(filtered.body.docs.every((r) => r.type === 'user')).toBe(true);
    expect(filtered.body.totalDocs).toBe(3);

    const check = await local.api.call('roles.verifyDelete', { token: admin.token, params: { id } });
    expect(check.body).toEqual({ canDelete: true, message: 'This role can be deleted', references: [] });
    expect((await local.api.call('roles.delete', { token: admin.token, params: { id } })).status).toBe(200);
    expect((await local.api.call('roles.get', { token: admin.token, params: { id } })).status).toBe(404);
    const after = await local.api.call<Page>('roles.list', { token: admin.token });
    expect(after.body.totalDocs).toBe(6);
  });

  it('keeps role names unique ignoring case and spacing, under concurrent creates and renames too', async () => {
    // Prepare
    const create = (name: string) =>
      local.api.call('roles.create', {
        token: admin.token,
        body: { name, type: 'admin', permissions: { adminCourses: ['view'] } },
      });
    const first = await create('Receptionist');
    expect(first.status).toBe(201);

    // Act
    const clashes = [
      await create('receptionist'),
      await create('Receptionist'),
      await create(' RECEPTIONIST '),
    ];
    const builtIn = await create('admin');
    const racing = await Promise.all(Array.from({ length: 8 }, () => create('Front Desk')));
    const other = await create('Registrar');
    const renameOnto = await local.api.call('roles.update', {
      token: admin.token,
      params: { id: other.body._id as string },
      body: { name: 'front desk' },
    });
    const renamedAway = await local.api.call('roles.update', {
      token: admin.token,
      params: { id: first.body._id as string },
      body: { name: 'Reception Desk' },
    });
    const reused = await create('RECEPTIONIST');

    // Assess
    for (const clash of [...clashes, renameOnto]) {
      expect(clash.status).toBe(409);
    }
    expect(clashes[0]?.body).toEqual({ message: 'A role named Receptionist already exists' });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body).toEqual({ message: 'A role named Admin already exists' });
    expect(racing.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(racing.filter((answer) => answer.status === 409)).toHaveLength(7);
    // A rename frees the old name for another role.
    expect(renamedAway.status).toBe(200);
    expect(reused.status).toBe(201);
  });

  it('refuses to delete a role that users still have, or a built-in role', async () => {
    const check = await local.api.call('roles.verifyDelete', {
      token: admin.token,
      params: { id: 'role-tutor' },
    });
    expect(check.body.canDelete).toBe(false);
    expect(check.body.message).toBe('Tutor is a built-in role and cannot be deleted');
    const refused = await local.api.call('roles.delete', {
      token: admin.token,
      params: { id: 'role-tutor' },
    });
    expect(refused.status).toBe(409);
  });

  it('refuses unknown permissions and unknown areas', async () => {
    const { status, body } = await local.api.call('roles.create', {
      token: admin.token,
      body: { name: 'Bad', type: 'user', permissions: { courses: ['view', 'fly'] } },
    });
    expect(status).toBe(400);
    expect(body.message).toContain('Unknown permission courses.fly');
    const area = await local.api.call('roles.create', {
      token: admin.token,
      body: { name: 'Bad', type: 'user', permissions: { spaceships: ['view'] } },
    });
    expect(area.status).toBe(400);
  });

  it('detects a stale concurrent update with a 409 and keeps one of the writes whole', async () => {
    const created = await local.api.call('roles.create', {
      token: admin.token,
      body: { name: 'Racer', type: 'user', permissions: {} },
    });
    const id = created.body._id as string;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        local.api.call('roles.update', { token: admin.token, params: { id }, body: { name: `Racer ${i}` } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses).toContain(200);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const final = await local.api.call('roles.get', { token: admin.token, params: { id } });
    expect(final.body.name).toMatch(/^Racer \d$/);
  });

  it('serves the permission catalogue', async () => {
    const { body } = await local.api.call('roles.catalogue', { token: admin.token });
    expect(body).toEqual(JSON.parse(JSON.stringify(permissionCatalogue)));
  });

  it('applies a role change to its users', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const before = await local.api.call<Record<string, any>>('users.authUser', { token: student.token });
    expect(before.body.role.permissions.courses).toContain('courseTopup');
    await local.api.call('roles.update', {
      token: admin.token,
      params: { id: 'role-student' },
      body: { permissions: { ...before.body.role.permissions, courses: ['view'] } },
    });
    const after = await local.api.call<Record<string, any>>('users.authUser', { token: student.token });
    expect(after.body.role.permissions.courses).toEqual(['view']);
  });
});

describe('the built-in Admin role', () => {
  it('keeps every permission', async () => {
    const { status, body } = await local.api.call('roles.update', {
      token: admin.token,
      params: { id: 'role-admin' },
      body: { permissions: {} },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('The Admin role always holds every permission');
  });
});
