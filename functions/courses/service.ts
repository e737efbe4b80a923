import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { isCourseOpenTo, memberViewer } from '../../shared/rules/course-visibility';
import { courseRoster } from '../../shared/scheduling/course-booking';
import { isAllowedLessonDuration } from '../../shared/scheduling/durations';
import {
  type CourseInput,
  type CourseMember,
  type CourseTutorUpdate,
  LESSON_DURATION_MESSAGE,
} from '../../shared/schemas/course';
import type { Page } from '../../shared/schemas/paging';
import { buildSectionTree, isLessonKind, type SectionTree } from '../../shared/schemas/section';
import { requireMembership, requireTutorRoleAllows } from '../access/records';
import { callerHolds } from '../lib/access';
import { config } from '../lib/config';
import type { Caller } from '../lib/request';
import {
  type CourseRecord,
  courseMembers,
  coursesRepository,
  userMemberships,
} from '../repositories/courses';
import { lessonJoinTimes } from '../repositories/lesson-joins';
import { type LessonRecord, lessonDeleteWrites, userSchedule } from '../repositories/lessons';
import { courseSections, type SectionRecord } from '../repositories/sections';
import { keys } from '../table/access-patterns';
import { batchWriteItems } from '../table/batch';
import { writeTransaction } from '../table/transactions';
import { deleteMember } from './members';

/** A member as a course read shows it (a student's view has no e-mail addresses). */
type ShownMember = Omit<CourseMember, 'user'> & {
  user: Omit<CourseMember['user'], 'email'> & { email?: string };
};

export interface CourseDetail extends CourseRecord {
  sections?: SectionTree[];
  tutors: ShownMember[];
  students: ShownMember[];
}

export async function requireCourse(tenant: string, courseId: string): Promise<CourseRecord> {
  const course = await coursesRepository.get(tenant, courseId);
  if (!course) throw new NotFoundError('Course not found');
  return course;
}

/** `current`: the portal page's roster (shared/scheduling/course-booking.ts courseRoster); `all`: the back-office's. */
export type MemberView = 'all' | 'current';

/**
 * A course with its people and, when asked, its section tree. Students do not see sections meant for
 * tutors (audience TUTOR).
 */
export async function courseDetail(
  tenant: string,
  course: CourseRecord,
  options: {
    withSections: boolean;
    audience: 'all' | 'STUDENT';
    members: MemberView;
    /** The signed-in student, whose own join times the lessons carry (lessonJoinTimes). */
    studentId?: string;
  },
): Promise<CourseDetail> {
  const [members, sections] = await Promise.all([
    courseMembers(tenant, course._id),
    options.withSections ? courseSections(tenant, course._id) : Promise.resolve(undefined),
  ]);
  const visible = sections?.filter((s) => options.audience === 'all' || s.audience === 'STUDENT');
  // A student or parent sees people by name only (courseMemberSchema: no classmates' addresses).
  const shown: ShownMember[] =
    options.audience === 'STUDENT'
      ? members.map(({ user: { email: _email, ...user }, ...member }) => ({ ...member, user }))
      : members;
  const people =
    options.members === 'current'
      ? courseRoster(shown)
      : {
          tutors: shown.filter((m) => m.role === 'tutor'),
          students: shown.filter((m) => m.role === 'student'),
        };
  return {
    ...course,
    ...(visible
      ? { sections: buildSectionTree(await withJoinTimes(tenant, visible, options.studentId)) }
      : {}),
    ...people,
  };
}

/** Lessons that have opened for joining carry their join times, for the class timing chip. */
async function withJoinTimes(
  tenant: string,
  sections: SectionRecord[],
  studentId: string | undefined,
): Promise<SectionRecord[]> {
  const lessons = sections.filter(
    (s): s is LessonRecord => isLessonKind(s.kind) && !!s.start && !!s.end && !!s.tutorId,
  );
  const times = await lessonJoinTimes(tenant, lessons, studentId);
  return sections.map((section) => {
    const joins = times.get(section._id);
    return joins ? { ...section, ...joins } : section;
  });
}

/**
 * The schema allows every stage's choices (3 and 5 minutes included); in production those two are no
 * choice, so the stage decides here.
 */
export function checkLessonDuration(minutes: number | undefined): void {
  if (minutes !== undefined && !isAllowedLessonDuration(minutes, config().STAGE)) {
    throw new BadRequestError(`lessonDuration: ${LESSON_DURATION_MESSAGE}`);
  }
}

/** An admin's course save (create or update) after the stage's duration check. */
export function checkCourseInput<Input extends Partial<CourseInput>>(input: Input): Input {
  checkLessonDuration(input.lessonDuration);
  return input;
}

/**
 * The user route's course save (spec 001 section 7, "PUT course {id}"). A course editor (adminCourses
 * edit) may use it too; otherwise only the course's enabled PRIMARY tutor: its students and its other
 * tutors (substitute, trial) get a 403, anyone outside the course a 404 (it does not exist for them).
 */
export async function updateCourseAsMember(
  tenant: string,
  caller: Caller,
  courseId: string,
  changes: CourseTutorUpdate,
): Promise<CourseRecord> {
  await requireCourse(tenant, courseId);
  if (!callerHolds(caller, ['adminCourses'], ['edit'])) {
    const membership = await requireMembership(tenant, caller, courseId);
    if (membership.role !== 'tutor' || membership.type !== 'PRIMARY') {
      throw new ForbiddenError("Only the course's primary tutor can change the course");
    }
    await requireTutorRoleAllows(tenant, membership, ['courseEdit']);
  }
  checkLessonDuration(changes.lessonDuration);
  return coursesRepository.update(tenant, courseId, changes);
}

export interface AdminCourseFilters {
  curriculum?: string;
  subject?: string;
  grade?: string;
  status?: string;
  type?: string;
  studentId?: string;
  tutorId?: string;
}

/** The admin list; a student or tutor filter starts from that user's memberships. */
export async function listCoursesForAdmin(
  tenant: string,
  query: Parameters<typeof coursesRepository.list>[1],
  filters: AdminCourseFilters,
): Promise<Page<CourseRecord>> {
  const { studentId, tutorId, ...equality } = filters;
  if (!studentId && !tutorId) return coursesRepository.list(tenant, query, equality);
  const sets = await Promise.all(
    [
      [studentId, 'student'],
      [tutorId, 'tutor'],
    ]
      .filter(([userId]) => userId)
      .map(async ([userId, role]) =>
        (await userMemberships(tenant, userId!)).filter((m) => m.role === role).map((m) => m.course),
      ),
  );
  const ids = sets.reduce((a, b) => a.filter((id) => b.includes(id)));
  let docs = await coursesRepository.getMany(tenant, ids);
  for (const [field, value] of Object.entries(equality)) {
    if (value)
      docs = docs.filter((doc) => String((doc as unknown as Record<string, unknown>)[field]) === value);
  }
  const search = query.searchText?.trim().toLowerCase();
  if (search) docs = docs.filter((doc) => doc.title.toLowerCase().includes(search));
  docs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    limit: query.limit,
    offset: query.offset,
    totalDocs: docs.length,
    docs: docs.slice(query.offset, query.offset + query.limit),
  };
}

/** The caller's courses, each with their membership and their next lesson. */
export async function listCoursesForUser(
  tenant: string,
  userId: string,
  query: { limit: number; offset: number; searchText?: string; enrolment?: string },
) {
  let memberships = (await userMemberships(tenant, userId)).filter((m) => m.status === 'ENABLE');
  if (query.enrolment) memberships = memberships.filter((m) => m.enrolment === query.enrolment);
  const courses = new Map(
    (
      await coursesRepository.getMany(
        tenant,
        memberships.map((m) => m.course),
      )
    ).map((c) => [c._id, c]),
  );
  const now = new Date();
  const upcoming = await userSchedule(
    tenant,
    userId,
    new Date(now.getTime() - 3 * 3_600_000).toISOString(),
    new Date(now.getTime() + 366 * 86_400_000).toISOString(),
  );
  const search = query.searchText?.trim().toLowerCase();
  const docs = memberships
    .map((membership) => ({ membership, course: courses.get(membership.course) }))
    .filter((row): row is { membership: CourseMember; course: CourseRecord } => row.course !== undefined)
    // A draft is its tutors' to prepare; its students see it once it is ACTIVE.
    .filter(({ membership, course }) => isCourseOpenTo(course, memberViewer(membership.role)))
    .filter(({ course }) => !search || course.title.toLowerCase().includes(search))
    .map(({ membership, course }) => {
      const next = upcoming.find(
        (entry) =>
          entry.courseId === course._id && entry.status === 'ACTIVE' && Date.parse(entry.end) > now.getTime(),
      );
      return {
        ...course,
        membership,
        nextLesson: next ? { sectionId: next.sectionId, start: next.start, end: next.end } : null,
      };
    });
  return {
    limit: query.limit,
    offset: query.offset,
    totalDocs: docs.length,
    docs: docs.slice(query.offset, query.offset + query.limit),
  };
}

/**
 * Deletes a course with its sections and memberships. A course with lessons still to come is refused:
 * their time is claimed on tutors' calendars, so they are cancelled first (which tells their people and
 * frees it). Its past and cancelled lessons go the way a deleted lesson goes (lessonDeleteWrites): with
 * their people's calendar lines (the schedule and the .ics feed), busy-day entries and time claims. The
 * course record goes last, so a delete that fails half-way can simply be repeated.
 */
export async function deleteCourse(tenant: string, courseId: string): Promise<void> {
  await requireCourse(tenant, courseId);
  const sections = await courseSections(tenant, courseId);
  const now = Date.now();
  const upcoming = sections.filter(
    (s) => isLessonKind(s.kind) && s.status === 'ACTIVE' && s.end && Date.parse(s.end) > now,
  );
  if (upcoming.length > 0) {
    throw new ConflictError(
      `This course still has ${upcoming.length} upcoming lesson${upcoming.length === 1 ? '' : 's'}. Cancel them first.`,
    );
  }
  const isBooked = (s: SectionRecord): s is LessonRecord =>
    isLessonKind(s.kind) && Boolean(s.start && s.end && s.tutorId);
  for (const lesson of sections.filter(isBooked)) {
    await writeTransaction(
      await lessonDeleteWrites(tenant, lesson),
      () => new ConflictError('A lesson of this course changed meanwhile. Please try again.'),
    );
  }
  const members = await courseMembers(tenant, courseId);
  // A tutor holding a counted tutor role leaves in a transaction that gives the role its holder back.
  for (const member of members.filter((m) => m.tutorRoleId)) await deleteMember(tenant, member);
  await batchWriteItems([
    ...members
      .filter((m) => !m.tutorRoleId)
      .map((m) => ({
        DeleteRequest: { Key: keys.courseMember(tenant, courseId, m.role, m.user._id) },
      })),
    ...sections
      .filter((s) => !isBooked(s))
      .map((s) => ({ DeleteRequest: { Key: keys.section(tenant, s._id) } })),
  ]);
  await coursesRepository.remove(tenant, courseId);
}
