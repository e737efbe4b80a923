import type { Page } from '../../shared/schemas/paging';
import { isLessonKind } from '../../shared/schemas/section';
import { compareValues } from '../crud/list-index';
import { userSchedule } from '../repositories/lessons';
import { courseSections, lessonLists, type SectionRecord, sectionEntity } from '../repositories/sections';

export interface AdminScheduleQuery {
  /** Lessons starting in [from, to) (UTC ISO instants). */
  from: string;
  to: string;
  courseId?: string | undefined;
  tutorId?: string | undefined;
  studentId?: string | undefined;
  sort: { key: 'start' | 'title' | 'status'; descending: boolean };
  limit: number;
  offset: number;
}

/** What a lesson is listed and sorted by, whether read from a schedule line or from its section. */
interface Listed {
  _id: string;
  course: string;
  tutorId: string | undefined;
  studentIds: string[];
  start: string;
  title: string;
  status: string;
}

/**
 * GET /admin/schedule/meetings. Without a person or a course: the tenant's lessons by start (gsi2), a page
 * being a keys-only skip and one read, the total summed from day counters (lessonLists); another sort is
 * applied to the newest lessons of the range within the scan limit. With a tutor or a student: their own
 * schedule lines in the range; with a course: its sections. Those partitions are small (one person's or
 * one course's lessons in at most 400 days) and read whole, so their totals are exact.
 */
export async function adminSchedule(
  tenant: string,
  query: AdminScheduleQuery,
  countOnly: boolean,
): Promise<Pick<Page<SectionRecord>, 'totalDocs' | 'partial'> & { docs?: SectionRecord[] }> {
  const { from, to, courseId, tutorId, studentId, sort, limit, offset } = query;
  const person = tutorId ?? studentId;
  if (!person && !courseId) {
    // The index's ranges are inclusive; the schedule's end is not.
    const range = { order: 'start' as const, from, to: new Date(Date.parse(to) - 1).toISOString() };
    if (countOnly) return lessonLists.count(tenant, { range });
    return lessonLists.list(tenant, { limit, offset, range, sort });
  }

  const listed: Listed[] = person
    ? (await userSchedule(tenant, person, from, to)).map((line) => ({
        _id: line.sectionId,
        course: line.courseId,
        tutorId: line.tutorId,
        studentIds: line.studentIds,
        start: line.start,
        title: line.title,
        status: line.status,
      }))
    : (await courseSections(tenant, courseId ?? '')).flatMap((section) =>
        isLessonKind(section.kind) && section.start && section.start >= from && section.start < to
          ? [
              {
                _id: section._id,
                course: section.course,
                tutorId: section.tutorId,
                studentIds: section.studentIds ?? [],
                start: section.start,
                title: section.title,
                status: section.status,
              },
            ]
          : [],
      );
  const matching = listed.filter(
    (lesson) =>
      (!courseId || lesson.course === courseId) &&
      (!tutorId || lesson.tutorId === tutorId) &&
      (!studentId || lesson.studentIds.includes(studentId)),
  );
  if (countOnly) return { totalDocs: matching.length };
  const direction = sort.descending ? -1 : 1;
  matching.sort(
    (a, b) => direction * compareValues(a[sort.key], b[sort.key]) || a.start.localeCompare(b.start),
  );
  const page = matching.slice(offset, offset + limit).map((lesson) => lesson._id);
  const sections = await sectionEntity.getMany(
    tenant,
    page.map((id) => ({ _id: id })),
  );
  const byId = new Map(sections.map((section) => [section._id, section]));
  return {
    totalDocs: matching.length,
    docs: page.map((id) => byId.get(id)).filter((section) => section !== undefined),
  };
}
