import type { CourseDetail, UserCourse } from '../../../../shared/routes/scheduling';
import type { Page } from '../../../../shared/schemas/paging';
import { type ApiQuery, useApi } from '../api-client';
import { revalidateReads } from './revalidate-reads';

/** GET /courses/{id}: one of the caller's courses with its sections; its lessons carry their join times. */
export function useCourse(
  courseId: string | null,
  query: { subSections: '0' | '1'; deviceTimezone?: string },
) {
  return useApi<CourseDetail>(
    courseId === null ? null : ['courses.get', { params: { id: courseId }, query }],
  );
}

/** GET /courses: the caller's courses, each with its next lesson (null skips the read). */
export function useMyCourses(query: ApiQuery | null) {
  return useApi<Page<UserCourse>>(query ? ['courses.list', { query }] : null);
}

/** A lesson of a course was added, moved, cancelled or joined: its course page reads again. */
export const revalidateCourse = () => revalidateReads(['courses.get']);

/** A lesson was added, moved or cancelled: the course lists read again (each course's next lesson). */
export const revalidateMyCourses = () => revalidateReads(['courses.list']);
