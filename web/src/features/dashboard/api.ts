import useSWRInfinite from 'swr/infinite';
import { type ApiAnswer, callApi, useApi } from '../../lib/api-client';

export function useCurricula() {
  return useApi(['curriculums.list']);
}

/** GET /v2/progress/{curriculum}: every subject of the curriculum for the learner. */
export function useCurriculumProgress(curriculum: string | undefined, userId: string) {
  return useApi(
    curriculum
      ? ['progress.byCurriculum', { params: { curriculumId: curriculum }, query: { userId } }]
      : null,
  );
}

/** GET /onboarding/{id}: `completed` says whether the learner has answered yet. */
export function useOnboarding(userId: string | undefined) {
  return useApi(userId ? ['onboarding.get', { params: { id: userId } }] : null);
}

export function useBookmarks(studentId: string) {
  return useApi(['bookmarks.list', { query: { studentId } }]);
}

export function useUsageDetails(userId: string) {
  return useApi(['usage.userDetails', { body: { userId } }]);
}

export const SESSIONS_PAGE = 5;

/** POST /session/list, newest first, a page at a time ("Load more" fetches the next offset). */
export function useSessions(studentId: string) {
  return useSWRInfinite<ApiAnswer<'sessions.list'>>(
    (index, previous: ApiAnswer<'sessions.list'> | null) =>
      previous && (index * SESSIONS_PAGE >= previous.totalDocs || previous.docs.length === 0)
        ? null
        : ['sessions.list', studentId, index],
    ([, student, index]: [string, string, number]) =>
      callApi('sessions.list', {
        body: { studentId: student, limit: SESSIONS_PAGE, offset: index * SESSIONS_PAGE },
      }),
  );
}

export const STUDENTS_PAGE = 20;
export type StudentItem = ApiAnswer<'students.list'>['docs'][number];

/** GET /students?searchText: a tutor's students or, for user admins, every student; "Load more" pages on. */
export function useStudents(searchText: string) {
  return useSWRInfinite<ApiAnswer<'students.list'>>(
    (index, previous: ApiAnswer<'students.list'> | null) =>
      previous && (index * STUDENTS_PAGE >= previous.totalDocs || previous.docs.length === 0)
        ? null
        : ['students.list', searchText, index],
    ([, text, index]: [string, string, number]) =>
      callApi('students.list', {
        query: { limit: STUDENTS_PAGE, offset: index * STUDENTS_PAGE, searchText: text || undefined },
      }),
  );
}
