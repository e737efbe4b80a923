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
    // The Admin role keeps every permission and its type, so an admin cannot lock everyone out. Another
    // role's type (admin or user) stays while accounts hold it: an account's type follows its role's
    // (admin-users fittingRole), and the tenant's admin count (users.ts adminCountWrite) counts admin
    // accounts, so a role turning admin under its holders would give the school admins it does not count.
    refuseUpdate: async (tenant, role, changes) => {
      if (
        role._id === systemRoleIds.Admin &&
        (changes.permissions !== undefined || changes.type !== undefined)
      )
        return 'The Admin role always holds every permission';
      if (
        changes.type !== undefined &&
        changes.type !== role.type &&
        (await countUsersWithRole(tenant, role._id)) > 0
      )
        return "A role's type cannot change while accounts hold it: give them another role first";
      return undefined;
    },
  }),
  'roles.catalogue': async () =>
    Object.fromEntries(Object.entries(permissionCatalogue).map(([area, actions]) => [area, [...actions]])),
});
