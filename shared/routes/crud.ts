import * as z from 'zod/mini';
import { $ZodDefault } from 'zod/v4/core';
import type { PermissionArea } from '../permissions/catalogue';
import { listQuerySchema, pageSchema } from '../schemas/paging';
import { strict } from '../schemas/strict';
import '../schemas/zod-english';
import { permission, route } from './define';

export const idParamSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const verifyDeleteResponseSchema = z.object({
  canDelete: z.boolean(),
  message: z.string(),
  references: z.array(z.object({ entity: z.string(), count: z.number() })),
});
export type VerifyDeleteResult = z.infer<typeof verifyDeleteResponseSchema>;

/** A field of an update body: optional, and without its create-time default. */
type UpdateField<Field> =
  Field extends z.core.$ZodDefault<infer Inner extends z.core.SomeType>
    ? z.ZodMiniOptional<Inner>
    : Field extends z.core.SomeType
      ? z.ZodMiniOptional<Field>
      : never;
export type UpdateSchema<Input extends z.core.$ZodObject> = z.ZodMiniObject<{
  [Name in keyof Input['_zod']['def']['shape']]: UpdateField<Input['_zod']['def']['shape'][Name]>;
}>;

/**
 * The update body: every field optional and without its create-time default, so a partial update never
 * resets a field the caller did not send.
 */
export function partialWithoutDefaults<Input extends z.core.$ZodObject>(schema: Input): UpdateSchema<Input> {
  const shape = Object.fromEntries(
    Object.entries(schema._zod.def.shape).map(([name, field]) => [
      name,
      z.optional(field instanceof $ZodDefault ? field._zod.def.innerType : field),
    ]),
  );
  // The runtime shape is built field by field; its type is the mapped type above.
  return z.object(shape) as unknown as UpdateSchema<Input>;
}

/** A record as a picker offers it (spec 002 "GET dropdown-list"): the ACTIVE records, by name. */
export const dropdownOptionSchema = z.object({ _id: z.string(), name: z.string() });
export type DropdownOption = z.infer<typeof dropdownOptionSchema>;
/** At most this many options: a picker of more would need a search instead. */
export const MAX_DROPDOWN_OPTIONS = 500;
export const dropdownResponseSchema = z.object({
  docs: z.array(dropdownOptionSchema),
  /** There were more than MAX_DROPDOWN_OPTIONS: the list holds the first by name. */
  truncated: z.boolean(),
});

export const userIdParamSchema = z.object({ userId: z.string().check(z.minLength(1), z.maxLength(64)) });

export interface CrudDeclaration<
  Resource extends string,
  BasePath extends string,
  Doc extends z.core.$ZodType,
  InputShape extends z.core.$ZodShape,
  Filters extends z.core.$ZodShape,
  VerifyDelete extends boolean,
  Dropdown extends boolean,
  UserQuery extends z.core.$ZodShape | false,
> {
  /** Resource name: the functions/ folder and the route id prefix. */
  resource: Resource;
  basePath: BasePath;
  doc: Doc;
  input: z.core.$ZodObject<InputShape>;
  /** Extra list filters beyond limit/offset/sortKey/sortValue/searchText. */
  filters?: Filters;
  /** The permission area and action names for view / create / edit / delete. */
  access: { area: PermissionArea; view: string; create: string; edit: string; delete: string };
  /** Something can refer to a record, so a screen asks before deleting one. */
  verifyDelete?: VerifyDelete;
  /** Pickers list the ACTIVE records (`GET <base>/dropdown-list`, spec 002 section 7). */
  dropdown?: Dropdown;
  /**
   * The records that apply to one user (`GET <base>/user/{userId}`, spec 002 section 7), with this query
   * (e.g. curriculum and grade for student rates); `false` or absent: no such call.
   */
  userLookup?: UserQuery;
  label: string;
}

/**
 * The generic declaration for admin CRUD resources (roles, plans, groups, meta tags...): a paged list,
 * get, create, update, delete and, where something can refer to a record, verify-delete.
 */
export function crudRoutes<
  const Resource extends string,
  const BasePath extends string,
  Doc extends z.core.$ZodType,
  InputShape extends z.core.$ZodShape,
  Filters extends z.core.$ZodShape = Record<never, never>,
  const VerifyDelete extends boolean = false,
  const Dropdown extends boolean = false,
  UserQuery extends z.core.$ZodShape | false = false,
>(decl: CrudDeclaration<Resource, BasePath, Doc, InputShape, Filters, VerifyDelete, Dropdown, UserQuery>) {
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
      query: z.strictObject({ ...listQuerySchema.shape, ...(decl.filters ?? ({} as Filters)) }),
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
      body: strict(decl.input),
      response: decl.doc,
      summary: `Create a ${label}`,
    }),
    route({
      id: `${resource}.update`,
      method: 'PUT',
      path: itemPath,
      resource,
      access: can(decl.access.edit),
      body: strict(partialWithoutDefaults(decl.input)),
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
  // Anyone who may create or edit something that refers to these records needs the picker, not only
  // those who may open their admin list: the view permission serves both (a role without it sees no list).
  const dropdown = route({
    id: `${resource}.dropdown`,
    method: 'GET',
    path: `${basePath}/dropdown-list`,
    resource,
    access: can(decl.access.view),
    response: dropdownResponseSchema,
    summary: `The active ${label}s for a picker`,
  });
  const userLookup = <Shape extends z.core.$ZodShape>(query: Shape) =>
    route({
      id: `${resource}.forUser`,
      method: 'GET',
      path: `${basePath}/user/{userId}`,
      resource,
      access: can(decl.access.view),
      query: z.strictObject(query),
      response: z.object({ docs: z.array(decl.doc) }),
      summary: `The ${label}s that apply to a user`,
    });
  // The declaration's flags decide both the routes and their type.
  return [
    ...routes,
    ...(decl.verifyDelete ? [verifyDelete] : []),
    ...(decl.dropdown ? [dropdown] : []),
    ...(decl.userLookup ? [userLookup(decl.userLookup)] : []),
  ] as unknown as readonly [
    ...typeof routes,
    ...(VerifyDelete extends true ? [typeof verifyDelete] : []),
    ...(Dropdown extends true ? [typeof dropdown] : []),
    ...(UserQuery extends z.core.$ZodShape ? [ReturnType<typeof userLookup<UserQuery>>] : []),
  ];
}
