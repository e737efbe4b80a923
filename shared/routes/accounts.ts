import * as z from 'zod';
import {
  fcmTokenBodySchema,
  forgotPasswordBodySchema,
  logInAsUserBodySchema,
  messageSchema,
  resetPasswordBodySchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../schemas/auth';
import { roleInputSchema, roleSchema } from '../schemas/role';
import { tenantSchema } from '../schemas/tenant';
import { authUserSchema, signUpBodySchema } from '../schemas/user';
import { crudRoutes } from './crud';
import { permission, publicAccess, route, signedIn } from './define';

/** Accounts: sign-up and tokens, the signed-in user, FCM tokens, the tenant and the roles. */
export const authRoutes = [
  route({
    id: 'auth.signUp',
    method: 'POST',
    path: '/sign-up',
    resource: 'auth',
    access: publicAccess,
    body: signUpBodySchema.strict(),
    response: tokenResponseSchema,
    summary: 'Create an account and sign in',
  }),
  route({
    id: 'auth.token',
    method: 'POST',
    path: '/oauth/token',
    resource: 'auth',
    access: publicAccess,
    body: tokenRequestSchema,
    bodyEncoding: 'form',
    oauthErrors: true,
    response: tokenResponseSchema,
    summary: 'OAuth 2.0 token: password or client-credentials grant',
  }),
  route({
    id: 'auth.forgotPassword',
    method: 'POST',
    path: '/auth/forgot-password',
    resource: 'auth',
    access: publicAccess,
    body: forgotPasswordBodySchema,
    response: messageSchema.extend({ email: z.string() }),
    summary: 'Send a password-reset link (same answer whether or not the address exists)',
  }),
  route({
    id: 'auth.resetPassword',
    method: 'POST',
    path: '/auth/reset-password',
    resource: 'auth',
    access: publicAccess,
    body: resetPasswordBodySchema,
    response: messageSchema,
    summary: 'Set a new password with a single-use reset token',
  }),
  route({
    id: 'auth.logInAsUser',
    method: 'POST',
    path: '/admin/users/log-in-as-user',
    resource: 'auth',
    access: permission('adminUsers', 'edit'),
    body: logInAsUserBodySchema,
    response: tokenResponseSchema,
    summary: 'Admin signs in as another user (recorded; the token marks the impersonator)',
  }),
];

export const userRoutes = [
  route({
    id: 'users.authUser',
    method: 'GET',
    path: '/user/authUser',
    resource: 'users',
    access: signedIn,
    response: authUserSchema,
    summary: 'The signed-in user with role and permissions',
  }),
  route({
    id: 'users.mappedAccounts',
    method: 'GET',
    path: '/user/mapped-accounts',
    resource: 'users',
    access: signedIn,
    response: z.object({
      docs: z.array(authUserSchema.pick({ _id: true, firstname: true, lastname: true, email: true })),
    }),
    summary: 'Accounts linked to the caller by a user-mapper (parent and students)',
  }),
  route({
    id: 'users.switchAccount',
    method: 'POST',
    path: '/user/switch-account',
    resource: 'users',
    access: signedIn,
    body: z.object({ userId: z.string().min(1).max(64) }).strict(),
    response: tokenResponseSchema,
    summary: 'Sign in as one of the accounts of the caller’s user-mapper',
  }),
];

export const fcmTokenRoutes = [
  route({
    id: 'fcmTokens.create',
    method: 'POST',
    path: '/fcm-token',
    resource: 'fcm-tokens',
    access: signedIn,
    body: fcmTokenBodySchema,
    response: z.object({ _id: z.string() }),
    summary: 'Register a push-notification token for the caller',
  }),
  route({
    id: 'fcmTokens.delete',
    method: 'DELETE',
    path: '/fcm-token/{id}',
    resource: 'fcm-tokens',
    access: signedIn,
    response: z.object({ _id: z.string() }),
    summary: 'Remove one of the caller’s push-notification tokens',
  }),
];

export const tenantRoutes = [
  route({
    id: 'tenants.app',
    method: 'GET',
    path: '/tenants/app',
    resource: 'tenants',
    access: publicAccess,
    response: tenantSchema,
    summary: 'The tenant of the request’s domain',
  }),
];

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
