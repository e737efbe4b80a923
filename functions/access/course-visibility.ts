import { NotFoundError } from '../../shared/http/errors';
import { accountViewer, type CourseViewer, isCourseOpenTo } from '../../shared/rules/course-visibility';
import type { Course } from '../../shared/schemas/course';
import { callerHolds } from '../lib/access';
import type { Caller } from '../lib/request';
import { coursesRepository, userMemberships } from '../repositories/courses';
import type { UserRecord } from '../repositories/users';

/*
 * Record-level rule for draft courses (shared/rules/course-visibility.ts): a draft is hidden from its
 * learners and refuses their actions with the 404 someone outside the course gets. Course membership
 * checks call requireOpenCourse with the member's side; lists and lesson reads not tied to a membership (a
 * calendar, a lesson's page, a calendar feed) go by the account (viewerOf) and keep only openCourseIds.
 */

/** The account's side outside a course: the back-office and tutors are staff, students and parents learners. */
export function viewerOf(caller: Caller): CourseViewer {
  return accountViewer(caller.user.type, callerHolds(caller, ['adminCourses', 'schedule'], ['view']));
}

/** A calendar feed's owner (no session, no role): by their account's type. */
export function viewerOfAccount(user: Pick<UserRecord, 'type'>): CourseViewer {
  return accountViewer(user.type, false);
}

/** Throws the 404 of a course the viewer may not see (a draft, to a learner). */
export function requireOpenCourse(
  course: Pick<Course, 'status'>,
  viewer: CourseViewer,
  message = 'Course not found',
): void {
  if (!isCourseOpenTo(course, viewer)) throw new NotFoundError(message);
}

/**
 * The draft courses the caller is a student of: what was made of them for the caller (lesson requests a tutor
 * or an admin made about their lessons) stays out of the caller's lists until the course is ACTIVE.
 */
export async function hiddenCourseIds(tenant: string, caller: Caller): Promise<Set<string>> {
  if (viewerOf(caller) === 'staff') return new Set();
  const learning = (await userMemberships(tenant, caller.user._id)).filter((m) => m.role === 'student');
  const courses = await coursesRepository.getMany(
    tenant,
    learning.map((m) => m.course),
  );
  return new Set(courses.filter((c) => !isCourseOpenTo(c, 'learner')).map((c) => c._id));
}

/** Of these courses, the ids the viewer may see (a staff viewer sees them all, unread). */
export async function openCourseIds(
  tenant: string,
  courseIds: Iterable<string>,
  viewer: CourseViewer,
): Promise<(courseId: string) => boolean> {
  if (viewer === 'staff') return () => true;
  const courses = await coursesRepository.getMany(tenant, [...new Set(courseIds)]);
  const hidden = new Set(courses.filter((c) => !isCourseOpenTo(c, viewer)).map((c) => c._id));
  return (courseId) => !hidden.has(courseId);
}
