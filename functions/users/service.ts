import { UnauthorizedError } from '../../shared/http/errors';
import type { TokenResponse } from '../../shared/schemas/auth';
import type { AuthUser } from '../../shared/schemas/user';
import { issueToken } from '../lib/tokens';
import { ttlCache } from '../lib/ttl-cache';
import { getUserMapper, type UserMapperRecord } from '../repositories/user-mappers';
import { getUsers, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { toAuthUser } from './present';

/**
 * The accounts of a user-mapper, read in one batch and kept five seconds per container: authUser is the
 * most frequent call and linked accounts change rarely.
 */
const mappedCache = ttlCache<{ mapper: UserMapperRecord; users: UserRecord[] } | undefined>(5_000);

export async function mappedUsers(
  tenant: string,
  user: UserRecord,
): Promise<{ mapper: UserMapperRecord; users: UserRecord[] } | undefined> {
  const mapperId = user.userMapperId;
  if (!mapperId) return undefined;
  return mappedCache.get(`${tenant}#${mapperId}`, async () => {
    const mapper = await getUserMapper(tenant, mapperId);
    return mapper ? { mapper, users: await getUsers(tenant, mapper.userIds) } : undefined;
  });
}

export function clearMappedUsersCache(): void {
  mappedCache.clear();
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
