import * as z from 'zod';
import {
  forgotPasswordBodySchema,
  logInAsUserBodySchema,
  messageSchema,
  resetPasswordBodySchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from '../schemas/auth';
import { signUpBodySchema } from '../schemas/user';
import { permission, publicAccess, route, signedIn } from './define';

/** Sign-up, the OAuth token endpoint, password resets and an admin's log-in-as. */
export const authRoutes = [
  route({
    id: 'auth.signUp',
    method: 'POST',
    path: '/sign-up',
    resource: 'auth',
    throttle: 'strict',
    access: publicAccess,
    body: z.strictObject(signUpBodySchema.shape),
    response: tokenResponseSchema,
    counts: { succeeded: 'SignUps' },
    summary: 'Create an account and sign in',
  }),
  route({
    id: 'auth.token',
    method: 'POST',
    path: '/oauth/token',
    resource: 'auth',
    throttle: 'strict',
    access: publicAccess,
    body: tokenRequestSchema,
    bodyEncoding: 'form',
    oauthErrors: true,
    response: tokenResponseSchema,
    counts: { failed: 'FailedSignIns' },
    summary: 'OAuth 2.0 token: password or client-credentials grant',
  }),
  route({
    id: 'auth.forgotPassword',
    method: 'POST',
    path: '/auth/forgot-password',
    resource: 'auth',
    throttle: 'strict',
    access: publicAccess,
    body: forgotPasswordBodySchema,
    response: z.object({ ...messageSchema.shape, email: z.string() }),
    summary: 'Send a password-reset link (same answer whether or not the address exists)',
  }),
  route({
    id: 'auth.resetPassword',
    method: 'POST',
    path: '/auth/reset-password',
    resource: 'auth',
    throttle: 'strict',
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
  route({
    id: 'auth.endImpersonation',
    method: 'POST',
    path: '/auth/end-impersonation',
    resource: 'auth',
    // Any session may ask; only one an admin opened with log-in-as gets an answer (the service's checks).
    access: signedIn,
    response: tokenResponseSchema,
    summary: 'Back to the admin’s own session from a log-in-as session (recorded)',
  }),
];
