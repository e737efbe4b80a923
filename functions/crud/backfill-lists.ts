import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../shared/http/errors';
import { directoryUserTypes } from '../../shared/rules/user-directory';
import type { LessonHistory } from '../../shared/schemas/lesson-history';
import { db, tableName } from '../lib/db';
import { coursesRepository } from '../repositories/courses';
import { lessonHistoryLists } from '../repositories/lesson-history';
import type { LessonRecord } from '../repositories/lessons';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { reportedIssuesRepository } from '../repositories/reported-issues';
import { lessonLists } from '../repositories/sections';
import { trialsRepository } from '../repositories/trials';
import { indexUserInDirectory, type UserRecord } from '../repositories/users';
import { collections, keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';
import { queryItems } from '../table/query';
import { type TransactItem, writeTransaction } from '../table/transactions';

type Item = Record<string, unknown>;

/** One kind of record whose lists are kept by list indexes: where its records are, and how to list one. */
interface Backfill {
  name: string;
  /** Every record of the tenant, as stored: an index partition of the records themselves. */
  partition: (tenant: string) => { index: 'gsi1' | 'gsi2'; pk: string };
  recordKey: (tenant: string, id: string) => { pk: string; sk: string };
  /** The transaction that lists a record stored before its indexes; none when it is listed already. */
  writes: (tenant: string, item: Item) => TransactItem[];
}

function collectionBackfill(
  name: string,
  collection: string,
  writes: (tenant: string, item: Item) => TransactItem[],
): Backfill {
  return {
    name,
    partition: (tenant) => ({ index: 'gsi1', pk: keys.collection(tenant, collection) }),
    recordKey: (tenant, id) => keys.collectionItem(tenant, collection, id),
    writes,
  };
}

/**
 * The records whose lists the backfill completes: the collections with list indexes, the lesson history
 * (whose student pointers of before become entries) and the lessons of the admin schedule (day counts).
 */
const backfills: Backfill[] = [
  collectionBackfill('trials', collections.trials, (tenant, item) =>
    trialsRepository.lists.backfillWrites(tenant, stripKeys(item)),
  ),
  collectionBackfill('lesson requests', collections.meetingRequests, (tenant, item) =>
    meetingRequestsRepository.lists.backfillWrites(tenant, stripKeys(item)),
  ),
  collectionBackfill('courses', collections.courses, (tenant, item) =>
    coursesRepository.lists.backfillWrites(tenant, stripKeys(item)),
  ),
  collectionBackfill('reported issues', collections.reportedIssues, (tenant, item) =>
    reportedIssuesRepository.lists.backfillWrites(tenant, stripKeys(item)),
  ),
  {
    name: 'lesson history',
    partition: (tenant) => ({ index: 'gsi1', pk: keys.lessonHistoryIndex(tenant) }),
    recordKey: keys.lessonHistory,
    writes: (tenant, item) => {
      const row = stripKeys<LessonHistory>(item);
      const writes = lessonHistoryLists.backfillWrites(tenant, row);
      if (writes.length === 0) return [];
      // The pointers that listed a student's history before the student entries did.
      const pointers = row.studentIds.map((studentId) => ({
        Delete: {
          TableName: tableName(),
          Key: keys.studentLessonHistory(tenant, studentId, row.start, row._id),
        },
      }));
      return [...writes, ...pointers];
    },
  },
  {
    name: 'lessons (schedule day counts)',
    partition: (tenant) => ({ index: 'gsi2', pk: keys.lessonsIndex(tenant) }),
    recordKey: keys.section,
    writes: (tenant, item) => lessonLists.backfillWrites(tenant, stripKeys<LessonRecord>(item)),
  },
];

/**
 * Lists every record of a tenant stored before its list indexes existed (no `listsVersion` marker): each
 * in a transaction of its own that writes its entries, its counts and the marker, on the condition that
 * the record is still unmarked and unchanged. So it runs while the platform serves requests: a write in
 * between marks the record itself, or changes it and the backfill reads it again. Students and tutors
 * stored before the directory's counters are counted the same way (indexUserInDirectory). Idempotent: a
 * second run finds nothing to do. Answers how many records it listed, by kind.
 */
export async function backfillLists(tenant: string): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  for (const backfill of backfills) report[backfill.name] = await backfillPartition(tenant, backfill);
  let users = 0;
  for (const type of directoryUserTypes) {
    const items = await queryItems({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.usersOfTypeIndex(tenant, type) },
    });
    for (const item of items) {
      if (item.directoryCounted === true) continue;
      await indexUserInDirectory(tenant, stripKeys<UserRecord>(item));
      users++;
    }
  }
  report['users (directory counts)'] = users;
  return report;
}

const MAX_ATTEMPTS = 3;

async function backfillPartition(tenant: string, backfill: Backfill): Promise<number> {
  const { index, pk } = backfill.partition(tenant);
  const items = await queryItems({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
  });
  let listed = 0;
  for (const stored of items) {
    let item: Item | undefined = stored;
    for (let attempt = 1; item && attempt <= MAX_ATTEMPTS; attempt++) {
      const writes = backfill.writes(tenant, item);
      if (writes.length === 0) break;
      try {
        await writeTransaction(writes, () => new ConflictError('Changed meanwhile'));
        listed++;
        break;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt === MAX_ATTEMPTS) throw error;
        const { Item } = await db().send(
          new GetCommand({
            TableName: tableName(),
            Key: backfill.recordKey(tenant, String(stored._id)),
            ConsistentRead: true,
          }),
        );
        item = Item;
      }
    }
  }
  return listed;
}
