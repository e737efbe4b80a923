import { isBackOfficeRole } from '../../../shared/permissions/check';
import { isAdminPermissionSet } from '../../../shared/permissions/default-roles';
import type { AuthUser } from '../../../shared/schemas/user';

/**
 * The back-office is for admin roles, as the server's admin-only calls check (isBackOfficeRole), that hold
 * some admin permission. Not one route's rule, and apart from `canCall` so the header, on every page,
 * does not load the route access table.
 */
export function canUseBackOffice(user: AuthUser | undefined): boolean {
  return !!user && isBackOfficeRole(user.role) && isAdminPermissionSet(user.role.permissions);
}
