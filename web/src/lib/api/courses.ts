import { type ApiQuery, useApi } from '../api-client';
import { revalidateReads } from './revalidate-reads';

/** GET /courses/{id}: one of the caller's courses with its sections; its lessons carry their join times. */
export function useCourse(courseId: string | null, query: ApiQuery<'courses.get'>) {
  return useApi(courseId === null ? null : ['courses.get', { params: { id: courseId }, query }]);
}

/** GET /courses: the caller's courses, each with its next lesson (null skips the read). */
export function useMyCourses(query: ApiQuery<'courses.list'> | null) {
  return useApi(query ? ['courses.list', { query }] : null);
}

/** A lesson of a course was added, moved, cancelled or joined: its course page reads again. */
export const revalidateCourse = () => revalidateReads(['courses.get']);

/** A lesson was added, moved or cancelled: the course lists read again (each course's next lesson). */
export const revalidateMyCourses = () => revalidateReads(['courses.list']);
