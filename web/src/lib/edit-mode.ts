import { useSyncExternalStore } from 'react';
import { holdsAny } from '../../../shared/permissions/check';
import type { AuthUser } from '../../../shared/schemas/user';
import { storageKeys } from '../config/storage-keys';
import { useSession } from './session';

/** Admin edit mode changes the catalogue in place: only for roles that may edit courses (spec 000 §4). */
export function canEditCatalogue(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminCourses'], actions: ['edit'] });
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};
const stored = () => localStorage.getItem(storageKeys.adminEditMode) === 'true';

export function setAdminEditMode(on: boolean): void {
  if (on) localStorage.setItem(storageKeys.adminEditMode, 'true');
  else localStorage.removeItem(storageKeys.adminEditMode);
  for (const listener of listeners) listener();
}

/**
 * The persisted admin edit mode flag, and whether it is active: the flag alone is not enough, the signed-in
 * user must also hold the admin-course permission (a stale flag from another account does nothing).
 */
export function useAdminEditMode(): { allowed: boolean; stored: boolean; active: boolean } {
  const session = useSession();
  const flag = useSyncExternalStore(subscribe, stored, () => false);
  const allowed = canEditCatalogue(session?.user);
  return { allowed, stored: flag, active: allowed && flag };
}
