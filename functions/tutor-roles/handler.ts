import { tutorRoleRoutes } from '../../shared/routes/tutor-roles';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { tutorRolesRepository } from './repository';

export const handler = resourceHandler('tutor-roles', tutorRoleRoutes, {
  ...crudOperations({
    resource: 'tutor-roles',
    label: 'tutor role',
    repository: tutorRolesRepository,
    deleteGuards: [
      {
        entity: 'course tutor',
        count: async (tenant, id) => (await tutorRolesRepository.get(tenant, id))?.holders ?? 0,
      },
    ],
    protectedReason: (role) =>
      role.isDefault ? `${role.name} is the default tutor role and cannot be deleted` : undefined,
  }),
});
