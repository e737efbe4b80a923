import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import type { VerifyDeleteResult } from '../../shared/routes/crud';
import type { CourseMember } from '../../shared/schemas/course';
import { isLessonKind } from '../../shared/schemas/section';
import { DEFAULT_TUTOR_ROLE_ID } from '../../shared/schemas/tutor-role';
import {
  type CourseRecord,
  courseMemberDeleteWrite,
  courseMembers,
  courseMemberUpdateWrite,
  courseMemberWrite,
  coursesRepository,
  getCourseMember,
  newCourseMember,
  parseCourseMemberId,
  userMemberships,
} from '../repositories/courses';
import { type LessonRecord, lessonWrites } from '../repositories/lessons';
import { courseSections } from '../repositories/sections';
import { getUser } from '../repositories/users';
import { writeTransaction } from '../table/transactions';
import { tutorRoleHolderWrites } from '../tutor-roles/repository';

const memberNotFound = (role: CourseMember['role']) =>
  new NotFoundError(role === 'tutor' ? 'Course tutor not found' : 'Course student not found');

export async function requireMember(
  tenant: string,
  id: string,
  role: CourseMember['role'],
): Promise<CourseMember> {
  const parsed = parseCourseMemberId(id);
  if (!parsed || parsed.role !== role) throw memberNotFound(role);
  const member = await getCourseMember(tenant, parsed);
  if (!member) throw memberNotFound(role);
  return member;
}

const changedMeanwhile = () =>
  new ConflictError('This course member was changed by someone else meanwhile. Please try again.');
const tutorRoleNotFound = () => new NotFoundError('Tutor role not found');

/** A tutor's role as stored: none for the default (Editor), which is held without being counted. */
const storedTutorRole = (id: string | undefined) => (id === DEFAULT_TUTOR_ROLE_ID ? undefined : id);

/** Writes a membership read as `read`, moving its tutor role's holder count with it. */
async function saveMember(tenant: string, read: CourseMember, next: CourseMember): Promise<CourseMember> {
  await writeTransaction(
    [
      courseMemberUpdateWrite(tenant, read, next),
      ...tutorRoleHolderWrites(tenant, read.tutorRoleId, next.tutorRoleId),
    ],
    (failed) => (failed === 0 ? changedMeanwhile() : tutorRoleNotFound()),
  );
  return next;
}

/** Deletes a membership read as `read`, its tutor role losing a holder. */
export async function deleteMember(tenant: string, read: CourseMember): Promise<void> {
  await writeTransaction(
    [courseMemberDeleteWrite(tenant, read), ...tutorRoleHolderWrites(tenant, read.tutorRoleId, undefined)],
    changedMeanwhile,
  );
}

async function requireCourse(tenant: string, courseId: string): Promise<CourseRecord> {
  const course = await coursesRepository.get(tenant, courseId);
  if (!course) throw new NotFoundError('Course not found');
  return course;
}

/** A course's lessons still to come, optionally only those of one participant. */
async function upcomingLessons(tenant: string, courseId: string, userId?: string): Promise<LessonRecord[]> {
  const now = Date.now();
  return (await courseSections(tenant, courseId)).filter(
    (s): s is LessonRecord =>
      isLessonKind(s.kind) &&
      s.status === 'ACTIVE' &&
      !!s.start &&
      Date.parse(s.start) > now &&
      (!userId || s.tutorId === userId || (s.studentIds ?? []).includes(userId)),
  );
}

/** Adds a tutor or student; someone already on the course is a 409. */
export async function addMember(
  tenant: string,
  input: { course: string; userId: string; role: CourseMember['role']; type: string; tutorRoleId?: string },
): Promise<CourseMember> {
  const course = await requireCourse(tenant, input.course);
  const user = await getUser(tenant, input.userId);
  const expected = input.role === 'tutor' ? 'tutor' : 'student';
  if (user?.type !== expected) throw new BadRequestError(`Choose a ${expected} account`);
  const tutorRoleId = input.role === 'tutor' ? storedTutorRole(input.tutorRoleId) : undefined;
  const member = {
    ...newCourseMember(
      course._id,
      user,
      input.role,
      input.type as NonNullable<CourseMember['type'] | CourseMember['enrolmentType']>,
    ),
    ...(tutorRoleId ? { tutorRoleId } : {}),
  };
  const taken = () => new ConflictError(`${user.firstname} ${user.lastname} is already on this course`);
  await writeTransaction(
    [courseMemberWrite(tenant, member, 'absent'), ...tutorRoleHolderWrites(tenant, undefined, tutorRoleId)],
    (failed) => (failed === 0 ? taken() : tutorRoleNotFound()),
  );
  return member;
}

export async function listMembers(
  tenant: string,
  courseId: string,
  role: CourseMember['role'],
  query: { limit: number; offset: number; status?: string },
) {
  const members = (await courseMembers(tenant, courseId)).filter(
    (m) =>
      m.role === role &&
      (!query.status || (role === 'tutor' ? m.status === query.status : m.enrolment === query.status)),
  );
  return {
    limit: query.limit,
    offset: query.offset,
    totalDocs: members.length,
    docs: members.slice(query.offset, query.offset + query.limit),
  };
}

/** Whether a tutor can leave a course: not while lessons with them are still to come. */
export async function verifyTutorRemoval(tenant: string, member: CourseMember): Promise<VerifyDeleteResult> {
  const upcoming = await upcomingLessons(tenant, member.course, member.user._id);
  if (upcoming.length === 0) return { canDelete: true, message: 'This tutor can be removed', references: [] };
  return {
    canDelete: false,
    message: `${member.user.firstname} still teaches ${upcoming.length} upcoming lesson${upcoming.length === 1 ? '' : 's'} of this course. Reschedule them to another tutor or cancel them first.`,
    references: [{ entity: 'upcoming lesson', count: upcoming.length }],
  };
}

export async function updateTutor(
  tenant: string,
  id: string,
  changes: { type?: CourseMember['type']; action?: 'ENABLE' | 'DISABLE'; tutorRoleId?: string },
): Promise<CourseMember> {
  const member = await requireMember(tenant, id, 'tutor');
  if (changes.action === 'DISABLE' && member.status === 'ENABLE') {
    const check = await verifyTutorRemoval(tenant, member);
    if (!check.canDelete) throw new ConflictError(check.message);
  }
  const { tutorRoleId: _held, ...rest } = member;
  const tutorRoleId =
    changes.tutorRoleId === undefined ? member.tutorRoleId : storedTutorRole(changes.tutorRoleId);
  return saveMember(tenant, member, {
    ...rest,
    ...(tutorRoleId ? { tutorRoleId } : {}),
    ...(changes.type ? { type: changes.type } : {}),
    ...(changes.action ? { status: changes.action } : {}),
  });
}

export async function removeTutor(tenant: string, id: string, mode: 'DELETE' | 'DISABLE'): Promise<void> {
  const member = await requireMember(tenant, id, 'tutor');
  const check = await verifyTutorRemoval(tenant, member);
  if (!check.canDelete) throw new ConflictError(check.message);
  if (mode === 'DISABLE') {
    await saveMember(tenant, member, { ...member, status: 'DISABLE' });
    return;
  }
  await deleteMember(tenant, member);
}

/** Takes a student out of the course's lessons still to come (each lesson in its own transaction). */
async function removeFromUpcomingLessons(tenant: string, member: CourseMember): Promise<void> {
  const course = await requireCourse(tenant, member.course);
  for (const lesson of await upcomingLessons(tenant, member.course, member.user._id)) {
    const after = {
      ...lesson,
      studentIds: lesson.studentIds.filter((id) => id !== member.user._id),
      updatedAt: new Date().toISOString(),
    };
    const writes = await lessonWrites(tenant, lesson, after, course.title);
    await writeTransaction(
      writes.items,
      () => new ConflictError('A lesson changed meanwhile. Please try again.'),
    );
  }
}

export async function updateStudent(
  tenant: string,
  id: string,
  changes: { status?: CourseMember['enrolment']; type?: CourseMember['enrolmentType'] },
): Promise<CourseMember> {
  const member = await requireMember(tenant, id, 'student');
  if (changes.status === 'UNENROLLED' && member.enrolment === 'ENROLLED') {
    await removeFromUpcomingLessons(tenant, member);
  }
  return saveMember(tenant, member, {
    ...member,
    ...(changes.status ? { enrolment: changes.status } : {}),
    ...(changes.type ? { enrolmentType: changes.type } : {}),
  });
}

export async function removeStudent(tenant: string, id: string): Promise<void> {
  const member = await requireMember(tenant, id, 'student');
  await removeFromUpcomingLessons(tenant, member);
  await deleteMember(tenant, member);
}

/** A user's courses with their membership, by role. */
export async function coursesOf(tenant: string, userId: string, role: CourseMember['role']) {
  const user = await getUser(tenant, userId);
  if (!user) throw new NotFoundError('User not found');
  const memberships = (await userMemberships(tenant, userId)).filter((m) => m.role === role);
  const courses = await coursesRepository.getMany(
    tenant,
    memberships.map((m) => m.course),
  );
  return memberships.flatMap((membership) => {
    const course = courses.find((c) => c._id === membership.course);
    return course ? [{ ...course, membership }] : [];
  });
}

/** Spec 002: a student's courses split into active (enrolled) and completed (no longer enrolled). */
export async function studentCourses(tenant: string, userId: string) {
  const all = await coursesOf(tenant, userId, 'student');
  const active = (c: (typeof all)[number]) =>
    c.membership.enrolment === 'ENROLLED' && c.membership.status === 'ENABLE';
  return { activeCourses: all.filter(active), completedCourses: all.filter((c) => !active(c)) };
}
