import { useSyncExternalStore } from 'react';
import { holdsAny } from '../../../shared/permissions/check';
import type { AuthUser } from '../../../shared/schemas/user';
import { storageKeys } from '../config/storage-keys';
import { useSession } from './session';

/** Admin edit mode changes the catalogue in place: only for roles that may edit courses (spec 000 §4). */
export function canEditCatalogue(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminCourses'], actions: ['edit'] });
}

/**
 * Tutor edit mode and tutor homework mode (spec 000 section 2) are for tutor accounts, whatever the name
 * of the role the tenant gave them; what a tutor may change is still decided per course (its tutors only).
 */
export function canUseTutorModes(user: AuthUser | undefined): boolean {
  return !!user && user.type === 'tutor' && !user.role.isGuest;
}

/** The persisted mode flags (admin edit, tutor edit, tutor homework): "true" in local storage, or absent. */
export type ModeFlagKey =
  | typeof storageKeys.adminEditMode
  | typeof storageKeys.tutorEditMode
  | typeof storageKeys.tutorHomeworkMode;

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};

export function setModeFlag(key: ModeFlagKey, on: boolean): void {
  if (on) localStorage.setItem(key, 'true');
  else localStorage.removeItem(key);
  for (const listener of listeners) listener();
}

/**
 * A mode's persisted flag and whether the mode is active: the flag alone is not enough, the signed-in user
 * must also be allowed the mode (a stale flag from another account does nothing).
 */
export function useModeFlag(
  key: ModeFlagKey,
  allowed: boolean,
): { allowed: boolean; stored: boolean; active: boolean } {
  const stored = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(key) === 'true',
    () => false,
  );
  return { allowed, stored, active: allowed && stored };
}

export function setAdminEditMode(on: boolean): void {
  setModeFlag(storageKeys.adminEditMode, on);
}

/** Admin edit mode: active only while the signed-in user holds the admin-course permission. */
export function useAdminEditMode(): { allowed: boolean; stored: boolean; active: boolean } {
  const session = useSession();
  return useModeFlag(storageKeys.adminEditMode, canEditCatalogue(session?.user));
}
