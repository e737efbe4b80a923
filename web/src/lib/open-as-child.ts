import { callApi } from './api-client';
import { startSession } from './session';

/**
 * Opens a page of the portal in a child's account: a course's page and its homework are for the course's
 * members, so a parent gets there by switching into the child (POST /user/switch-account, as "Choose an
 * account" does) and starting the app afresh on the page, so nothing read for the parent shows as the child's.
 */
export async function openAsChild(childId: string, routerPath: string): Promise<void> {
  const answer = await callApi('users.switchAccount', { body: { userId: childId } });
  startSession(answer);
  window.location.assign(`${import.meta.env.BASE_URL}${routerPath.replace(/^\//, '')}`);
}
