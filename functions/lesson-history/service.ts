import { NotFoundError } from '../../shared/http/errors';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { matchesLessonHistory, rangeBounds } from '../../shared/rules/lesson-history';
import {
  type LessonHistory,
  type LessonHistoryFilters,
  type LessonHistoryListQuery,
  lessonHistoryFiltersSchema,
  type PresentedLessonHistory,
} from '../../shared/schemas/lesson-history';
import { isDescending, type Page } from '../../shared/schemas/paging';
import { callerHolds, requireBackOffice } from '../lib/access';
import type { Caller } from '../lib/request';
import {
  countLessonHistory,
  getLessonHistories,
  getLessonHistory,
  type HistoryPartition,
  pageLessonHistory,
  readLessonHistory,
  setTutorPaymentStatus,
} from '../repositories/lesson-history';

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

/** The payment status is a column permission (spec 001 section 6): students' roles do not hold it. */
function present(caller: Caller, row: LessonHistory): PresentedLessonHistory {
  if (callerHolds(caller, ['lessonHistory'], ['tutorPaymentStatus'])) return row;
  const { tutorPaymentStatus: _status, ...rest } = row;
  return rest;
}

function filtersOf(query: LessonHistoryListQuery): LessonHistoryFilters {
  const given = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  // The query passed the route's schema; this keeps the filter fields of it.
  return lessonHistoryFiltersSchema.strip().parse(Object.fromEntries(given));
}

/** The narrowest partition holding every row the caller may see that matches the filters (or none). */
function partitionFor(scope: HistoryScope, filters: LessonHistoryFilters): HistoryPartition | undefined {
  if (scope.kind === 'tutor') {
    if (filters.tutorId && filters.tutorId !== scope.userId) return undefined;
    return { kind: 'tutor', tutorId: scope.userId };
  }
  if (scope.kind === 'student') {
    if (filters.studentId && filters.studentId !== scope.userId) return undefined;
    return { kind: 'student', studentId: scope.userId };
  }
  if (filters.tutorId) return { kind: 'tutor', tutorId: filters.tutorId };
  if (filters.studentId) return { kind: 'student', studentId: filters.studentId };
  return { kind: 'tenant' };
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

/** GET /lesson-history: newest lessons first unless sorted otherwise; every filter of spec 001 section 7. */
export async function listLessonHistory(
  tenant: string,
  caller: Caller,
  query: LessonHistoryListQuery,
): Promise<Page<PresentedLessonHistory>> {
  const { limit, offset } = query;
  const sortKey = query.sortKey ?? 'start';
  const descending = query.sortValue ? isDescending(query.sortValue) : true;
  const scope = scopeOf(caller);
  const filters = filtersOf(query);

  if (scope.kind === 'all' && Object.keys(filters).length === 0 && sortKey === 'start') {
    const [totalDocs, docs] = await Promise.all([
      countLessonHistory(tenant),
      pageLessonHistory(tenant, limit, offset, descending),
    ]);
    return { limit, offset, totalDocs, docs: docs.map((row) => present(caller, row)) };
  }

  const partition = partitionFor(scope, filters);
  if (!partition) return { limit, offset, totalDocs: 0, docs: [] };
  const { from, to } = rangeBounds(filters.startDate, filters.endDate);
  const rows = (await readLessonHistory(tenant, partition, from, to)).filter(
    (row) => canSee(scope, row) && matchesLessonHistory(row, filters),
  );
  const direction = descending ? -1 : 1;
  rows.sort(
    (a, b) =>
      direction * (compare(a[sortKey], b[sortKey]) || compare(a.start, b.start) || compare(a._id, b._id)),
  );
  return {
    limit,
    offset,
    totalDocs: rows.length,
    docs: rows.slice(offset, offset + limit).map((row) => present(caller, row)),
  };
}

/** Someone else's row is a 404, like another tenant's: its existence is not revealed. */
export async function getLessonHistoryFor(
  tenant: string,
  caller: Caller,
  id: string,
): Promise<PresentedLessonHistory> {
  const row = await getLessonHistory(tenant, id);
  if (!row || !canSee(scopeOf(caller), row)) throw new NotFoundError('Lesson history entry not found');
  return present(caller, row);
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
): Promise<{ docs: LessonHistory[] }> {
  requireBackOffice(caller, 'Only the back-office can change payment status');
  await setTutorPaymentStatus(tenant, ids, status, new Date().toISOString());
  const rows = await getLessonHistories(tenant, ids);
  const byId = new Map(rows.map((row) => [row._id, row]));
  return { docs: [...new Set(ids)].map((id) => byId.get(id)).filter((row) => row !== undefined) };
}
