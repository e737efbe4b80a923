import { type ApiQuery, useApi } from '../api-client';
import { revalidateReads } from './revalidate-reads';

/** GET /meeting-requests: the caller's own lesson requests (as requester, student or tutor). */
export function useMyLessonRequests(query: ApiQuery<'meetingRequests.list'>) {
  return useApi(['meetingRequests.list', { query }]);
}

/** GET /meeting-requests/{id}: one of them in full. */
export function useMyLessonRequest(id: string) {
  return useApi(['meetingRequests.get', { params: { id } }]);
}

/** A lesson change was asked for (or applied): the caller's requests read again. */
export const revalidateMyLessonRequests = () =>
  revalidateReads(['meetingRequests.list', 'meetingRequests.get']);
