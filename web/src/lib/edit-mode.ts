import { useSyncExternalStore } from 'react';
import type { AuthUser } from '../../../shared/schemas/user';
import { storageKeys } from '../config/storage-keys';
import { canCall } from './permissions';
import { useSession } from './session';

/**
 * Admin edit mode changes the catalogue in place (spec 000 §4): for roles that may update its topics and
 * sub-topics (one rule for both).
 */
export function canEditCatalogue(user: AuthUser | undefined): boolean {
  return canCall(user, 'subTopics.adminUpdate');
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

/** What admin edit mode lets the signed-in user do on the catalogue pages. */
export interface AdminEditMode {
  /** The user may switch the mode on (the header shows the switch). */
  allowed: boolean;
  /** The persisted flag, whoever set it. */
  stored: boolean;
  /** The mode is on: the flag is stored and the user holds adminCourses edit (spec 000 section 4). */
  active: boolean;
  /**
   * Delete buttons show: the mode is on and the user also holds adminCourses delete, which the delete routes
   * need (edit alone would offer buttons the server answers with a 403).
   */
  canDelete: boolean;
}

/** The admin edit mode of a user given the stored flag (pure: the hook below reads the flag and session). */
export function adminEditModeOf(user: AuthUser | undefined, stored: boolean): AdminEditMode {
  const allowed = canEditCatalogue(user);
  const active = allowed && stored;
  const canDelete = active && canCall(user, 'subTopics.adminDelete');
  return { allowed, stored, active, canDelete };
}

/** Admin edit mode: active only while the signed-in user holds the admin-course permission. */
export function useAdminEditMode(): AdminEditMode {
  const session = useSession();
  const { stored } = useModeFlag(storageKeys.adminEditMode, true);
  return adminEditModeOf(session?.user, stored);
}
