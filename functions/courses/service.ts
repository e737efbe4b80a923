import { ConflictError, NotFoundError } from '../../shared/http/errors';
import type { CourseMember } from '../../shared/schemas/course';
import type { Page } from '../../shared/schemas/paging';
import { buildSectionTree, isLessonKind, type SectionTree } from '../../shared/schemas/section';
import type { Caller } from '../lib/request';
import {
  type CourseRecord,
  courseMembers,
  coursesRepository,
  userMemberships,
} from '../repositories/courses';
import { lessonJoinTimes } from '../repositories/lesson-joins';
import { type LessonRecord, userSchedule } from '../repositories/lessons';
import { courseSections, type SectionRecord } from '../repositories/sections';
import { keys } from '../table/access-patterns';
import { batchWriteItems } from '../table/batch';

export interface CourseDetail extends CourseRecord {
  sections?: SectionTree[];
  tutors: CourseMember[];
  students: CourseMember[];
}

export async function requireCourse(tenant: string, courseId: string): Promise<CourseRecord> {
  const course = await coursesRepository.get(tenant, courseId);
  if (!course) throw new NotFoundError('Course not found');
  return course;
}

/**
 * A course with its people and, when asked, its section tree. Students do not see sections meant for
 * tutors (audience TUTOR).
 */
export async function courseDetail(
  tenant: string,
  course: CourseRecord,
  options: { withSections: boolean; audience: 'all' | 'STUDENT' },
): Promise<CourseDetail> {
  const [members, sections] = await Promise.all([
    courseMembers(tenant, course._id),
    options.withSections ? courseSections(tenant, course._id) : Promise.resolve(undefined),
  ]);
  const visible = sections?.filter((s) => options.audience === 'all' || s.audience === 'STUDENT');
  return {
    ...course,
    ...(visible ? { sections: buildSectionTree(await withJoinTimes(tenant, visible)) } : {}),
    tutors: members.filter((m) => m.role === 'tutor'),
    students: members.filter((m) => m.role === 'student'),
  };
}

/** Lessons that have opened for joining carry their join times, for the class timing chip. */
async function withJoinTimes(tenant: string, sections: SectionRecord[]): Promise<SectionRecord[]> {
  const lessons = sections.filter(
    (s): s is LessonRecord => isLessonKind(s.kind) && !!s.start && !!s.end && !!s.tutorId,
  );
  const times = await lessonJoinTimes(tenant, lessons);
  return sections.map((section) => {
    const joins = times.get(section._id);
    return joins ? { ...section, ...joins } : section;
  });
}

/** The caller's membership of a course, or a 404 (someone else's course is not theirs to learn about). */
export async function requireMembership(
  tenant: string,
  caller: Caller,
  courseId: string,
): Promise<CourseMember> {
  const members = await courseMembers(tenant, courseId);
  const mine = members.find((m) => m.user._id === caller.user._id && m.status === 'ENABLE');
  if (!mine) throw new NotFoundError('Course not found');
  return mine;
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
 * their time is claimed on tutors' calendars, so they are cancelled first (which frees it).
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
  const members = await courseMembers(tenant, courseId);
  await coursesRepository.remove(tenant, courseId);
  await batchWriteItems([
    ...members.map((m) => ({
      DeleteRequest: { Key: keys.courseMember(tenant, courseId, m.role, m.user._id) },
    })),
    ...sections.map((s) => ({ DeleteRequest: { Key: keys.section(tenant, s._id) } })),
  ]);
}
