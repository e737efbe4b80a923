import * as z from 'zod';
import type { PermissionArea } from '../permissions/catalogue';
import { listQuerySchema, pageSchema } from '../schemas/paging';
import { permission, route } from './define';

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });

export const verifyDeleteResponseSchema = z.object({
  canDelete: z.boolean(),
  message: z.string(),
  references: z.array(z.object({ entity: z.string(), count: z.number() })),
});
export type VerifyDeleteResult = z.infer<typeof verifyDeleteResponseSchema>;

/** A field of an update body: optional, and without its create-time default. */
type UpdateField<Field> =
  Field extends z.ZodDefault<infer Inner extends z.ZodType>
    ? z.ZodOptional<Inner>
    : Field extends z.ZodType
      ? z.ZodOptional<Field>
      : never;
export type UpdateSchema<Input extends z.ZodObject> = z.ZodObject<{
  [Name in keyof Input['shape']]: UpdateField<Input['shape'][Name]>;
}>;

/**
 * The update body: every field optional and without its create-time default, so a partial update never
 * resets a field the caller did not send.
 */
export function partialWithoutDefaults<Input extends z.ZodObject>(schema: Input): UpdateSchema<Input> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
    ]),
  );
  // The runtime shape is built field by field; its type is the mapped type above.
  return z.object(shape) as unknown as UpdateSchema<Input>;
}

export interface CrudDeclaration<
  Resource extends string,
  BasePath extends string,
  Doc extends z.ZodType,
  InputShape extends z.ZodRawShape,
  Filters extends z.ZodRawShape,
  VerifyDelete extends boolean,
> {
  /** Resource name: the functions/ folder and the route id prefix. */
  resource: Resource;
  basePath: BasePath;
  doc: Doc;
  input: z.ZodObject<InputShape>;
  /** Extra list filters beyond limit/offset/sortKey/sortValue/searchText. */
  filters?: Filters;
  /** The permission area and action names for view / create / edit / delete. */
  access: { area: PermissionArea; view: string; create: string; edit: string; delete: string };
  /** Something can refer to a record, so a screen asks before deleting one. */
  verifyDelete?: VerifyDelete;
  label: string;
}

/**
 * The generic declaration for admin CRUD resources (roles, plans, groups, meta tags...): a paged list,
 * get, create, update, delete and, where something can refer to a record, verify-delete.
 */
export function crudRoutes<
  const Resource extends string,
  const BasePath extends string,
  Doc extends z.ZodType,
  InputShape extends z.ZodRawShape,
  Filters extends z.ZodRawShape = Record<never, never>,
  const VerifyDelete extends boolean = false,
>(decl: CrudDeclaration<Resource, BasePath, Doc, InputShape, Filters, VerifyDelete>) {
  const can = (action: string) => permission(decl.access.area, action);
  const { resource, basePath, label } = decl;
  const itemPath = `${basePath}/{id}` as const;
  const routes = [
    route({
      id: `${resource}.list`,
      method: 'GET',
      path: basePath,
      resource,
      access: can(decl.access.view),
      query: listQuerySchema.extend(decl.filters ?? ({} as Filters)).strict(),
      response: pageSchema(decl.doc),
      summary: `List ${label}s`,
    }),
    route({
      id: `${resource}.get`,
      method: 'GET',
      path: itemPath,
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
      path: itemPath,
      resource,
      access: can(decl.access.edit),
      body: partialWithoutDefaults(decl.input).strict(),
      response: decl.doc,
      summary: `Update a ${label}`,
    }),
    route({
      id: `${resource}.delete`,
      method: 'DELETE',
      path: itemPath,
      resource,
      access: can(decl.access.delete),
      response: z.object({ _id: z.string() }),
      summary: `Delete a ${label}`,
    }),
  ] as const;
  const verifyDelete = route({
    id: `${resource}.verifyDelete`,
    method: 'GET',
    path: `${basePath}/verify-delete/{id}`,
    resource,
    access: can(decl.access.delete),
    response: verifyDeleteResponseSchema,
    summary: `Check whether a ${label} can be deleted`,
  });
  // The declaration's flag decides both the routes and their type.
  return (decl.verifyDelete ? [...routes, verifyDelete] : routes) as VerifyDelete extends true
    ? readonly [...typeof routes, typeof verifyDelete]
    : typeof routes;
}
