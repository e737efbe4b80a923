import { ForbiddenError } from '../../shared/http/errors';
import type { PermissionArea } from '../../shared/permissions/catalogue';
import { holdsAny, isBackOfficeRole } from '../../shared/permissions/check';
import type { Caller } from './request';

/** Whether the caller holds at least one of the actions in any of the areas. */
export function callerHolds(caller: Caller, areas: PermissionArea[], actions: string[]): boolean {
  return holdsAny(caller.permissions, { areas, actions });
}

/**
 * The back-office's own calls where user roles hold the route's permission for their own records (homework,
 * lesson requests, the tutor payment status column): the caller's role must be an admin role too.
 */
export function requireBackOffice(caller: Caller, message: string): void {
  if (!isBackOfficeRole(caller.role)) throw new ForbiddenError(message);
}
