import { BadRequestError } from '../../shared/http/errors';
import { callStatus, toCallLog } from '../../shared/rules/call-logs';
import { dateFilterRange } from '../../shared/scheduling/date-filters';
import type { CallLog, CallLogListQuery } from '../../shared/schemas/call-log';
import type { LessonHistory } from '../../shared/schemas/lesson-history';
import { isDescending, type Page } from '../../shared/schemas/paging';
import { lessonHistoryLists } from '../repositories/lesson-history';

/**
 * Call logs: the lesson history's rows (one per lesson that ended, with the tutor's and the students' first
 * joins) as calls, newest first. The tutor, the student and the dates are served by the history's list
 * indexes; the status, which the join times decide, is checked per row within the scan limit.
 */
export async function listCallLogs(tenant: string, query: CallLogListQuery): Promise<Page<CallLog>> {
  const { limit, offset, sort, tutorId, studentId, status, startDate, endDate } = query;
  const range = dateFilterRange(startDate, endDate);
  if (!range.ok) throw new BadRequestError(range.message);
  const { from, to } = range;
  const page = await lessonHistoryLists.list(tenant, {
    limit,
    offset,
    filters: { tutorId, studentId },
    ...(from !== undefined || to !== undefined ? { range: { order: 'start', from, to } } : {}),
    sort: { key: 'start', descending: sort ? isDescending(sort) : true },
    ...(status ? { matches: (row: LessonHistory) => callStatus(row) === status } : {}),
  });
  return { ...page, docs: page.docs.map(toCallLog) };
}
