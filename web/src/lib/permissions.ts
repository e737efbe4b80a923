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

export function canManageCourses(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminCourses'], actions: ['view'] });
}

export function canViewLessonRequests(user: AuthUser | undefined): boolean {
  return (
    !!user && holdsAny(user.role.permissions, { areas: ['schedule', 'adminCourses'], actions: ['view'] })
  );
}

/** Approve, reject or update a lesson request (the respond route's access). */
export function canRespondToLessonRequests(user: AuthUser | undefined): boolean {
  return (
    !!user &&
    holdsAny(user.role.permissions, { areas: ['schedule', 'adminCourses'], actions: ['create', 'edit'] })
  );
}

export function canSetTutorPaymentStatus(user: AuthUser | undefined): boolean {
  return (
    !!user && holdsAny(user.role.permissions, { areas: ['lessonHistory'], actions: ['tutorPaymentStatus'] })
  );
}
