import { holdsAny } from '../../../shared/permissions/check';
import { isAdminPermissionSet } from '../../../shared/permissions/default-roles';
import type { AuthUser } from '../../../shared/schemas/user';

/** The back-office is for users whose role is an admin role holding some admin permission. */
export function canUseBackOffice(user: AuthUser | undefined): boolean {
  return !!user && user.role.type === 'admin' && isAdminPermissionSet(user.role.permissions);
}

export function canManageRoles(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminSettings'], actions: ['rolesView'] });
}
