/**
 * Login from an external identity (spec 000 section 2): the URL fragment can carry `id_token` and
 * `user_id`, which the login call sends as the auth token and user id.
 */
export function identityFromFragment(hash: string): { idToken: string; userId: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const idToken = params.get('id_token');
  const userId = params.get('user_id');
  return idToken && userId ? { idToken, userId } : undefined;
}
