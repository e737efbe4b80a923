import type { Course, CourseMember } from '../schemas/course';
import type { UserType } from '../schemas/user';

/**
 * Spec 002: a course is ACTIVE or DRAFT. A draft is a course being prepared (#16 item 1): its staff (the
 * back-office and its tutors) see it and work on it; its learners (students, and the parents who look on)
 * neither see it (My courses, its page, its lessons on their calendar) nor act on it (book, cancel,
 * reschedule, join, hand in homework) until it is ACTIVE. To a learner a draft is a course that does not
 * exist: they get what someone outside the course gets, a 404.
 */
export type CourseViewer = 'staff' | 'learner';

export function isCourseOpenTo(course: Pick<Course, 'status'>, viewer: CourseViewer): boolean {
  return viewer === 'staff' || course.status !== 'DRAFT';
}

/** A course member's side: its tutors are its staff, its students its learners. */
export function memberViewer(role: CourseMember['role']): CourseViewer {
  return role === 'tutor' ? 'staff' : 'learner';
}

/**
 * Someone looking at lessons outside a course page (a calendar, a lesson's own page, a calendar feed): tutors
 * and the back-office are staff, as is anyone whose role reads every course or schedule; students, parents
 * and guests are learners.
 */
export function accountViewer(userType: UserType, readsEveryCourse: boolean): CourseViewer {
  return readsEveryCourse || userType === 'tutor' || userType === 'admin' ? 'staff' : 'learner';
}
