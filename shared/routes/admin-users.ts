import * as z from 'zod';
import { userSearchOptions } from '../rules/user-list';
import { emailSchema, idSchema } from '../schemas/common';
import { pageSchema, pagingQuerySchema, sortValueSchema } from '../schemas/paging';
import { roleTypes } from '../schemas/role';
import { userTypes } from '../schemas/user';
import {
  accountFieldsSchema,
  adminNoteInputSchema,
  billingEmailSchema,
  profileDetailsSchema,
} from '../schemas/user-profile';
import { permission, route } from './define';
import { profileEntryRoutes, profileMoneyRoutes, userProfileSchema } from './profile';

/** A row of the admin's Users list. */
export const adminUserRowSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: z.enum(userTypes),
  roleId: z.string(),
  roleName: z.string(),
  phone: z.string().optional(),
  country: z.string().optional(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const userSortKeys = ['name', 'email', 'createdAt'] as const;

const adminUserListQuery = z.strictObject({
  ...pagingQuerySchema.shape,
  searchOption: z.enum(userSearchOptions).default('name'),
  searchText: z.string().trim().max(200).optional(),
  /** A role id. */
  role: z.optional(idSchema),
  country: z.string().trim().toUpperCase().length(2, 'Use a two-letter country code').optional(),
  sortKey: z.enum(userSortKeys).default('createdAt'),
  sortValue: z._default(sortValueSchema, 'desc'),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuery>;

/** The account types an admin creates (guests sign themselves up). */
export const creatableUserTypes = ['student', 'parent', 'tutor', 'admin'] as const;

/** A role as the create and edit forms offer it (adminUsers.roleChoices): no permissions. */
export const roleChoiceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(roleTypes),
  isGuest: z.boolean(),
});
export type RoleChoice = z.infer<typeof roleChoiceSchema>;

export const adminUserCreateSchema = accountFieldsSchema
  .extend({
    email: emailSchema,
    type: z.enum(creatableUserTypes, { error: 'Choose student, parent, tutor or admin' }),
    roleId: idSchema,
  })
  .extend(profileDetailsSchema.shape)
  .strict();
export const adminUserUpdateSchema = accountFieldsSchema
  .partial()
  .extend({ email: z.optional(emailSchema), roleId: z.optional(idSchema) })
  .extend(profileDetailsSchema.shape)
  .extend({ billingEmail: billingEmailSchema.optional() })
  .strict();
export type AdminUserCreate = z.output<typeof adminUserCreateSchema>;
export type AdminUserUpdate = z.output<typeof adminUserUpdateSchema>;

/** The admin's Users list (its own constant: the users-list benchmark serves it alone). */
export const adminUserListRoute = route({
  id: 'adminUsers.list',
  method: 'GET',
  path: '/admin/users',
  resource: 'admin-users',
  access: permission('adminUsers', 'view'),
  query: adminUserListQuery,
  response: pageSchema(adminUserRowSchema),
  summary: 'Users by role and country, searched by name, e-mail or phone, sorted (served from indexes)',
});

/**
 * Spec 002 "Admin users": the user by id, the list (from indexes: role, country, a search by name, e-mail
 * or phone, sorted), create and update, the sub-records (experiences, qualifications, achievements,
 * languages; subjects), a temporary password sent again, admin notes, and linking a parent to children.
 * The dropdown (users.adminDropdown) and log-in-as (auth.logInAsUser) are declared with their resources.
 */
export const adminUserRoutes = [
  adminUserListRoute,
  route({
    id: 'adminUsers.get',
    method: 'GET',
    path: '/admin/users/{id}',
    resource: 'admin-users',
    access: permission('adminUsers', 'view'),
    response: userProfileSchema,
    summary: "A user's account and profile, with the parts the caller's permissions show, and admin notes",
  }),
  route({
    id: 'adminUsers.roleChoices',
    method: 'GET',
    path: '/admin/users/role-choices',
    resource: 'admin-users',
    // Those who create users or change their roles, without the roles-list permission (spec 000 section 6).
    access: permission('adminUsers', ['create', 'edit']),
    query: z.object({ type: z.enum(userTypes).optional() }).strict(),
    response: z.object({ docs: z.array(roleChoiceSchema) }),
    summary: 'The roles an account (of a type) may be given: id, name, type and the guests’ mark',
  }),
  route({
    id: 'adminUsers.create',
    method: 'POST',
    path: '/admin/users',
    resource: 'admin-users',
    access: permission('adminUsers', 'create'),
    body: adminUserCreateSchema,
    response: userProfileSchema,
    summary:
      'Create an account; the new user is sent an e-mail to set their password ("User account created!")',
  }),
  route({
    id: 'adminUsers.update',
    method: 'PUT',
    path: '/admin/users/{id}',
    resource: 'admin-users',
    access: permission('adminUsers', 'edit'),
    body: adminUserUpdateSchema,
    response: userProfileSchema,
    summary: 'Change an account and its details, each part only with its permission ("Account Updated!")',
  }),
  ...profileEntryRoutes('adminUsers', '/admin/users/{id}', 'admin-users', permission('adminUsers', 'edit')),
  ...profileMoneyRoutes(
    'adminUsers',
    '/admin/users/{id}',
    'admin-users',
    permission('adminUsers', 'view'),
    permission('adminUsers', 'edit'),
  ),
  route({
    id: 'adminUsers.resendPassword',
    method: 'POST',
    path: '/admin/users/resend-user-password/{userId}',
    resource: 'admin-users',
    access: permission('adminUsers', 'edit'),
    response: z.object({ _id: z.string() }),
    summary: 'Send a new temporary password; the old one stops working ("Temporary password sent!")',
  }),
  route({
    id: 'adminUsers.createNote',
    method: 'POST',
    path: '/admin/users/admin-notes/{id}',
    resource: 'admin-users',
    access: permission('adminUsers', 'edit'),
    body: adminNoteInputSchema.strict(),
    response: userProfileSchema,
    summary: 'Add an admin note to a user ("Note Created"); the user comes back with it',
  }),
  route({
    id: 'adminUsers.deleteNote',
    method: 'DELETE',
    path: '/admin/users/admin-notes/{id}',
    resource: 'admin-users',
    access: permission('adminUsers', 'edit'),
    query: z.object({ noteId: idSchema }).strict(),
    response: userProfileSchema,
    summary: 'Delete an admin note ("Note Deleted"); the user comes back without it',
  }),
  route({
    id: 'adminUsers.setRateStudentType',
    method: 'PUT',
    path: '/admin/users/rate-student-type/{id}',
    resource: 'admin-users',
    access: permission('adminUsers', 'edit'),
    body: z.object({ studentType: z.string().trim().max(64, 'Choose an existing student type') }).strict(),
    response: userProfileSchema,
    summary:
      "Assign a student their one-to-one tutor rate student type ('' none), dated now; the user comes back with it",
  }),
  route({
    id: 'adminUsers.linkAccounts',
    method: 'PUT',
    path: '/admin/users/user-mapper/{id}',
    resource: 'admin-users',
    access: permission('adminUsers', 'edit'),
    body: z.object({ childIds: z.array(idSchema).max(10, 'Link at most 10 children').default([]) }).strict(),
    response: userProfileSchema,
    summary: "Link a parent's account to their children's (the user mapper); an empty list unlinks them",
  }),
];
