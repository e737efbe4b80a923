import { authRoutes } from '../../shared/routes/auth';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { endImpersonation, forgotPassword, logInAsUser, resetPassword, signUp, token } from './service';

export const handler = resourceHandler('auth', authRoutes, {
  'auth.signUp': async ({ tenant, body }) => respond(201, await signUp(tenant.key, body)),
  'auth.token': async ({ tenant, body, sourceIp }) => token(tenant.key, body, sourceIp),
  'auth.forgotPassword': async ({ tenant, body }) => forgotPassword(tenant.key, body.email),
  'auth.resetPassword': async ({ tenant, body }) => resetPassword(tenant.key, body),
  'auth.logInAsUser': async ({ tenant, caller, body, sourceIp }) =>
    logInAsUser(tenant.key, caller.user, body.userId, sourceIp),
  'auth.endImpersonation': async ({ tenant, caller, sourceIp }) =>
    endImpersonation(tenant.key, caller, sourceIp),
});
