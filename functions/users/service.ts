import { UnauthorizedError } from '../../shared/http/errors';
import type { TokenResponse } from '../../shared/schemas/auth';
import type { AuthUser } from '../../shared/schemas/user';
import { issueToken } from '../lib/tokens';
import { getUserMapper, type UserMapperRecord } from '../repositories/user-mappers';
import { getUser, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { toAuthUser } from './present';

export async function mappedUsers(
  tenant: string,
  user: UserRecord,
): Promise<{ mapper: UserMapperRecord; users: UserRecord[] } | undefined> {
  if (!user.userMapperId) return undefined;
  const mapper = await getUserMapper(tenant, user.userMapperId);
  if (!mapper) return undefined;
  const users = await Promise.all(mapper.userIds.map((id) => getUser(tenant, id)));
  return { mapper, users: users.filter((u): u is UserRecord => u !== undefined) };
}

export async function loadAuthUser(
  tenant: string,
  user: UserRecord,
  impersonatedBy?: string,
): Promise<AuthUser> {
  const role = await rolesRepository.getCached(tenant, user.roleId);
  if (!role) throw new UnauthorizedError('Your account has no role. Please contact support');
  return toAuthUser(user, role, await mappedUsers(tenant, user), impersonatedBy);
}

/** The token endpoint's answer: access_token, token_type, expires_in and the signed-in user. */
export async function tokenResponse(
  tenant: string,
  user: UserRecord,
  impersonatedBy?: string,
): Promise<TokenResponse> {
  const { token, expiresIn } = await issueToken({
    sub: user._id,
    tid: tenant,
    ...(impersonatedBy ? { imp: impersonatedBy } : {}),
  });
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: expiresIn,
    oauthUser: await loadAuthUser(tenant, user, impersonatedBy),
  };
}
