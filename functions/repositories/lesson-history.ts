import * as z from 'zod';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { type LessonHistory, lessonHistorySchema } from '../../shared/schemas/lesson-history';
import { guarded, listIndexes } from '../crud/list-index';
import { keys } from '../table/access-patterns';
import { countWrite, readCount } from '../table/counters';
import { defineEntity } from '../table/entity';
import { MAX_TRANSACTION_ITEMS, type TransactItem, writeTransaction } from '../table/transactions';

const COLLECTION = 'LESSONHISTORY';

/** A row as stored: the row, and the version of its list entries (lessonHistoryLists). */
const historyRowSchema = lessonHistorySchema.extend({ listsVersion: z.number().optional() });

/**
 * A history row: by id (the lesson's id), in the tenant's list by start (gsi1) and in its tutor's list by
 * start (gsi2); its other lists are entries (lessonHistoryLists).
 */
const historyRows = defineEntity({
  name: 'lessonHistory',
  schema: historyRowSchema,
  keyAttributes: ['_id'],
  key: (tenant, row) => keys.lessonHistory(tenant, row._id),
  indexes: (tenant, row) => ({
    gsi1pk: keys.lessonHistoryIndex(tenant),
    gsi1sk: `${row.start}#${row._id}`,
    gsi2pk: keys.tutorLessonHistoryIndex(tenant, row.tutorId),
    gsi2sk: `${row.start}#${row._id}`,
  }),
});

/**
 * How the history is listed (functions/crud/list-index.ts), every index by the lesson's start: the
 * tenant's rows (gsi1, the row itself; its size by the maintained counter, a date range's by day
 * counters), a tutor's (gsi2, the row itself), and a student's, a course's, a lesson type's and a tutor
 * payment status's (entries). The other filters of spec 001 section 7 are checked per row, within the
 * scan limit of the best of those.
 */
export const lessonHistoryLists = listIndexes<
  LessonHistory,
  | 'tutorId'
  | 'studentId'
  | 'courseId'
  | 'lessonType'
  | 'tutorPaymentStatus'
  | 'curriculum'
  | 'grade'
  | 'subject'
  | 'paymentType',
  'start'
>({
  collection: COLLECTION,
  entity: historyRows,
  filters: {
    tutorId: (row) => row.tutorId,
    studentId: (row) => row.studentIds,
    courseId: (row) => row.courseId,
    lessonType: (row) => row.lessonType,
    tutorPaymentStatus: (row) => row.tutorPaymentStatus,
    curriculum: (row) => row.curriculum,
    grade: (row) => row.grade,
    subject: (row) => row.subject,
    paymentType: (row) => row.paymentType,
  },
  orders: { start: (row) => row.start },
  defaultOrder: 'start',
  indexes: [
    {
      name: 'tenant',
      filters: [],
      order: 'start',
      count: 'collection',
      gsi: { name: 'gsi1', partition: (tenant) => keys.lessonHistoryIndex(tenant) },
    },
    {
      name: 'lessons',
      filters: [],
      order: 'start',
      count: 'days',
      gsi: { name: 'gsi1', partition: (tenant) => keys.lessonHistoryIndex(tenant) },
    },
    {
      name: 'tutor',
      filters: ['tutorId'],
      order: 'start',
      count: 'keys',
      gsi: {
        name: 'gsi2',
        partition: (tenant, [tutorId]) => keys.tutorLessonHistoryIndex(tenant, tutorId ?? ''),
      },
    },
    { name: 'student', filters: ['studentId'], order: 'start', count: 'keys' },
    { name: 'course', filters: ['courseId'], order: 'start', count: 'keys' },
    { name: 'lessonType', filters: ['lessonType'], order: 'start', count: 'days' },
    { name: 'payment', filters: ['tutorPaymentStatus'], order: 'start', count: 'days' },
  ],
  collectionCount: countLessonHistory,
});

/**
 * Writes a lesson's row once: the put is conditional on the lesson's id, and the count and the list
 * entries go in the same transaction, so a re-run or an overlapping run changes nothing. False when the
 * row was already there.
 */
export async function insertLessonHistory(tenant: string, row: LessonHistory): Promise<boolean> {
  const items: TransactItem[] = [
    historyRows.putWrite(tenant, { ...row, ...lessonHistoryLists.stamp() }, 'absent'),
    countWrite(tenant, COLLECTION, 1),
    ...lessonHistoryLists.writes(tenant, undefined, row),
  ];
  try {
    await writeTransaction(items, () => new ConflictError('This lesson already has its history row'));
    return true;
  } catch (error) {
    if (error instanceof ConflictError && (await getLessonHistory(tenant, row._id))) return false;
    throw error;
  }
}

export function getLessonHistory(
  tenant: string,
  id: string,
  options: { consistent?: boolean } = {},
): Promise<LessonHistory | undefined> {
  return historyRows.get(tenant, { _id: id }, options);
}

/** Every row of the tenant, by start (a one-off job's read: the backfill of list indexes). */
export function allLessonHistory(tenant: string): Promise<LessonHistory[]> {
  return historyRows.query({ index: 'gsi1', partition: keys.lessonHistoryIndex(tenant) });
}

/** Rows by id (batched, unprocessed keys retried); unknown ids are left out. */
export function getLessonHistories(
  tenant: string,
  ids: string[],
  consistentRead = false,
): Promise<LessonHistory[]> {
  return historyRows.getMany(
    tenant,
    ids.map((id) => ({ _id: id })),
    { consistent: consistentRead },
  );
}

export function countLessonHistory(tenant: string): Promise<number> {
  return readCount(tenant, COLLECTION);
}

/** A row's write with its list entries: the row as read (unchanged since), then its entries and counts. */
function rowChange(tenant: string, before: LessonHistory, after: LessonHistory): TransactItem[] {
  return [
    guarded(
      historyRows.putWrite(
        tenant,
        { ...after, ...lessonHistoryLists.stamp() },
        { unchangedSince: before.updatedAt },
      ),
      lessonHistoryLists.guard(before),
    ),
  ];
}

const MAX_ATTEMPTS = 5;

/**
 * Sets the tutor payment status of many rows. Every id is checked first (an unknown one is a 404 and
 * nothing changes); each row then moves with its payment-status entry and day counts, in transactions of
 * at most 100 writes (a hundred rows need more than one). A row changed meanwhile fails its transaction,
 * which is read again and retried, so the counts always follow the rows.
 */
export async function setTutorPaymentStatus(
  tenant: string,
  ids: string[],
  status: LessonHistory['tutorPaymentStatus'],
  now: string,
): Promise<void> {
  await changeRows(tenant, ids, (row) => ({ ...row, tutorPaymentStatus: status, updatedAt: now }));
}

/**
 * A deleted account's rows show its anonymised name (the row keeps its id): every row it taught or
 * attended, found through the tutor's and the student's list indexes, renamed in place. Idempotent.
 */
export async function renameInLessonHistory(
  tenant: string,
  userId: string,
  name: { firstname: string; lastname: string },
): Promise<void> {
  const ids = new Set<string>();
  for (const filters of [{ tutorId: userId }, { studentId: userId }]) {
    for (let offset = 0; ; offset += 100) {
      const page = await lessonHistoryLists.list(tenant, { limit: 100, offset, filters });
      for (const row of page.docs) ids.add(row._id);
      if (page.docs.length < 100) break;
    }
  }
  const now = new Date().toISOString();
  await changeRows(tenant, [...ids], (row) => ({
    ...row,
    tutor: row.tutor && row.tutor._id === userId ? { ...row.tutor, ...name } : row.tutor,
    students: row.students.map((student) => (student._id === userId ? { ...student, ...name } : student)),
    updatedAt: now,
  }));
}

/**
 * Changes many rows. Every id is checked first (an unknown one is a 404 and nothing changes); each row then
 * moves with its list entries and day counts, in transactions of at most 100 writes. A row changed
 * meanwhile fails its transaction, which is read again and retried, so the counts always follow the rows.
 */
async function changeRows(
  tenant: string,
  ids: string[],
  change: (row: LessonHistory) => LessonHistory,
): Promise<void> {
  const unique = [...new Set(ids)];
  let pending = unique;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const rows = await getLessonHistories(tenant, pending, true);
    const found = new Set(rows.map((row) => row._id));
    const missing = pending.find((id) => !found.has(id));
    if (missing) throw new NotFoundError(`Lesson history entry ${missing} not found`);
    const changes = rows.map((row) => ({ before: row, after: change(row) }));
    const failed: string[] = [];
    for (const chunk of transactionsOf(tenant, changes)) {
      try {
        await writeTransaction(chunk.items, () => new ConflictError('A lesson changed meanwhile'));
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
        failed.push(...chunk.ids);
      }
    }
    pending = failed;
  }
}

/** Rows' changes packed into transactions of at most 100 writes, each with the counts of its own rows. */
function transactionsOf(
  tenant: string,
  changes: Array<{ before: LessonHistory; after: LessonHistory }>,
): Array<{ ids: string[]; items: TransactItem[] }> {
  const packed: Array<{ ids: string[]; items: TransactItem[] }> = [];
  let current: typeof changes = [];
  const itemsOf = (group: typeof changes) => [
    ...group.flatMap(({ before, after }) => rowChange(tenant, before, after)),
    ...lessonHistoryLists.writesOfMany(tenant, group),
  ];
  for (const change of changes) {
    const next = [...current, change];
    if (current.length > 0 && itemsOf(next).length > MAX_TRANSACTION_ITEMS) {
      packed.push({ ids: current.map((c) => c.before._id), items: itemsOf(current) });
      current = [change];
    } else {
      current = next;
    }
  }
  if (current.length > 0) packed.push({ ids: current.map((c) => c.before._id), items: itemsOf(current) });
  return packed;
}
