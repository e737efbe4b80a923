import { useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import type { TokenResponse } from '../../../shared/schemas/auth';
import type { AuthUser } from '../../../shared/schemas/user';
import { storageKeys } from '../config/storage-keys';
import { isPublicRoute } from './routes';

/** The signed-in session: the token and the user, kept in local storage and shared by every screen. */
export interface Session {
  token: string;
  user: AuthUser;
}

const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(): Session | null {
  const token = localStorage.getItem(storageKeys.authToken);
  const user = localStorage.getItem(storageKeys.authUser);
  if (!token || !user) return null;
  try {
    return { token, user: JSON.parse(user) as AuthUser };
  } catch {
    return null;
  }
}

export function currentSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

function changed() {
  cached = read();
  for (const listener of listeners) listener();
}

export function startSession(response: TokenResponse): AuthUser {
  if (!response.oauthUser) throw new Error('The sign-in answer has no user');
  localStorage.setItem(storageKeys.authToken, response.access_token);
  localStorage.setItem(storageKeys.authUser, JSON.stringify(response.oauthUser));
  if (response.oauthUser.userMapper) {
    localStorage.setItem(storageKeys.userMapper, JSON.stringify(response.oauthUser.userMapper));
  } else {
    localStorage.removeItem(storageKeys.userMapper);
  }
  changed();
  return response.oauthUser;
}

export function updateSessionUser(user: AuthUser) {
  if (localStorage.getItem(storageKeys.authUser) === JSON.stringify(user)) return;
  localStorage.setItem(storageKeys.authUser, JSON.stringify(user));
  changed();
}

/** Clears local session data (sign-out, a 401, a failed auth-user fetch). */
export function endSession() {
  localStorage.removeItem(storageKeys.authToken);
  localStorage.removeItem(storageKeys.authUser);
  localStorage.removeItem(storageKeys.userMapper);
  localStorage.removeItem(storageKeys.adminEditMode);
  localStorage.removeItem(storageKeys.tutorEditMode);
  localStorage.removeItem(storageKeys.tutorHomeworkMode);
  changed();
  // The next person on this browser must not see the previous one's cached reads, even for a moment. Public
  // reads (the tenant's brand, the catalogue) are the same for everyone, so they stay.
  void mutate(holdsUserData, undefined, { revalidate: false });
}

/**
 * Whether a cached read, by its SWR key, may hold the signed-in user's data: any but a public route's read
 * (`[routeId, options]`, see ApiKey). A key SWR has not recorded (undefined) counts as the user's.
 */
export function holdsUserData(key: unknown): boolean {
  return !(Array.isArray(key) && isPublicRoute(key[0]));
}

export function useSession(): Session | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.authToken || event.key === storageKeys.authUser) changed();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }, currentSession);
}
