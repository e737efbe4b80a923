import { timingSafeEqual } from 'node:crypto';
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OAuthError,
  UnauthorizedError,
} from '../../shared/http/errors';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { normalizeEmail } from '../../shared/rules/email';
import type { TokenRequest, TokenResponse } from '../../shared/schemas/auth';
import type { SignUpBody } from '../../shared/schemas/user';
import { config } from '../lib/config';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords';
import { forgetCachedUser, sessionOf } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import { secretSetting } from '../lib/secrets';
import { issueToken } from '../lib/tokens';
import { auditWrite, recordAudit } from '../repositories/audit-log';
import { eventWrite, recordEvent } from '../repositories/outbox';
import { consumePasswordReset } from '../repositories/password-resets';
import {
  emailTaken,
  getUser,
  getUserByEmail,
  newUserRecord,
  newUserWrites,
  type UserRecord,
  updatePassword,
} from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { writeTransaction } from '../table/transactions';
import { tokenResponse } from '../users/service';
import { hashPasswordToken } from './password-links';
import { admitSignInAttempt, clearAccountFailures, countAddressFailure } from './throttle';

export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for this email, we have sent a link to reset the password.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

/** POST /sign-up: a new student account (signUpAccount), signed in. */
export async function signUp(tenant: string, body: SignUpBody): Promise<TokenResponse> {
  return tokenResponse(tenant, await signUpAccount(tenant, body));
}

/**
 * The one way a visitor gets an account (the sign-up route, and the premium upgrade with details): a
 * student, its e-mail claim and the UserSignedUp event, in one transaction. An e-mail already taken is a
 * 409 and changes nothing: no one takes over an account by signing up with its e-mail.
 */
export async function signUpAccount(tenant: string, body: SignUpBody): Promise<UserRecord> {
  const user = newUserRecord(tenant, {
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email,
    type: 'student',
    roleId: systemRoleIds.Student,
    passwordHash: await hashPassword(body.password),
    ...(body.timezone ? { timezone: body.timezone } : {}),
  });
  await writeTransaction(
    [...newUserWrites(tenant, user), eventWrite('UserSignedUp', { tenant, userId: user._id })],
    emailTaken,
  );
  return user;
}

/** POST /oauth/token: the password grant, the client-credentials grant and the quiz side's token swaps. */
export async function token(tenant: string, request: TokenRequest, sourceIp: string): Promise<TokenResponse> {
  if (request.old_token) return swapToken(tenant, request.old_token);
  if (request.auth_type) return externalIdentity(tenant, request);
  if (request.grant_type === 'client_credentials') return clientCredentials(tenant, request);
  return passwordGrant(tenant, request, sourceIp);
}

async function passwordGrant(
  tenant: string,
  request: TokenRequest,
  sourceIp: string,
): Promise<TokenResponse> {
  if (!request.username || !request.password) {
    throw new OAuthError(400, 'invalid_request', 'Username and password are required');
  }
  const email = normalizeEmail(request.username);
  // Counted before the password is checked, so racing guesses get no more checks than the limit.
  await admitSignInAttempt(tenant, email, sourceIp);
  const user = await getUserByEmail(tenant, email);
  // Verify against a dummy hash when there is no account, so both answers take the same time.
  const valid = await verifyPassword(request.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    await countAddressFailure(tenant, sourceIp);
    throw new OAuthError(400, 'invalid_grant', 'Invalid email or password');
  }
  await clearAccountFailures(tenant, email);
  return tokenResponse(tenant, user);
}

/** A machine client (e.g. the quiz service) with an id and secret from configuration; no user attached. */
async function clientCredentials(tenant: string, request: TokenRequest): Promise<TokenResponse> {
  const { OAUTH_CLIENTS, OAUTH_CLIENTS_PARAMETER } = config();
  const configured =
    OAUTH_CLIENTS_PARAMETER || OAUTH_CLIENTS
      ? await secretSetting(OAUTH_CLIENTS, OAUTH_CLIENTS_PARAMETER, 'OAuth clients')
      : '';
  const clients = configured
    .split(',')
    .map((pair) => pair.trim().split(':'))
    .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== '' && pair[1] !== '');
  const match = clients.find(([id]) => id === request.client_id);
  if (!match || !request.client_secret || !safeEqual(match[1], request.client_secret)) {
    throw new OAuthError(401, 'invalid_client', 'Unknown client or wrong secret');
  }
  const { token: accessToken, expiresIn } = await issueToken({ sub: `client:${match[0]}`, tid: tenant });
  return { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn };
}

/**
 * The quiz side exchanges a still-valid platform token for a fresh one for the same session. The old token
 * passes every check a request's token does (sessionOf): a token from before a password reset, of a deleted
 * account or of another tenant mints nothing.
 */
async function swapToken(tenant: string, oldToken: string): Promise<TokenResponse> {
  const session = await sessionOf(tenant, oldToken).catch((error: unknown) => {
    throw new OAuthError(400, 'invalid_grant', `The old token cannot be used: ${reason(error)}`);
  });
  return tokenResponse(tenant, session.user, session);
}

/** A refused token's reason, in the words the pipeline would answer it with. */
function reason(error: unknown): string {
  return error instanceof AppError ? error.message : 'it is invalid';
}

/**
 * Sign-in from another identity. `platform` is a token issued by this platform (single sign-on between the
 * main app and the quiz app), and must belong to `user_id`. Other providers are refused until configured.
 */
async function externalIdentity(tenant: string, request: TokenRequest): Promise<TokenResponse> {
  if (request.auth_type !== 'platform') {
    throw new OAuthError(400, 'invalid_request', `Sign-in with ${request.auth_type} is not enabled`);
  }
  if (!request.auth_token || !request.user_id) {
    throw new OAuthError(400, 'invalid_request', 'auth_token and user_id are required');
  }
  const session = await sessionOf(tenant, request.auth_token).catch((error: unknown) => {
    throw new OAuthError(400, 'invalid_grant', `The identity token cannot be used: ${reason(error)}`);
  });
  if (session.user._id !== request.user_id)
    throw new OAuthError(400, 'invalid_grant', 'The identity token is for another user');
  return tokenResponse(tenant, session.user, session);
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Answers the same, after the same work, whether or not the address has an account, so neither the answer
 * nor its timing tells which addresses have one: the request only records the event, and the account is
 * looked up, the token made and the e-mail sent from the bus (functions/auth/password-reset.ts).
 */
export async function forgotPassword(
  tenant: string,
  email: string,
): Promise<{ message: string; email: string }> {
  await recordEvent('PasswordResetRequested', { tenant, email });
  return { message: FORGOT_PASSWORD_MESSAGE, email };
}

export async function resetPassword(
  tenant: string,
  body: { email: string; token: string; password: string },
): Promise<{ message: string }> {
  const user = await getUserByEmail(tenant, body.email);
  if (!user || !(await consumePasswordReset(tenant, hashPasswordToken(body.token), user._id))) {
    throw new BadRequestError(INVALID_RESET_MESSAGE);
  }
  await updatePassword(tenant, user._id, await hashPassword(body.password));
  forgetCachedUser(tenant, user._id);
  await clearAccountFailures(tenant, user.email);
  return { message: 'Your password has been reset. Please sign in with your new password.' };
}

/** An admin signs in as another user; recorded in the audit trail and marked in the token (`imp`). */
export async function logInAsUser(
  tenant: string,
  admin: UserRecord,
  userId: string,
  sourceIp: string,
): Promise<TokenResponse> {
  if (userId === admin._id) throw new BadRequestError('You are already signed in as this user');
  const target = await getUser(tenant, userId);
  if (!target) throw new NotFoundError('User not found');
  const targetRole = await rolesRepository.getCached(tenant, target.roleId);
  if (targetRole?.type === 'admin') throw new ForbiddenError('You cannot sign in as another administrator');
  // The audit entry and the event, together or not at all.
  await writeTransaction(
    [
      auditWrite(tenant, { action: 'logInAsUser', actorId: admin._id, subjectId: target._id, sourceIp }),
      eventWrite('UserImpersonated', { tenant, adminId: admin._id, userId: target._id }),
    ],
    () => new ConflictError('The sign-in could not be recorded. Please try again.'),
  );
  return tokenResponse(tenant, target, {
    impersonatedBy: admin._id,
    impersonatedAt: Math.floor(Date.now() / 1000),
  });
}

/**
 * The way back from log-in-as: the impersonated session (`imp`, checked as every request's token by the
 * pipeline) is traded for the admin's own. The browser keeps no copy of the admin's token while acting as
 * someone; the server mints it here, with the checks of every path that mints a token from another one: the
 * same tenant (the token is only valid for it), the admin still there, and no password change of the admin's
 * since the moment they signed in as the user (`ima`, carried unchanged through account switches). A session
 * that cannot go back answers 401, which signs it out.
 */
export async function endImpersonation(
  tenant: string,
  caller: Caller,
  sourceIp: string,
): Promise<TokenResponse> {
  if (!caller.impersonatedBy) throw new BadRequestError('You are not signed in as another user');
  const admin = await getUser(tenant, caller.impersonatedBy);
  if (!admin || admin.deletedAt) throw new UnauthorizedError('The administrator account no longer exists');
  if (
    caller.impersonatedAt === undefined ||
    caller.impersonatedAt * 1000 < Date.parse(admin.passwordChangedAt) - 1000
  ) {
    throw new UnauthorizedError('Your session has expired. Please sign in again');
  }
  await recordAudit(tenant, {
    action: 'endImpersonation',
    actorId: admin._id,
    subjectId: caller.user._id,
    sourceIp,
  });
  return tokenResponse(tenant, admin);
}
