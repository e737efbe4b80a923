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

/** The admin schedule (GET /admin/schedule/meetings needs schedule view). */
export function canViewSchedule(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['schedule'], actions: ['view'] });
}

/** One admin-courses action (edit, delete...): the course page hides what the role cannot do. */
export function canCourseAdmin(user: AuthUser | undefined, action: 'create' | 'edit' | 'delete'): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminCourses'], actions: [action] });
}

/** One action of the course-templates area (spec 001 section 6). */
export function canCourseTemplates(
  user: AuthUser | undefined,
  action: 'view' | 'create' | 'edit' | 'delete',
): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['courseTemplates'], actions: [action] });
}

export function canViewCourseTemplates(user: AuthUser | undefined): boolean {
  return canCourseTemplates(user, 'view');
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

/** GET /lesson-history: an admin role holding lessonHistory view sees every lesson of the tenant. */
export function canViewLessonHistory(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['lessonHistory'], actions: ['view'] });
}

export function canSetTutorPaymentStatus(user: AuthUser | undefined): boolean {
  return (
    !!user && holdsAny(user.role.permissions, { areas: ['lessonHistory'], actions: ['tutorPaymentStatus'] })
  );
}

/** Back-office site settings (spec 001 section 6): meta tags, redirections and the sitemap. */
export function canManageMetaTags(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminSettings'], actions: ['metaTagsView'] });
}

export function canManageRedirections(user: AuthUser | undefined): boolean {
  return (
    !!user && holdsAny(user.role.permissions, { areas: ['adminSettings'], actions: ['redirectionsView'] })
  );
}

export function canManageSitemap(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminSettings'], actions: ['sitemapView'] });
}

/** Starting a generation needs sitemapCreate (the POST's access). */
export function canGenerateSitemap(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminSettings'], actions: ['sitemapCreate'] });
}

/** Spec 000 section 6 "resources": the learner's own progress and usage (students hold both). */
export function canTrackLearning(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['resources'], actions: ['progress'] });
}

export function canSeeUsage(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['resources'], actions: ['usage'] });
}

export function canBookmarkPages(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['resources'], actions: ['bookmarks'] });
}

/** Issue reports and broken links (GET /admin/report-issues: user or course admins). */
export function canViewReportedIssues(user: AuthUser | undefined): boolean {
  return (
    !!user && holdsAny(user.role.permissions, { areas: ['adminUsers', 'adminCourses'], actions: ['view'] })
  );
}

/** GET /students: tutors (courses studentName) and user admins (adminUsers view). */
export function canListStudents(user: AuthUser | undefined): boolean {
  return (
    !!user &&
    (holdsAny(user.role.permissions, { areas: ['adminUsers'], actions: ['view'] }) ||
      holdsAny(user.role.permissions, { areas: ['courses'], actions: ['studentName'] }))
  );
}

/** User admins read any user's private learning data (onboarding, usage). */
export function canViewUsers(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['adminUsers'], actions: ['view'] });
}

/** A student books lessons in their course from the tutor's free slots (course-meeting-book's access). */
export function canBookClasses(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['courses'], actions: ['classBooking'] });
}

/** The back-office trials list (GET /admin/trials needs trialClass view). */
export function canViewTrials(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['trialClass'], actions: ['view'] });
}

/** A trial's status and outcome, and any trial's recordings (PUT /admin/trials/{id}: trialClass edit). */
export function canEditTrials(user: AuthUser | undefined): boolean {
  return !!user && holdsAny(user.role.permissions, { areas: ['trialClass'], actions: ['edit'] });
}
