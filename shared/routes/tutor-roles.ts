import { tutorRoleInputSchema, tutorRoleSchema } from '../schemas/tutor-role';
import { crudRoutes } from './crud';

/** Spec 001 "Tutor roles (admin)": list, create, update, delete after verify-delete. */
export const tutorRoleRoutes = crudRoutes({
  resource: 'tutor-roles',
  basePath: '/admin/tutor-roles',
  label: 'tutor role',
  doc: tutorRoleSchema,
  input: tutorRoleInputSchema,
  access: {
    area: 'adminSettings',
    view: 'tutorRolesView',
    create: 'tutorRolesCreate',
    edit: 'tutorRolesEdit',
    delete: 'tutorRolesDelete',
  },
  verifyDelete: true,
});
