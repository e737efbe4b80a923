import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../shared/http/errors';
import type { SubTopicProgressEntry } from '../../shared/learning/progress';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { isConditionalCheckFailure, stripKeys } from '../table/items';
import { queryAll } from '../table/query';

/**
 * A student's progress, one item per sub-topic under the student (sk PROGRESS#<subjectId>#<subTopicId>), so
 * a subject's progress is one Query by prefix and two pages viewed at once never overwrite each other's
 * sub-topic. Each item carries a revision: a write is conditional on the revision it read.
 */
type StoredEntry = SubTopicProgressEntry & { rev: number };

export async function getProgressEntry(
  tenant: string,
  userId: string,
  subjectId: string,
  subTopicId: string,
): Promise<StoredEntry | undefined> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.progressEntry(tenant, userId, subjectId, subTopicId),
      ConsistentRead: true,
    }),
  );
  return Item ? stripKeys<StoredEntry>(Item) : undefined;
}

/** Writes the entry if nobody wrote it since `readRev` was read (undefined: it did not exist). */
async function putIfUnchanged(tenant: string, entry: StoredEntry, readRev: number | undefined) {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.progressEntry(tenant, entry.userId, entry.subjectId, entry.subTopicId),
          entity: 'progress',
          ...entry,
        },
        ...(readRev === undefined
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': readRev } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/**
 * Applies `change` to the stored entry (read, compute, conditional write), again on a fresh read when
 * another write came first: the rules stay pure and no event is lost.
 */
export async function updateProgressEntry(
  tenant: string,
  ids: { userId: string; subjectId: string; subTopicId: string },
  change: (current: SubTopicProgressEntry | undefined) => SubTopicProgressEntry,
): Promise<SubTopicProgressEntry> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const current = await getProgressEntry(tenant, ids.userId, ids.subjectId, ids.subTopicId);
    const { rev: _rev, ...plain } = current ?? ({} as StoredEntry);
    const next = change(current ? plain : undefined);
    if (await putIfUnchanged(tenant, { ...next, rev: (current?.rev ?? 0) + 1 }, current?.rev)) return next;
  }
  throw new ConflictError('Your progress was being saved elsewhere at the same time. Please try again.');
}

/** The student's entries, of one subject or of all (a student's sub-topics: hundreds at most). */
export async function progressEntries(
  tenant: string,
  userId: string,
  subjectId?: string,
): Promise<SubTopicProgressEntry[]> {
  const entries = await queryAll<StoredEntry>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.user(tenant, userId).pk,
      ':prefix': keys.progressPrefix(subjectId),
    },
  });
  return entries.map(({ rev: _rev, ...entry }) => entry);
}
