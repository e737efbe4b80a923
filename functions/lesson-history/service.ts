import { NotFoundError } from '../../shared/http/errors';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { matchesLessonHistory, rangeBounds } from '../../shared/rules/lesson-history';
import { exportColumns, lessonHistoryCsv } from '../../shared/rules/lesson-history-columns';
import { isIanaTimeZone } from '../../shared/rules/time-zone';
import {
  type LessonHistory,
  type LessonHistoryExportQuery,
  type LessonHistoryFilters,
  type LessonHistoryListQuery,
  lessonHistoryFiltersSchema,
  MAX_EXPORT_ROWS,
  type PresentedLessonHistory,
} from '../../shared/schemas/lesson-history';
import { isDescending, MAX_PAGE_SIZE, type Page } from '../../shared/schemas/paging';
import { callerHolds, requireBackOffice } from '../lib/access';
import type { Caller } from '../lib/request';
import {
  getLessonHistories,
  getLessonHistory,
  lessonHistoryLists,
  setTutorPaymentStatus,
} from '../repositories/lesson-history';
import { presentLessonHistory } from './present';
import { lessonRecords } from './records';

/**
 * Whose rows a caller sees. Tutor and student roles hold lessonHistory `view` for their own history, so
 * the permission alone cannot mean "everything": only an admin role sees the whole tenant; a tutor sees
 * the lessons they taught and anyone else (students, parents) the lessons they attended.
 */
export type HistoryScope = { kind: 'all' } | { kind: 'tutor' | 'student'; userId: string };

export function scopeOf(caller: Caller): HistoryScope {
  if (isBackOfficeRole(caller.role)) return { kind: 'all' };
  return { kind: caller.user.type === 'tutor' ? 'tutor' : 'student', userId: caller.user._id };
}

function canSee(scope: HistoryScope, row: LessonHistory): boolean {
  if (scope.kind === 'all') return true;
  return scope.kind === 'tutor' ? row.tutorId === scope.userId : row.studentIds.includes(scope.userId);
}

function filtersOf(query: Omit<LessonHistoryListQuery, 'includeTutorAmountData'>): LessonHistoryFilters {
  const given = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  // The query passed the route's schema; this keeps the filter fields of it.
  return lessonHistoryFiltersSchema.strip().parse(Object.fromEntries(given));
}

/**
 * GET /lesson-history: newest lesson first unless sorted otherwise; every filter of spec 001 section 7. The
 * tenant's, a tutor's, a student's, a course's, a lesson type's and a payment status's rows and the dates
 * are served by the history's list indexes (lessonHistoryLists); the other filters and sorts within their
 * scan limit. A tutor or a student is held to their own rows by the same filters.
 */
export async function listLessonHistory(
  tenant: string,
  caller: Caller,
  query: LessonHistoryListQuery,
): Promise<Page<PresentedLessonHistory>> {
  const page = await listRows(tenant, caller, query);
  const withPay = query.includeTutorAmountData === '1';
  return { ...page, docs: page.docs.map((row) => presentLessonHistory(caller, row, withPay)) };
}

/**
 * GET /lesson-history/export: the rows of the list's filters (the caller's own for a tutor or a student),
 * every page up to MAX_EXPORT_ROWS, as CSV with exactly the columns the caller's column permissions allow
 * (spec 001 section 6), dates in the zone asked for (UTC by default) and money in major units.
 */
export async function exportLessonHistory(
  tenant: string,
  caller: Caller,
  query: LessonHistoryExportQuery,
): Promise<string> {
  const { timeZone, ...listQuery } = query;
  const zone = timeZone && isIanaTimeZone(timeZone) ? timeZone : 'UTC';
  const rows: LessonHistory[] = [];
  for (let offset = 0; offset < MAX_EXPORT_ROWS; offset += MAX_PAGE_SIZE) {
    const page = await listRows(tenant, caller, { ...listQuery, limit: MAX_PAGE_SIZE, offset });
    rows.push(...page.docs);
    if (page.docs.length < MAX_PAGE_SIZE) break;
  }
  const columns = exportColumns(
    (column) => callerHolds(caller, ['lessonHistory'], [column]),
    isBackOfficeRole(caller.role),
  );
  return lessonHistoryCsv(rows.slice(0, MAX_EXPORT_ROWS), columns, zone);
}

/** The rows of a list query the caller may see (stored form). */
async function listRows(
  tenant: string,
  caller: Caller,
  query: Omit<LessonHistoryListQuery, 'includeTutorAmountData'>,
): Promise<Page<LessonHistory>> {
  const { limit, offset } = query;
  const scope = scopeOf(caller);
  const filters = filtersOf(query);
  const { startDate, endDate, referenceKey, ...equality } = filters;
  if (scope.kind !== 'all') {
    const own = scope.kind === 'tutor' ? 'tutorId' : 'studentId';
    if (equality[own] && equality[own] !== scope.userId) return { limit, offset, totalDocs: 0, docs: [] };
    equality[own] = scope.userId;
  }
  const { from, to } = rangeBounds(startDate, endDate);
  return lessonHistoryLists.list(tenant, {
    limit,
    offset,
    filters: equality,
    ...(from || to ? { range: { order: 'start', from, to } } : {}),
    sort: {
      key: query.sortKey ?? 'start',
      descending: query.sortValue ? isDescending(query.sortValue) : true,
    },
    // A reference key (the start of the event id) has no index: checked per row.
    ...(referenceKey ? { matches: (row: LessonHistory) => matchesLessonHistory(row, { referenceKey }) } : {}),
  });
}

/** Someone else's row is a 404, like another tenant's: its existence is not revealed. */
export async function getLessonHistoryFor(
  tenant: string,
  caller: Caller,
  id: string,
  includeTutorAmountData: boolean,
): Promise<PresentedLessonHistory> {
  const row = await getLessonHistory(tenant, id);
  if (!row || !canSee(scopeOf(caller), row)) throw new NotFoundError('Lesson history entry not found');
  return {
    ...presentLessonHistory(caller, row, includeTutorAmountData),
    ...(await lessonRecords(tenant, caller, row)),
  };
}

/**
 * Spec 001 section 4: an admin marks many lessons PROCESSING or PAID at once. Tutor roles hold the
 * `tutorPaymentStatus` column permission (to see the status), so the change also needs an admin role.
 */
export async function updateTutorPaymentStatus(
  tenant: string,
  caller: Caller,
  ids: string[],
  status: LessonHistory['tutorPaymentStatus'],
): Promise<{ docs: PresentedLessonHistory[] }> {
  requireBackOffice(caller, 'Only the back-office can change payment status');
  await setTutorPaymentStatus(tenant, ids, status, new Date().toISOString());
  const rows = await getLessonHistories(tenant, ids, true);
  const byId = new Map(rows.map((row) => [row._id, row]));
  return {
    docs: [...new Set(ids)]
      .map((id) => byId.get(id))
      .filter((row) => row !== undefined)
      .map((row) => presentLessonHistory(caller, row, true)),
  };
}
