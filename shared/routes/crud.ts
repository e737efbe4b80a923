import * as z from 'zod';
import type { PermissionArea } from '../permissions/catalogue';
import { listQuerySchema, pageSchema } from '../schemas/paging';
import { type Access, permission, type RouteDef, route } from './define';

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });

export const verifyDeleteResponseSchema = z.object({
  canDelete: z.boolean(),
  message: z.string(),
  references: z.array(z.object({ entity: z.string(), count: z.number() })),
});
export type VerifyDeleteResult = z.infer<typeof verifyDeleteResponseSchema>;

/**
 * The update body: every field optional and without its create-time default, so a partial update never
 * resets a field the caller did not send.
 */
export function partialWithoutDefaults(schema: z.ZodObject): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const bare = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
      return [name, bare.optional()];
    }),
  );
  return z.object(shape);
}

export interface CrudDeclaration<Doc extends z.ZodType, Input extends z.ZodObject> {
  /** Resource name: the functions/ folder and the route id prefix. */
  resource: string;
  basePath: string;
  doc: Doc;
  input: Input;
  /** Extra list filters beyond limit/offset/sortKey/sortValue/searchText. */
  filters?: z.ZodRawShape;
  /** The permission area and action names for view / create / edit / delete. */
  access: { area: PermissionArea; view: string; create: string; edit: string; delete: string };
  verifyDelete?: boolean;
  label: string;
}

/**
 * The generic declaration for admin CRUD resources (roles, plans, groups, meta tags...): a paged list,
 * get, create, update, delete and, where something can refer to a record, verify-delete.
 */
export function crudRoutes<Doc extends z.ZodType, Input extends z.ZodObject>(
  decl: CrudDeclaration<Doc, Input>,
) {
  const can = (action: string): Access => permission(decl.access.area, action);
  const { resource, basePath, label } = decl;
  const routes: RouteDef[] = [
    route({
      id: `${resource}.list`,
      method: 'GET',
      path: basePath,
      resource,
      access: can(decl.access.view),
      query: listQuerySchema.extend(decl.filters ?? {}).strict(),
      response: pageSchema(decl.doc),
      summary: `List ${label}s`,
    }),
    route({
      id: `${resource}.get`,
      method: 'GET',
      path: `${basePath}/{id}`,
      resource,
      access: can(decl.access.view),
      response: decl.doc,
      summary: `Read one ${label}`,
    }),
    route({
      id: `${resource}.create`,
      method: 'POST',
      path: basePath,
      resource,
      access: can(decl.access.create),
      body: decl.input.strict(),
      response: decl.doc,
      summary: `Create a ${label}`,
    }),
    route({
      id: `${resource}.update`,
      method: 'PUT',
      path: `${basePath}/{id}`,
      resource,
      access: can(decl.access.edit),
      body: partialWithoutDefaults(decl.input).strict(),
      response: decl.doc,
      summary: `Update a ${label}`,
    }),
    route({
      id: `${resource}.delete`,
      method: 'DELETE',
      path: `${basePath}/{id}`,
      resource,
      access: can(decl.access.delete),
      response: z.object({ _id: z.string() }),
      summary: `Delete a ${label}`,
    }),
  ];
  if (decl.verifyDelete) {
    routes.push(
      route({
        id: `${resource}.verifyDelete`,
        method: 'GET',
        path: `${basePath}/verify-delete/{id}`,
        resource,
        access: can(decl.access.delete),
        response: verifyDeleteResponseSchema,
        summary: `Check whether a ${label} can be deleted`,
      }),
    );
  }
  return routes;
}
