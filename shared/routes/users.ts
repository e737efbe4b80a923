import * as z from 'zod/mini';
import { tokenResponseSchema } from '../schemas/auth';
import { authUserSchema } from '../schemas/user';
import '../schemas/zod-english';
import { route, signedIn } from './define';

/** The signed-in user, and the accounts linked to theirs (the people pickers: user-directory.ts). */
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
      docs: z.array(z.pick(authUserSchema, { _id: true, firstname: true, lastname: true, email: true })),
    }),
    summary: 'Accounts linked to the caller by a user-mapper (parent and students)',
  }),
  route({
    id: 'users.switchAccount',
    method: 'POST',
    path: '/user/switch-account',
    resource: 'users',
    access: signedIn,
    body: z.strictObject({ userId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: tokenResponseSchema,
    summary: 'Sign in as one of the accounts of the caller’s user-mapper',
  }),
];
