import { ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { type CourseTutorFeature, courseTutorMay, holdsAny } from '../../shared/permissions/check';
import { type RecordReader, recordReaders } from '../../shared/permissions/record-readers';
import { memberViewer } from '../../shared/rules/course-visibility';
import type { Course, CourseMember } from '../../shared/schemas/course';
import type { Caller } from '../lib/request';
import { courseMembers, coursesRepository, userMemberships } from '../repositories/courses';
import { getUser, type UserRecord } from '../repositories/users';
import { heldTutorRole } from '../tutor-roles/repository';
import { requireOpenCourse } from './course-visibility';
import { linkedAccounts, mayActFor } from './linked-accounts';

/*
 * Record-level access: whose records a caller reaches once the route's own `access` (shared/routes/) let
 * them call it. The relations, in one place:
 * - linked accounts: a parent acts for the children on their user-mapper (./linked-accounts.ts, apart so
 *   the users function, which answers authUser, does not load the course repository);
 * - course membership: an enabled member of a course (a student keeps reading a course they completed);
 * - course tutors: an enabled tutor of a course teaches its enrolled students;
 * - the holders of a reader permission (shared/permissions/record-readers.ts, which the SPA reads too).
 * Someone outside a record gets a 404: it does not exist from where they stand.
 */

/** Whether the caller holds one of the permissions that reach others' records of that kind. */
export function holdsReader(caller: Caller, reader: RecordReader): boolean {
  return holdsAny(caller.permissions, recordReaders[reader]);
}

/** User admins read any user's learning data and list every student. */
export const isUserAdmin = (caller: Caller) => holdsReader(caller, 'anyLearner');

/** The caller and the accounts they act for (a parent's children), by the linked-accounts rule. */
export async function accountsOf(tenant: string, caller: Caller): Promise<string[]> {
  const linked = await linkedAccounts(tenant, caller);
  return linked ? linked.users.map((u) => u._id) : [caller.user._id];
}

/**
 * For routes a user calls about themselves: the caller is that user, or holds the requirement (an admin
 * acting for them). Otherwise a 403.
 */
export function requireSelfOr(caller: Caller, userId: string, reader: RecordReader): void {
  if (caller.user._id === userId) return;
  if (!holdsReader(caller, reader)) throw new ForbiddenError();
}

// Courses

/** An enabled member, tutor or student (a student stays one after completing the course, to read it). */
const isEnabledMember = (m: CourseMember, userId: string) => m.user._id === userId && m.status === 'ENABLE';
/** A tutor who teaches the course: disabling takes a tutor off it. */
export const isCourseTutor = (m: CourseMember) => m.role === 'tutor' && m.status === 'ENABLE';
/** A student the course's tutors teach. */
export const isEnrolledStudent = (m: CourseMember) => m.role === 'student' && m.enrolment === 'ENROLLED';

/** The user's membership of a course, if they are an enabled member of it. */
export async function courseMembership(
  tenant: string,
  userId: string,
  courseId: string,
): Promise<CourseMember | undefined> {
  return (await courseMembers(tenant, courseId)).find((m) => isEnabledMember(m, userId));
}

/**
 * The caller's membership of a course, or a 404: someone else's course is not theirs to learn about, and a
 * draft is not its students' yet (shared/rules/course-visibility.ts).
 */
export async function requireMembership(
  tenant: string,
  caller: Caller,
  courseId: string,
): Promise<CourseMember> {
  return membershipOf(tenant, caller, await requireCourse(tenant, courseId));
}

async function requireCourse(tenant: string, courseId: string): Promise<Course> {
  const course = await coursesRepository.get(tenant, courseId);
  if (!course) throw new NotFoundError('Course not found');
  return course;
}

async function membershipOf(tenant: string, caller: Caller, course: Course): Promise<CourseMember> {
  const mine = await courseMembership(tenant, caller.user._id, course._id);
  if (!mine) throw new NotFoundError('Course not found');
  requireOpenCourse(course, memberViewer(mine.role));
  return mine;
}

export type CourseRole = 'admin' | 'tutor' | 'student';

/** What the caller is on a course: an admin (course editors), one of its tutors or students, or nothing (404). */
export async function courseRole(tenant: string, caller: Caller, courseId: string): Promise<CourseRole> {
  const course = await requireCourse(tenant, courseId);
  if (holdsReader(caller, 'anyCourse')) return 'admin';
  return (await membershipOf(tenant, caller, course)).role;
}

/**
 * A course tutor acts on the course within the tutor role they hold there (spec 001: "a course-tutor-role
 * check uses the role's permissions on the course"): one of `features` must be on in it.
 */
export async function requireTutorRoleAllows(
  tenant: string,
  membership: CourseMember,
  features: CourseTutorFeature[],
): Promise<void> {
  const role = await heldTutorRole(tenant, membership.tutorRoleId);
  if (!courseTutorMay(role.permissions, features)) {
    throw new ForbiddenError(`Your tutor role on this course (${role.name}) does not allow this`);
  }
}

/**
 * Changing a course's content is for its admins and its (enabled) tutors whose tutor role on the course
 * allows it. Someone outside the course gets a 404 (the course does not exist for them); its students can
 * see it, so refusing them is a 403.
 */
export async function requireCourseEditor(
  tenant: string,
  caller: Caller,
  courseId: string,
  features: CourseTutorFeature[],
): Promise<void> {
  const course = await requireCourse(tenant, courseId);
  if (holdsReader(caller, 'anyCourse')) return;
  const membership = await membershipOf(tenant, caller, course);
  if (membership.role === 'student')
    throw new ForbiddenError("Only the course's tutors can change its content");
  await requireTutorRoleAllows(tenant, membership, features);
}

/**
 * Scheduling a course's lessons as its tutor, within their tutor role: someone outside the course gets a
 * 404, as for any course they cannot read; a member who is not one of its tutors a 403.
 */
export async function requireCourseTutor(
  tenant: string,
  caller: Caller,
  courseId: string,
  features: CourseTutorFeature[],
): Promise<void> {
  const membership = await requireMembership(tenant, caller, courseId);
  if (!isCourseTutor(membership))
    throw new ForbiddenError("Only the course's tutors can schedule its lessons");
  await requireTutorRoleAllows(tenant, membership, features);
}

/** The courses the tutor teaches (an enabled tutor of each). */
async function taughtCourses(tenant: string, tutorId: string): Promise<Set<string>> {
  const memberships = await userMemberships(tenant, tutorId);
  return new Set(memberships.filter(isCourseTutor).map((m) => m.course));
}

/** Whether the tutor teaches the student: a course where the tutor is an enabled tutor and the student enrolled. */
export async function teaches(tenant: string, tutorId: string, studentId: string): Promise<boolean> {
  const [taught, studentCourses] = await Promise.all([
    taughtCourses(tenant, tutorId),
    userMemberships(tenant, studentId),
  ]);
  return studentCourses.some((m) => isEnrolledStudent(m) && taught.has(m.course));
}

/** The students the tutor teaches, each once: the enrolled students of the courses they teach. */
export async function taughtStudents(tenant: string, tutorId: string): Promise<CourseMember['user'][]> {
  const courses = [...(await taughtCourses(tenant, tutorId))];
  const members = (await Promise.all(courses.map((course) => courseMembers(tenant, course)))).flat();
  return [...new Map(members.filter(isEnrolledStudent).map((m) => [m.user._id, m.user])).values()];
}

// People

/**
 * What a learner's data is to others: `teaching` (progress, sessions, bookmarks: what a tutor teaches from)
 * or `private` (onboarding, usage: the family's and user admins' only).
 */
export type LearnerDataKind = 'teaching' | 'private';

/**
 * Who may see a student's learning data: the student themselves; the account acting for them through a
 * user-mapper (their parent; a sibling never reads a sibling's data); a tutor of a course the student is
 * enrolled in, where the data kind allows tutors; a user admin. Answers that user, or a 404.
 */
export async function requireLearnerAccess(
  tenant: string,
  caller: Caller,
  userId: string,
  kind: LearnerDataKind,
): Promise<UserRecord> {
  const notFound = new NotFoundError('Student not found');
  if (caller.user._id === userId) return caller.user;
  const user = await getUser(tenant, userId);
  if (!user) throw notFound;
  if (isUserAdmin(caller)) return user;
  if (await mayActFor(tenant, caller, userId)) return user;
  if (kind === 'teaching' && caller.user.type === 'tutor' && (await teaches(tenant, caller.user._id, userId)))
    return user;
  throw notFound;
}

/** Schedule viewers read anyone's calendar and any lesson. */
export const isScheduleViewer = (caller: Caller) => holdsReader(caller, 'anySchedule');

/** The caller may read this user's calendar: it is theirs, one they act for as a parent, or they view schedules. */
export async function requireCalendarAccess(tenant: string, caller: Caller, userId: string): Promise<void> {
  const notFound = new NotFoundError('User not found');
  if (caller.user._id === userId) return;
  if (isScheduleViewer(caller)) {
    if (!(await getUser(tenant, userId))) throw notFound;
    return;
  }
  if (!(await mayActFor(tenant, caller, userId))) throw notFound;
}

// Chat

/**
 * The people of a course's conversation: its enabled tutors and its enabled, enrolled students (a student
 * who completed or left the course no longer reads its chat).
 */
export const isCourseChatMember = (m: CourseMember) =>
  m.status === 'ENABLE' && (m.role === 'tutor' || m.enrolment === 'ENROLLED');
