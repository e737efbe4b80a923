import { useEffect } from 'react';
import { useApi } from './api-client';
import { updateSessionUser, useSession } from './session';

/**
 * GET /user/authUser: the signed-in user with role and permissions. The stored user is refreshed from it,
 * so role changes show without signing in again.
 */
export function useAuthUser() {
  const session = useSession();
  const result = useApi(session ? ['users.authUser', {}] : null);
  useEffect(() => {
    if (result.data) updateSessionUser(result.data);
  }, [result.data]);
  return { ...result, user: result.data ?? session?.user };
}
