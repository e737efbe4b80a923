import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/repositories/users';
import { routes } from '../../../shared/routes/catalogue';
import { pathParams, type RouteDef } from '../../../shared/routes/define';
import { apiClient, demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/**
 * The authorisation matrix, generated from the route declarations: for every non-public route, no token is
 * a 401; for every permission route, a signed-in user whose role lacks the permission gets a 403; for every
 * route with a record id, another tenant's record is a 404 (it does not exist from there).
 */
const local = localStackForFile();

type Session = { token: string; userId: string };
let demoAdmin: Session;
let demoStudent: Session;
let noAccess: Session;
let northwindAdmin: Session;
let northwindStudent: Session;

/**
 * For each route with path parameters: how to make a record in the demo tenant, and which northwind session
 * should then ask for it. A new route with an id needs an entry here (the test below fails without one).
 */
const foreignRecords: Record<string, () => Promise<{ params: Record<string, string>; as: () => Session }>> = {
  roles: async () => {
    const { body } = await local.api.call('roles.create', {
      token: demoAdmin.token,
      body: { name: `Demo only ${Math.random()}`, type: 'user', permissions: {} },
    });
    return { params: { id: body._id as string }, as: () => northwindAdmin };
  },
  'fcm-tokens': async () => {
    const { body } = await local.api.call('fcmTokens.create', {
      token: demoStudent.token,
      body: { token: `demo-device-token-${Math.random()}` },
    });
    return { params: { id: body._id as string }, as: () => northwindStudent };
  },
};

const nonPublic = routes.filter((r) => r.access.kind !== 'public');
const withIds = routes.filter((r) => pathParams(r.path).length > 0);

function sampleParams(route: RouteDef): Record<string, string> {
  return Object.fromEntries(pathParams(route.path).map((name) => [name, 'matrix-id']));
}

beforeAll(async () => {
  demoAdmin = await local.api.signIn(demo.admin.email, demo.admin.password);
  demoStudent = await local.api.signIn(demo.student.email, demo.student.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
  northwindStudent = await local.api.signIn(northwind.student.email, northwind.student.password, 'northwind');
  const { body: role } = await local.api.call('roles.create', {
    token: demoAdmin.token,
    body: { name: 'No access', type: 'user', permissions: {} },
  });
  const { hashPassword } = await import('../../../functions/lib/passwords');
  await createUser('demo', {
    firstname: 'No',
    lastname: 'Access',
    email: 'no-access@demo.test',
    type: 'student',
    roleId: role._id as string,
    passwordHash: await hashPassword('No-access-123'),
  });
  noAccess = await local.api.signIn('no-access@demo.test', 'No-access-123');
});

describe('no token is a 401', () => {
  it.each(nonPublic.map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const { status, body } = await local.api.call(route.id, { params: sampleParams(route), body: {} });
    expect(status).toBe(401);
    expect(body.message).toBe('Please sign in to continue');
  });
});

describe('a user without the access is a 403', () => {
  const guarded = routes.filter((r) => r.access.kind === 'permission');
  it.each(guarded.map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const { status, body } = await local.api.call(route.id, {
      token: noAccess.token,
      params: sampleParams(route),
      body: {},
    });
    expect(status).toBe(403);
    expect(body.message).toBe('You do not have permission to do this');
  });
});

describe("another tenant's record is a 404", () => {
  it('every route with a record id has a fixture', () => {
    const missing = [...new Set(withIds.map((r) => r.resource))].filter(
      (resource) => !foreignRecords[resource],
    );
    expect(missing).toEqual([]);
  });

  it.each(withIds.map((r) => [r.id, r] as const))('%s', async (_, route) => {
    const fixture = await foreignRecords[route.resource]!();
    const session = fixture.as();
    const northwindApi = apiClient(local.stack.apiUrl, { tenant: 'northwind' });
    const { status } = await northwindApi.call(route.id, {
      token: session.token,
      params: fixture.params,
      body: route.method === 'PUT' ? { name: 'Taken over' } : undefined,
    });
    expect(status).toBe(404);
    // And the record is still there, unchanged, in its own tenant.
    if (route.resource === 'roles') {
      const own = await local.api.call('roles.get', { token: demoAdmin.token, params: fixture.params });
      expect(own.status).toBe(200);
      expect(own.body.name).not.toBe('Taken over');
    }
  });

  it('a token is only good in the tenant that issued it', async () => {
    const { status } = await local.api.call('roles.list', { token: demoAdmin.token, tenant: 'northwind' });
    expect(status).toBe(401);
  });
});
