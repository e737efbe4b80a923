import { permissionCatalogue } from '../../shared/permissions/catalogue';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { roleRoutes } from '../../shared/routes/roles';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { countUsersWithRole } from '../repositories/users';
import { rolesRepository } from './repository';

export const handler = resourceHandler('roles', roleRoutes, {
  ...crudOperations({
    resource: 'roles',
    label: 'role',
    repository: rolesRepository,
    filterFields: ['type'],
    deleteGuards: [{ entity: 'user', count: countUsersWithRole }],
    protectedReason: (role) =>
      role.isSystem ? `${role.name} is a built-in role and cannot be deleted` : undefined,
    // The Admin role keeps every permission, so an admin cannot lock everyone out. A role's type (admin or
    // user) is chosen once, at creation: an account's type follows its role's (admin-users fittingRole) and
    // the tenant's admin count (users.ts adminCountWrite) counts admin accounts, so a role turning admin
    // under accounts being given it at that moment would give the school admins it does not count.
    refuseUpdate: (_tenant, role, changes) => {
      if (role._id === systemRoleIds.Admin && changes.permissions !== undefined)
        return 'The Admin role always holds every permission';
      if (changes.type !== undefined && changes.type !== role.type)
        return "A role's type is set when it is created: make a new role of the other type and move its accounts to it";
      return undefined;
    },
  }),
  'roles.catalogue': async () =>
    Object.fromEntries(Object.entries(permissionCatalogue).map(([area, actions]) => [area, [...actions]])),
});
