import * as z from 'zod';
import { roleInputSchema, roleSchema } from '../schemas/role';
import { crudRoutes } from './crud';
import { permission, route } from './define';

/** Roles and the permission catalogue. */
export const roleRoutes = [
  ...crudRoutes({
    resource: 'roles',
    basePath: '/admin/roles',
    label: 'role',
    doc: roleSchema,
    input: roleInputSchema,
    filters: { type: z.enum(['admin', 'user']).optional() },
    access: {
      area: 'adminSettings',
      view: 'rolesView',
      create: 'rolesCreate',
      edit: 'rolesEdit',
      delete: 'rolesDelete',
    },
    verifyDelete: true,
  }),
  route({
    id: 'roles.catalogue',
    method: 'GET',
    path: '/admin/permissions',
    resource: 'roles',
    access: permission('adminSettings', ['permissionsView', 'rolesView']),
    response: z.record(z.string(), z.array(z.string())),
    summary: 'The permission catalogue: every area and its actions',
  }),
];
