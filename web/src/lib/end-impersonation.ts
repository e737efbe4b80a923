import { adminUserPath, paths } from '../config/paths';
import { callApi } from './api-client';
import { currentSession, startSession } from './session';

/**
 * "Back to my account" from a log-in-as session: the server trades the session for the admin's own (POST
 * /auth/end-impersonation; the browser keeps no copy of the admin's token while acting as someone), and the
 * app starts afresh on the page the admin came from, the user's page, so nothing read as the user shows as
 * the admin's. A session that cannot go back (the admin's password changed since) answers 401, which signs
 * it out like any other.
 */
export async function endImpersonation(): Promise<void> {
  const actingAs = currentSession()?.user._id;
  startSession(await callApi('auth.endImpersonation'));
  const back = actingAs ? adminUserPath(actingAs) : paths.adminUsers;
  window.location.assign(`${import.meta.env.BASE_URL}${back.replace(/^\//, '')}`);
}
