import type { CourseMember } from '../schemas/course';

type Member = Pick<CourseMember, 'role' | 'status' | 'type' | 'enrolment'> & { user: { _id: string } };

/**
 * Who a student's own booking in a course (POST /team-meetings/course-meeting-book) is with: the course's
 * enabled PRIMARY tutor, else its first enabled tutor. The booking dialog shows this tutor's free slots, so
 * it must name the tutor the server books.
 */
export function bookingTutor<M extends Member>(members: readonly M[]): M | undefined {
  const tutors = members.filter((m) => m.role === 'tutor' && m.status === 'ENABLE');
  return tutors.find((m) => m.type === 'PRIMARY') ?? tutors[0];
}

/** Only an enabled, enrolled student of the course books lessons in it (the server's 404 otherwise). */
export function mayBookInCourse(members: readonly Member[], userId: string | undefined): boolean {
  return members.some(
    (m) =>
      m.role === 'student' && m.user._id === userId && m.status === 'ENABLE' && m.enrolment === 'ENROLLED',
  );
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
