import * as z from 'zod';
import { type AppError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { add, type Money } from '../../shared/money/money';
import { tutorPayChange, tutorPayContribution } from '../../shared/money/monthly-totals';
import type { PayChange } from '../../shared/rules/tutor-pay';
import {
  type LessonHistory,
  lessonHistorySchema,
  type PayEntry,
  payEntrySchema,
} from '../../shared/schemas/lesson-history';
import { guarded, listIndexes } from '../crud/list-index';
import { tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { counters, countWrite, readCount } from '../table/counters';
import { defineEntity } from '../table/entity';
import { MAX_TRANSACTION_ITEMS, type TransactItem, writeTransaction } from '../table/transactions';
import { tutorPaySummaryItems, tutorPaySummaryWrites } from './finance-summaries';

const COLLECTION = 'LESSONHISTORY';

/**
 * A row as stored: the row, the version of its list entries (lessonHistoryLists), and whether its tutor
 * amount is counted in its month's tutor pay summary (functions/repositories/finance-summaries.ts): every
 * row written since the summaries exist, and each older one once the backfill counted it.
 */
const historyRowSchema = lessonHistorySchema.extend({
  listsVersion: z.number().optional(),
  paySummarised: z.literal(true).optional(),
});
type StoredRow = z.infer<typeof historyRowSchema>;

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
 * A lesson's pay entries (shared/rules/tutor-pay.ts): append-only items in the row's own partition, each
 * written once (`absent`) with the row it changes, in one transaction whose row write is conditional on the
 * row's `payRevision` as read. So two changes made at once cannot both apply to the same reading: one
 * fails, reads again and applies after the other, and the row's `tutorAmount` is always the sum of its
 * entries.
 */
const payEntries = defineEntity({
  name: 'lessonPayEntry',
  schema: payEntrySchema,
  keyAttributes: ['lessonHistoryId', 'entryId'],
  key: (tenant, entry) => keys.lessonPayEntry(tenant, entry.lessonHistoryId, entry.entryId),
});

/** A lesson's pay entries, oldest first. */
export function payEntriesOf(tenant: string, lessonHistoryId: string): Promise<PayEntry[]> {
  return payEntries.query({
    partition: keys.lessonHistory(tenant, lessonHistoryId).pk,
    sortKey: { beginsWith: keys.lessonPayEntryPrefix },
    consistent: true,
  });
}

/** The entry id of a change: its cause when it has one (a request id), else the row's revision it makes. */
export function entryIdOf(kind: PayEntry['kind'], revision: number, cause?: string): string {
  return cause ? `${kind}#${cause}` : `${String(revision).padStart(6, '0')}#${kind}`;
}

/**
 * Writes a lesson's row once: the put is conditional on the lesson's id, and the count and the list
 * entries go in the same transaction, so a re-run or an overlapping run changes nothing. False when the
 * row was already there. A row with a rate carries its allocation as its first pay entry.
 */
export async function insertLessonHistory(tenant: string, row: LessonHistory): Promise<boolean> {
  const allocation = allocationOf(row);
  const items: TransactItem[] = [
    historyRows.putWrite(
      tenant,
      {
        ...row,
        ...(allocation ? { payRevision: 1 } : {}),
        ...lessonHistoryLists.stamp(),
        paySummarised: true,
      },
      'absent',
    ),
    ...(allocation ? [payEntries.putWrite(tenant, allocation, 'absent')] : []),
    countWrite(tenant, COLLECTION, 1),
    ...lessonHistoryLists.writes(tenant, undefined, row),
    ...tutorPaySummaryWrites(tenant, [tutorPayContribution(row)]),
  ];
  try {
    await writeTransaction(items, () => new ConflictError('This lesson already has its history row'));
    return true;
  } catch (error) {
    if (error instanceof ConflictError && (await getLessonHistory(tenant, row._id))) return false;
    throw error;
  }
}

/**
 * Every item a set of new rows leaves in the table, as insertLessonHistory writes them (rows, allocations,
 * list entries and day counts, the count summed), for a bulk load into a tenant with no history yet: the
 * benchmarks' seeding (BatchWriteItem).
 */
export function lessonHistorySeedItems(tenant: string, rows: readonly LessonHistory[]) {
  const items: Array<Record<string, unknown>> = [];
  for (const row of rows) {
    const allocation = allocationOf(row);
    items.push({
      ...historyRows.item(tenant, {
        ...row,
        ...(allocation ? { payRevision: 1 } : {}),
        ...lessonHistoryLists.stamp(),
        paySummarised: true,
      }),
    });
    if (allocation) items.push({ ...payEntries.item(tenant, allocation) });
  }
  // Not push(...spread): a bench's tens of thousands of list entries overflow the call stack as arguments.
  return items.concat(
    lessonHistoryLists.seedItems(tenant, rows),
    [{ ...counters.item(tenant, { name: COLLECTION, count: rows.length }) }],
    tutorPaySummaryItems(tenant, rows.map(tutorPayContribution)),
  );
}

/** A priced row's first pay entry: its allocation (the rate times the lesson's duration). */
function allocationOf(row: LessonHistory): PayEntry | undefined {
  return row.allocatedTutorAmount
    ? payEntryOf(
        row._id,
        1,
        {
          kind: 'ALLOCATION',
          amount: row.allocatedTutorAmount,
          reason: "The rate times the lesson's duration",
        },
        { by: 'system', at: row.createdAt },
      )
    : undefined;
}

/** The one way a pay entry is made: the change, named by its cause or the row's revision it makes. */
function payEntryOf(
  lessonHistoryId: string,
  revision: number,
  change: PayChange,
  made: { by: string; at: string },
): PayEntry {
  return {
    lessonHistoryId,
    entryId: entryIdOf(change.kind, revision, change.cause),
    kind: change.kind,
    amount: change.amount,
    reason: change.reason,
    createdBy: made.by,
    createdAt: made.at,
  };
}

export function getLessonHistory(
  tenant: string,
  id: string,
  options: { consistent?: boolean } = {},
): Promise<LessonHistory | undefined> {
  return historyRows.get(tenant, { _id: id }, options);
}

/**
 * Counts in their months' tutor pay summaries the rows written before the summaries existed, each once: its
 * mark and the ADD of its amount in one transaction, on the condition that the row is unmarked and its pay
 * unchanged since read (a pay change in between: read again). Rows written since are marked at their write,
 * and a pay change of an unmarked row leaves the summary to this. Idempotent, safe while the platform
 * serves. Answers how many rows it counted.
 */
export async function backfillTutorPaySummaries(tenant: string): Promise<number> {
  let counted = 0;
  const rows = await historyRows.query({ index: 'gsi1', partition: keys.lessonHistoryIndex(tenant) });
  for (const stored of rows) {
    let row: StoredRow | undefined = stored;
    for (let attempt = 1; row && !row.paySummarised; attempt++) {
      const guard = payRevisionGuard(row);
      const mark: TransactItem = {
        Update: {
          TableName: tableName(),
          Key: historyRows.key(tenant, row),
          UpdateExpression: 'SET #paySummarised = :true',
          ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(#paySummarised) AND ${guard.expression}`,
          ExpressionAttributeNames: { '#paySummarised': 'paySummarised', ...guard.names },
          ExpressionAttributeValues: { ':true': true, ...guard.values },
        },
      };
      try {
        await writeTransaction(
          [mark, ...tutorPaySummaryWrites(tenant, [tutorPayContribution(row)])],
          () => new ConflictError('Changed meanwhile'),
        );
        counted++;
        break;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= MAX_ATTEMPTS) throw error;
        row = await historyRows.get(tenant, { _id: stored._id }, { consistent: true });
      }
    }
  }
  return counted;
}

/** Every row of the tenant, by start (a one-off job's read: the backfill of list indexes). */
export function allLessonHistory(tenant: string): Promise<LessonHistory[]> {
  return historyRows.query({ index: 'gsi1', partition: keys.lessonHistoryIndex(tenant) });
}

/**
 * A tutor's rows whose lesson started in [from, to] (UTC ISO instants, inclusive), by start: their index
 * (gsi2), one range read. The caller bounds the period.
 */
export function tutorLessonHistoryBetween(
  tenant: string,
  tutorId: string,
  from: string,
  to: string,
): Promise<LessonHistory[]> {
  return historyRows.query({
    index: 'gsi2',
    partition: keys.tutorLessonHistoryIndex(tenant, tutorId),
    // `start#id`: every id sorts after the start's `#` and before the end bound's high character.
    sortKey: { between: [`${from}#`, `${to}#\u{10FFFF}`] },
  });
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

/** The row's pay as read: its revision, unchanged (none yet, or the one read). */
function payRevisionGuard(before: LessonHistory) {
  return before.payRevision === undefined
    ? { expression: 'attribute_not_exists(#payRevision)', names: { '#payRevision': 'payRevision' } }
    : {
        expression: '#payRevision = :payRevision',
        names: { '#payRevision': 'payRevision' },
        values: { ':payRevision': before.payRevision },
      };
}

/** A row's write with its list entries: the row as read (unchanged since), then its entries and counts. */
function rowChange(tenant: string, before: StoredRow, after: StoredRow): TransactItem[] {
  return [
    guarded(
      guarded(
        guarded(
          historyRows.putWrite(
            tenant,
            { ...after, ...lessonHistoryLists.stamp() },
            { unchangedSince: before.updatedAt },
          ),
          payRevisionGuard(before),
        ),
        lessonHistoryLists.guard(before),
      ),
      paySummaryGuard(before),
    ),
  ];
}

/**
 * The row's summary mark as read: the backfill marks a row without touching the rest, so a Put of the row
 * from a reading before the mark would drop it (and a second backfill would count the row twice).
 */
function paySummaryGuard(before: StoredRow) {
  return {
    expression: before.paySummarised
      ? 'attribute_exists(#paySummarised)'
      : 'attribute_not_exists(#paySummarised)',
    names: { '#paySummarised': 'paySummarised' },
  };
}

/** What a pay change does to a row: the row after it, and the entries it appends (none: no money moves). */
export interface PayChangeResult {
  after: LessonHistory;
  entries: PayChange[];
}

/**
 * Applies a change to a row and its pay: reads the row (consistently), lets `change` decide (it may throw a
 * 400, 403 or 409 of its own), then writes the row, with `payRevision` one more per entry and `tutorAmount`
 * moved by each entry's amount, and the entries, in one transaction conditional on the row as read. A
 * transaction that loses to another writer is read again and retried. An entry named by its cause (a
 * request id) already there means this request was applied before: the row is answered as it stands.
 */
export async function changeLessonPay(
  tenant: string,
  id: string,
  change: (row: LessonHistory) => PayChangeResult,
  actor: string,
): Promise<LessonHistory> {
  for (let attempt = 1; ; attempt++) {
    const before = await historyRows.get(tenant, { _id: id }, { consistent: true });
    if (!before) throw new NotFoundError('Lesson history entry not found');
    const { after, entries } = change(before);
    const now = new Date().toISOString();
    let revision = before.payRevision ?? 0;
    let total: Money | null | undefined = before.tutorAmount;
    const written: PayEntry[] = entries.map((entry) => {
      revision += 1;
      total = total ? add(total, entry.amount) : entry.amount;
      return payEntryOf(id, revision, entry, { by: actor, at: now });
    });
    const next: StoredRow = {
      ...after,
      ...(written.length > 0
        ? { payRevision: revision, tutorAmount: total, tutorAmountCurrency: total?.currency ?? null }
        : {}),
      updatedAt: now,
      ...(before.paySummarised ? { paySummarised: true } : {}),
    };
    const items: TransactItem[] = [
      ...rowChange(tenant, before, next),
      ...written.map((entry) => payEntries.putWrite(tenant, entry, 'absent')),
      ...lessonHistoryLists.writes(tenant, before, next),
      // A row not counted yet leaves its summary to the backfill, which counts its amount then.
      ...(before.paySummarised
        ? tutorPaySummaryWrites(tenant, [tutorPayChange(before.start, before.tutorAmount, next.tutorAmount)])
        : []),
    ];
    const caused = written.find((_, i) => entries[i]?.cause);
    try {
      await writeTransaction(items, (): AppError => new ConflictError('This lesson changed meanwhile'));
      return next;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      if (caused && (await payEntries.get(tenant, caused, { consistent: true }))) {
        return (await getLessonHistory(tenant, id, { consistent: true })) ?? before;
      }
      if (attempt >= PAY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/** Writers of one lesson's pay are few (an admin or two): enough tries for each to land after the others. */
const PAY_ATTEMPTS = 12;

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
  await changeRows(tenant, ids, (row) =>
    row.tutorPaymentStatus === status ? undefined : { ...row, tutorPaymentStatus: status, updatedAt: now },
  );
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
  change: (row: LessonHistory) => LessonHistory | undefined,
): Promise<void> {
  const unique = [...new Set(ids)];
  let pending = unique;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const rows = await getLessonHistories(tenant, pending, true);
    const found = new Set(rows.map((row) => row._id));
    const missing = pending.find((id) => !found.has(id));
    if (missing) throw new NotFoundError(`Lesson history entry ${missing} not found`);
    // A row the change leaves as it is (already PAID, say) is not written: a repeated request writes nothing.
    const changes = rows.flatMap((row) => {
      const after = change(row);
      return after ? [{ before: row, after }] : [];
    });
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
