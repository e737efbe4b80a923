import { ForbiddenError } from '../../shared/http/errors';
import type { PermissionArea } from '../../shared/permissions/catalogue';
import { holdsAny } from '../../shared/permissions/check';
import type { Caller } from './request';

/** Whether the caller holds at least one of the actions in any of the areas. */
export function callerHolds(caller: Caller, areas: PermissionArea[], actions: string[]): boolean {
  return holdsAny(caller.permissions, { areas, actions });
}

/**
 * Record-level rule for routes a user may call about themselves: the caller is that user, or holds one of
 * the listed permissions (an admin acting for them). Otherwise a 403.
 */
export function requireSelfOr(
  caller: Caller,
  userId: string,
  areas: PermissionArea[],
  actions: string[],
): void {
  if (caller.user._id === userId) return;
  if (!callerHolds(caller, areas, actions)) throw new ForbiddenError();
}

/**
 * Money changes (tutor payment status) are back-office actions: the Tutor role holds the
 * `tutorPaymentStatus` column permission so tutors can see the status, so the change also needs an admin
 * role.
 */
export function requireAdminRole(caller: Caller): void {
  if (caller.role.type !== 'admin')
    throw new ForbiddenError('Only the back-office can change payment status');
}
