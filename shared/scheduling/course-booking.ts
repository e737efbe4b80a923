import type { Course, CourseMember } from '../schemas/course';

type Member = Pick<CourseMember, 'role' | 'status' | 'type' | 'enrolment'> & { user: { _id: string } };
/** What of a course decides whether its students book their own lessons. */
export type BookingCourse = Pick<Course, 'type' | 'isTrial'>;

export const GROUP_BOOKING_REFUSED =
  'Lessons of a group course are scheduled by its tutor or the school, for the whole group. Ask them for an extra lesson.';
export const TRIAL_BOOKING_REFUSED =
  'A free trial course has its one trial lesson only. Enrol in a course to book more lessons.';

/**
 * Why a course takes no lessons booked by its students, or `undefined` when it does. A group course's
 * lessons are the whole group's: one student's booking would put every classmate in a lesson they did not
 * ask for, so its tutor or the back-office schedules them. A free-trial course holds the student's one
 * free trial (spec 000 section 4): a lesson booked in it would be a second free lesson. In both the tutor
 * and admins keep scheduling as before; only the student's own booking is refused.
 */
export function courseBookingRefusal(course: BookingCourse): string | undefined {
  if (course.isTrial) return TRIAL_BOOKING_REFUSED;
  if (course.type === 'Group') return GROUP_BOOKING_REFUSED;
  return undefined;
}

/**
 * Who a student's own booking in a course (POST /team-meetings/course-meeting-book) is with: the course's
 * enabled PRIMARY tutor, else its first enabled tutor. The booking dialog shows this tutor's free slots, so
 * it must name the tutor the server books.
 */
export function bookingTutor<M extends Member>(members: readonly M[]): M | undefined {
  const tutors = members.filter((m) => m.role === 'tutor' && m.status === 'ENABLE');
  return tutors.find((m) => m.type === 'PRIMARY') ?? tutors[0];
}

/** Whether the user is an enabled, enrolled student of the course (else the booking's 404). */
export function isBookingStudent(members: readonly Member[], userId: string | undefined): boolean {
  return members.some(
    (m) =>
      m.role === 'student' && m.user._id === userId && m.status === 'ENABLE' && m.enrolment === 'ENROLLED',
  );
}

/**
 * Whether the user books lessons in the course: an enabled, enrolled student of it (the server's 404
 * otherwise), in a course that takes its students' bookings ({@link courseBookingRefusal}, the server's
 * 403 otherwise). The portal's course page shows "Book a lesson" by this answer.
 */
export function mayBookInCourse(
  course: BookingCourse,
  members: readonly Member[],
  userId: string | undefined,
): boolean {
  return isBookingStudent(members, userId) && courseBookingRefusal(course) === undefined;
}

/**
 * The people the portal's course page lists (GET /courses/{id}): the course as it runs, its enabled tutors
 * (spec 001 section 4: disabling a tutor takes them off the tutor list) and its enabled, enrolled students.
 * The page's features need nothing more: {@link bookingTutor} and {@link mayBookInCourse} pick from exactly
 * these, and the tutor tools need the reader among the enabled tutors. The back-office's own course read
 * (GET /admin/courses/{id}) keeps every member with their status.
 */
export function courseRoster<M extends Member>(members: readonly M[]): { tutors: M[]; students: M[] } {
  return {
    tutors: members.filter((m) => m.role === 'tutor' && m.status === 'ENABLE'),
    students: members.filter(
      (m) => m.role === 'student' && m.status === 'ENABLE' && m.enrolment === 'ENROLLED',
    ),
  };
}
