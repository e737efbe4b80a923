import { describe, expect, it } from 'vitest';
import { authorize } from '../../../functions/lib/pipeline';
import { newUserRecord } from '../../../functions/repositories/users';
import { ForbiddenError } from '../../../shared/http/errors';
import { fullPermissionSet } from '../../../shared/permissions/catalogue';
import { defaultRoles, type SystemRoleName, systemRoleIds } from '../../../shared/permissions/default-roles';
import { apiRoutes } from '../../../shared/routes/catalogue';
import type { Access } from '../../../shared/routes/define';
import { type Role, roleNames } from '../../../shared/schemas/role';
import type { Tenant } from '../../../shared/schemas/tenant';
import { canCall } from './permissions';

const tenant: Tenant = {
  _id: 'demo',
  key: 'demo',
  name: 'Demo',
  domain: 'demo.test',
  permissions: fullPermissionSet(),
};

const roles = roleNames.map((name) => roleOf(name));

function roleOf(name: SystemRoleName): Role {
  return { _id: systemRoleIds[name], ...defaultRoles[name], createdAt: '', updatedAt: '' };
}

/** The server's answer for a signed-in caller of this role: the request pipeline's own check. */
function serverAllows(access: Access, role: Role): boolean {
  const user = newUserRecord(tenant.key, {
    firstname: 'A',
    lastname: 'User',
    email: 'a@demo.test',
    type: role.type === 'admin' ? 'admin' : 'student',
    roleId: role._id,
    passwordHash: '',
  });
  try {
    authorize(access, tenant, { user, role, permissions: role.permissions });
    return true;
  } catch (error) {
    if (error instanceof ForbiddenError) return false;
    throw error;
  }
}

describe('canCall reads the route table as the server does', () => {
  it.each(roles.map((role) => [role.name, role] as const))(
    '%s: every route, the same answer as the request pipeline',
    (_, role) => {
      const disagreements = apiRoutes
        .filter((route) => canCall({ role }, route.id) !== serverAllows(route.access, role))
        .map((route) => route.id);
      expect(disagreements).toEqual([]);
    },
  );

  it('compares both answers: Admin may call every permission route, every other role is refused some', () => {
    const guarded = apiRoutes.filter((route) => route.access.kind === 'permission');
    for (const role of roles) {
      const refused = guarded.filter((route) => !canCall({ role }, route.id));
      expect(refused.length === 0, role.name).toBe(role.name === 'Admin');
    }
  });

  it('signed out, only public routes', () => {
    const callable = apiRoutes.filter((route) => canCall(undefined, route.id));
    expect(callable.map((route) => route.id)).toEqual(
      apiRoutes.filter((route) => route.access.kind === 'public').map((route) => route.id),
    );
  });
});
