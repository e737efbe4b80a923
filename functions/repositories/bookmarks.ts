import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Bookmark } from '../../shared/schemas/learning-data';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';

/** What is stored: a bookmark without the read-time isMeetingEnded. */
export type BookmarkRecord = Omit<Bookmark, 'isMeetingEnded'>;

/**
 * Bookmarks live under their student (newest first by time-ordered id) and, when a tutor is named, are
 * indexed under the tutor too (gsi1), so both sides of a lesson find them with one Query.
 */
export async function insertBookmark(tenant: string, bookmark: BookmarkRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.bookmark(tenant, bookmark.studentId, bookmark._id),
        ...(bookmark.tutorId
          ? { gsi1pk: keys.tutorBookmarksIndex(tenant, bookmark.tutorId), gsi1sk: bookmark._id }
          : {}),
        entity: 'bookmark',
        ...bookmark,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** A person's bookmarks keep to a few hundred; one answer is capped at this many, newest first. */
const MAX_BOOKMARKS = 500;

export async function bookmarksOfStudent(tenant: string, studentId: string): Promise<BookmarkRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(tenant, studentId).pk, ':prefix': keys.bookmarkPrefix },
      ScanIndexForward: false,
      Limit: MAX_BOOKMARKS,
    }),
  );
  return (Items ?? []).map((item) => stripKeys<BookmarkRecord>(item));
}

export async function bookmarksOfTutor(tenant: string, tutorId: string): Promise<BookmarkRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.tutorBookmarksIndex(tenant, tutorId) },
      ScanIndexForward: false,
      Limit: MAX_BOOKMARKS,
    }),
  );
  return (Items ?? []).map((item) => stripKeys<BookmarkRecord>(item));
}
