import { UnauthorizedError } from '../../shared/http/errors';
import type { TokenResponse } from '../../shared/schemas/auth';
import type { AuthUser } from '../../shared/schemas/user';
import { type LinkedSession, linkedAccounts } from '../access/linked-accounts';
import type { SessionOrigin } from '../lib/request';
import { issueToken } from '../lib/tokens';
import type { UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { toAuthUser } from './present';

export async function loadAuthUser(
  tenant: string,
  session: LinkedSession & SessionOrigin,
): Promise<AuthUser> {
  const role = await rolesRepository.getCached(tenant, session.user.roleId);
  if (!role) throw new UnauthorizedError('Your account has no role. Please contact support');
  return toAuthUser(session.user, role, await linkedAccounts(tenant, session), session.impersonatedBy);
}

/**
 * The token endpoint's answer: access_token, token_type, expires_in and the signed-in user. `origin` names
 * who opened the session for someone else (an admin's log-in-as, a parent's switch), kept in the token.
 */
export async function tokenResponse(
  tenant: string,
  user: UserRecord,
  origin: SessionOrigin = {},
): Promise<TokenResponse> {
  const { token, expiresIn } = await issueToken({
    sub: user._id,
    tid: tenant,
    rol: user.roleId,
    ...(origin.impersonatedBy ? { imp: origin.impersonatedBy } : {}),
    ...(origin.impersonatedBy && origin.impersonatedAt !== undefined ? { ima: origin.impersonatedAt } : {}),
    ...(origin.switchedBy ? { sw: origin.switchedBy } : {}),
  });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    oauthUser: await loadAuthUser(tenant, { user, ...origin }),
  };
}
