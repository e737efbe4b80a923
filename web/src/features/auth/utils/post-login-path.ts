import type { AuthUser } from '../../../../../shared/schemas/user';
import { BASE_PATH, paths } from '../../../config/paths';

const probeOrigin = 'https://portal.invalid';

/**
 * A `redirect` query value is followed only when it is a path of this site: one leading slash (not
 * `//host`), no scheme, no backslashes or control characters. A value including the portal base path is
 * made relative to the router. Sign-in pages are ignored (they would loop).
 */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.includes('\\')) return undefined;
  for (const char of trimmed) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  const probe = new URL(trimmed, probeOrigin);
  if (probe.origin !== probeOrigin) return undefined;
  let path = `${probe.pathname}${probe.search}${probe.hash}`;
  if (path === BASE_PATH || path.startsWith(`${BASE_PATH}/`) || path.startsWith(`${BASE_PATH}?`)) {
    path = path.slice(BASE_PATH.length) || '/';
  }
  if ([paths.login, paths.signUp].some((page) => probe.pathname.endsWith(page))) return undefined;
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Where to go after signing in (spec 000 section 2, "After login"):
 * - an account with a user-mapper (a parent with linked students) chooses an account first;
 * - otherwise the portal home, or the same-site path of the `redirect` query value;
 * - `trialApplied=true` is added when the sign-in came with `startTrial` and the account has a trial applied.
 */
export function postLoginPath(
  user: Pick<AuthUser, 'userMapper' | 'isTrialApplied'>,
  search: URLSearchParams,
): string {
  if (user.userMapper) return paths.manageAccounts;
  const target = safeRedirectPath(search.get('redirect')) ?? paths.portal;
  if (!search.has('startTrial') || !user.isTrialApplied) return target;
  const url = new URL(target, probeOrigin);
  url.searchParams.set('trialApplied', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}
