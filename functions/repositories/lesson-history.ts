import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import type { LessonHistory } from '../../shared/schemas/lesson-history';
import { db, GetCommand, QueryCommand, TransactWriteCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { isConditionalCheckFailure, stripKeys } from '../table/items';
import { type TransactItem, updateEveryItem } from '../table/transactions';

const COUNTER = 'LESSONHISTORY';

/**
 * A filtered or re-sorted list reads the rows of one partition (the tenant, a tutor or a student, within
 * the date range asked for) and pages in memory; above this many rows it asks for a shorter range
 * instead of reading without bound.
 */
export const MAX_ROWS_READ = 5_000;

/**
 * A history row: by id (the lesson's id), in the tenant's list by start (gsi1) and in its tutor's list by
 * start (gsi2). A student's list is a pointer item per student beside their profile, since a group lesson
 * has many students and an item has one place in each index.
 */
function historyItem(tenant: string, row: LessonHistory) {
  const order = `${row.start}#${row._id}`;
  return {
    ...keys.lessonHistory(tenant, row._id),
    gsi1pk: keys.lessonHistoryIndex(tenant),
    gsi1sk: order,
    gsi2pk: keys.tutorLessonHistoryIndex(tenant, row.tutorId),
    gsi2sk: order,
    entity: 'lessonHistory',
    ...row,
  };
}

/**
 * Writes a lesson's row once: the put is conditional on the lesson's id, and the count and the students'
 * pointers go in the same transaction, so a re-run or an overlapping run changes nothing. False when the
 * row was already there.
 */
export async function insertLessonHistory(tenant: string, row: LessonHistory): Promise<boolean> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: historyItem(tenant, row),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.counter(tenant, COUNTER),
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    ...row.studentIds.map((studentId) => ({
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.studentLessonHistory(tenant, studentId, row.start, row._id),
          entity: 'studentLessonHistory',
          historyId: row._id,
        },
      },
    })),
  ];
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error) && (await getLessonHistory(tenant, row._id))) return false;
    throw error;
  }
}

export async function getLessonHistory(tenant: string, id: string): Promise<LessonHistory | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.lessonHistory(tenant, id) }),
  );
  return Item ? stripKeys<LessonHistory>(Item) : undefined;
}

export async function getLessonHistories(tenant: string, ids: string[]): Promise<LessonHistory[]> {
  const items = await batchGetItems([...new Set(ids)].map((id) => keys.lessonHistory(tenant, id)));
  return items.map((item) => stripKeys<LessonHistory>(item));
}

export async function countLessonHistory(tenant: string): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.counter(tenant, COUNTER) }),
  );
  return (Item?.count as number | undefined) ?? 0;
}

/** Which rows a list reads: the tenant's, one tutor's or one student's. */
export type HistoryPartition =
  | { kind: 'tenant' }
  | { kind: 'tutor'; tutorId: string }
  | { kind: 'student'; studentId: string };

function partitionQuery(tenant: string, partition: HistoryPartition, from?: string, to?: string) {
  // Key values cannot be empty; every start (an ISO instant) sorts after '0'.
  const low = from ?? '0';
  const high = `${to ?? '9999'}#\uffff`;
  if (partition.kind === 'student') {
    const prefix = keys.studentLessonHistoryPrefix;
    return {
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.user(tenant, partition.studentId).pk,
        ':from': `${prefix}${low}`,
        ':to': `${prefix}${high}`,
      },
    };
  }
  const [index, pk] =
    partition.kind === 'tutor'
      ? (['gsi2', keys.tutorLessonHistoryIndex(tenant, partition.tutorId)] as const)
      : (['gsi1', keys.lessonHistoryIndex(tenant)] as const);
  return {
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND ${index}sk BETWEEN :from AND :to`,
    ExpressionAttributeValues: { ':pk': pk, ':from': low, ':to': high },
  };
}

/**
 * Every row of a partition whose lesson started in [from, to], newest first; a 400 when there are more
 * than MAX_ROWS_READ (the caller should narrow the dates).
 */
export async function readLessonHistory(
  tenant: string,
  partition: HistoryPartition,
  from?: string,
  to?: string,
): Promise<LessonHistory[]> {
  const rows: LessonHistory[] = [];
  const pointers: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...partitionQuery(tenant, partition, from, to),
        ScanIndexForward: false,
        Limit: MAX_ROWS_READ + 1 - rows.length - pointers.length,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      if (partition.kind === 'student') pointers.push(item.historyId as string);
      else rows.push(stripKeys<LessonHistory>(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && rows.length + pointers.length <= MAX_ROWS_READ);
  if (rows.length + pointers.length > MAX_ROWS_READ) {
    throw new BadRequestError(
      `More than ${MAX_ROWS_READ} lessons match. Choose a shorter date range (startDate, endDate).`,
    );
  }
  if (partition.kind !== 'student') return rows;
  const byId = new Map((await getLessonHistories(tenant, pointers)).map((row) => [row._id, row]));
  return pointers.map((id) => byId.get(id)).filter((row): row is LessonHistory => row !== undefined);
}

/**
 * The default page (the tenant's rows by start, no filter): a keys-only skip to `offset` then one read of
 * `limit` rows, so the cost follows offset + limit, not the size of the history.
 */
export async function pageLessonHistory(
  tenant: string,
  limit: number,
  offset: number,
  descending: boolean,
): Promise<LessonHistory[]> {
  const base = {
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.lessonHistoryIndex(tenant) },
    ScanIndexForward: !descending,
  };
  let startKey: Record<string, unknown> | undefined;
  let remaining = offset;
  while (remaining > 0) {
    const page = await db().send(
      new QueryCommand({
        ...base,
        ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk',
        Limit: remaining,
        ExclusiveStartKey: startKey,
      }),
    );
    remaining -= page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
    if (!startKey) return [];
  }
  const docs: LessonHistory[] = [];
  do {
    const page = await db().send(
      new QueryCommand({ ...base, Limit: limit - docs.length, ExclusiveStartKey: startKey }),
    );
    docs.push(...(page.Items ?? []).map((item) => stripKeys<LessonHistory>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey && docs.length < limit);
  return docs;
}

/** Sets the tutor payment status of many rows in one transaction (all exist, or a 404 and nothing changes). */
export async function setTutorPaymentStatus(
  tenant: string,
  ids: string[],
  status: LessonHistory['tutorPaymentStatus'],
  now: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  await updateEveryItem(
    unique.map((id) => keys.lessonHistory(tenant, id)),
    { tutorPaymentStatus: status, updatedAt: now },
    (failed) => new NotFoundError(`Lesson history entry ${unique[failed]} not found`),
  );
}
