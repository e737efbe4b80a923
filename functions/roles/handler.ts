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
    // The Admin role keeps every permission and its type, so an admin cannot lock everyone out.
    refuseUpdate: (role, changes) =>
      role._id === systemRoleIds.Admin && (changes.permissions !== undefined || changes.type !== undefined)
        ? 'The Admin role always holds every permission'
        : undefined,
  }),
  'roles.catalogue': async () =>
    Object.fromEntries(Object.entries(permissionCatalogue).map(([area, actions]) => [area, [...actions]])),
});
