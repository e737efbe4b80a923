import { permissionCatalogue } from '../../shared/permissions/catalogue';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { countUsersWithRole } from '../repositories/users';
import { rolesRepository } from './repository';

export const handler = resourceHandler('roles', {
  ...crudOperations({
    resource: 'roles',
    label: 'role',
    repository: rolesRepository,
    filterFields: ['type'],
    deleteGuards: [{ entity: 'user', count: countUsersWithRole }],
    protectedReason: (role) =>
      role.isSystem ? `${role.name} is a built-in role and cannot be deleted` : undefined,
  }),
  'roles.catalogue': async () => permissionCatalogue,
});
