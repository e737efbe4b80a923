import useSWR, { type SWRConfiguration } from 'swr';
import type { ScheduledLesson } from '../../../../shared/routes/schedule';
import { readAllPages } from '../all-pages';
import { type ApiAnswer, callApi, useApi } from '../api-client';
import { revalidateReads } from './revalidate-reads';

export type ScheduleRange = { startDate: string; endDate: string };

/** The key of every lesson in a range, read page by page (not a route id: no single call answers it). */
const ALL_LESSONS = 'schedule.adminMeetings:all';

/** GET /schedule/{userId}: the user's own lessons in a range, with join times (null skips the read). */
export function useOwnSchedule(userId: string | null, range: ScheduleRange) {
  return useApi(userId === null ? null : ['schedule.list', { params: { userId }, query: range }]);
}

/**
 * Every lesson of the range, however many, for those who see every lesson: the admin list pages (100 at
 * most a call), so all its pages are read.
 */
export function useAllLessons(range: ScheduleRange | null) {
  return useSWR<{ docs: ScheduledLesson[] }, unknown, readonly [string, ScheduleRange] | null>(
    range ? [ALL_LESSONS, range] : null,
    async ([, query]) => ({
      docs: await readAllPages((offset, limit) =>
        callApi('schedule.adminMeetings', { query: { ...query, limit, offset } }).then(
          // Only a count-only answer (countOnly=1) leaves the docs out.
          ({ totalDocs, docs = [] }) => ({ totalDocs, docs }),
        ),
      ),
    }),
  );
}

/** GET /schedule/{sectionId}: one lesson with its course, tutor, students and join times. */
export function useScheduledLesson(
  sectionId: string | undefined,
  config?: SWRConfiguration<ApiAnswer<'schedule.get'>>,
) {
  return useApi(sectionId ? ['schedule.get', { params: { sectionId } }] : null, config);
}

/** A lesson was booked, moved, cancelled or joined: the calendars and single-lesson reads read again. */
export const revalidateSchedule = () => revalidateReads(['schedule.list', 'schedule.get', ALL_LESSONS]);
