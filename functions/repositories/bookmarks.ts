import type * as z from 'zod';
import { bookmarkSchema } from '../../shared/schemas/learning-data';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';

/** What is stored: a bookmark without the read-time isMeetingEnded. */
const bookmarkRecordSchema = bookmarkSchema.omit({ isMeetingEnded: true });
export type BookmarkRecord = z.infer<typeof bookmarkRecordSchema>;

/**
 * Bookmarks live under their student (newest first by time-ordered id) and, when a tutor is named, are
 * indexed under the tutor too (gsi1), so both sides of a lesson find them with one Query.
 */
const bookmarks = defineEntity({
  name: 'bookmark',
  schema: bookmarkRecordSchema,
  keyAttributes: ['studentId', '_id'],
  key: (tenant, bookmark) => keys.bookmark(tenant, bookmark.studentId, bookmark._id),
  indexes: (tenant, bookmark) =>
    bookmark.tutorId
      ? { gsi1pk: keys.tutorBookmarksIndex(tenant, bookmark.tutorId), gsi1sk: bookmark._id }
      : {},
});

export function insertBookmark(tenant: string, bookmark: BookmarkRecord): Promise<void> {
  return bookmarks.put(tenant, bookmark, 'absent');
}

/** A person's bookmarks keep to a few hundred; one answer is capped at this many, newest first. */
const MAX_BOOKMARKS = 500;

export function bookmarksOfStudent(tenant: string, studentId: string): Promise<BookmarkRecord[]> {
  return bookmarks.query({
    partition: keys.user(tenant, studentId).pk,
    sortKey: { beginsWith: keys.bookmarkPrefix },
    descending: true,
    limit: MAX_BOOKMARKS,
  });
}

export function bookmarksOfTutor(tenant: string, tutorId: string): Promise<BookmarkRecord[]> {
  return bookmarks.query({
    index: 'gsi1',
    partition: keys.tutorBookmarksIndex(tenant, tutorId),
    descending: true,
    limit: MAX_BOOKMARKS,
  });
}
