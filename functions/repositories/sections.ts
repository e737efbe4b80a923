import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { BUSY_SHARDS, busyShard } from '../../shared/scheduling/claims';
import { isLessonKind, type Section } from '../../shared/schemas/section';
import { listIndexes, withGuard } from '../crud/list-index';
import { db, tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { isConditionalCheckFailure, stripKeys } from '../table/items';
import { queryAll, queryIndex } from '../table/query';
import { writeTransaction } from '../table/transactions';

/** A section as stored: lessons also remember the buffer their time claims were written with. */
export interface SectionRecord extends Section {
  bufferMinutes?: number;
}

/** The stored item: by id, in its course's tree (gsi1, sortingKey order) and, for lessons, by start (gsi2). */
export function sectionItem(tenant: string, section: SectionRecord) {
  return {
    ...keys.section(tenant, section._id),
    gsi1pk: keys.courseSectionsIndex(tenant, section.course),
    gsi1sk: `${String(section.sortingKey).padStart(8, '0')}#${section._id}`,
    ...(isLessonKind(section.kind) && section.start
      ? { gsi2pk: keys.lessonsIndex(tenant), gsi2sk: `${section.start}#${section._id}` }
      : {}),
    entity: 'section',
    ...section,
  };
}

/**
 * Every lesson of the tenant by start (the admin schedule): the sections themselves in gsi2, with a
 * counter per UTC day and busy shard kept by the lesson's writes, so a date range's total is read from
 * its days' counters (functions/crud/list-index.ts). A person's or a course's lessons are read from their own partitions
 * (schedule lines, course sections).
 */
export const lessonLists = listIndexes<SectionRecord, never, 'start'>({
  collection: 'LESSONS',
  recordKey: keys.section,
  filters: {},
  orders: { start: (lesson) => lesson.start },
  defaultOrder: 'start',
  // As the busy days are: lessons of different tutors rarely meet on one counter item.
  countShards: {
    of: (lesson) => String(busyShard(lesson.tutorId ?? '')),
    all: Array.from({ length: BUSY_SHARDS }, (_, shard) => String(shard)),
  },
  indexes: [
    {
      name: 'start',
      filters: [],
      order: 'start',
      count: 'days',
      gsi: { name: 'gsi2', partition: (tenant) => keys.lessonsIndex(tenant) },
    },
  ],
});

/**
 * The condition a write of a booked lesson's section adds when it keeps the lesson's time (an answer to
 * a request, a title edit): the lesson is still counted as it was read (see `lessonLists`), so the write
 * cannot undo a backfill's count made in between. None for other sections.
 */
export function keepsListed(read: SectionRecord) {
  return isLessonKind(read.kind) && read.start ? lessonLists.guard(read) : undefined;
}

export async function getSection(tenant: string, sectionId: string): Promise<SectionRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.section(tenant, sectionId) }),
  );
  return Item ? stripKeys<SectionRecord>(Item) : undefined;
}

export async function requireSection(tenant: string, sectionId: string): Promise<SectionRecord> {
  const section = await getSection(tenant, sectionId);
  if (!section) throw new NotFoundError('Section not found');
  return section;
}

/** Every section of a course, in sortingKey order (a course holds tens to a few hundred). */
export function courseSections(tenant: string, courseId: string): Promise<SectionRecord[]> {
  return queryIndex<SectionRecord>('gsi1', keys.courseSectionsIndex(tenant, courseId));
}

/** Lessons starting in [from, to), across the tenant, by start (the admin schedule). */
export async function lessonsStartingBetween(
  tenant: string,
  from: string,
  to: string,
): Promise<SectionRecord[]> {
  const items = await queryAll<SectionRecord>({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.lessonsIndex(tenant), ':from': from, ':to': `${to}` },
  });
  return items.filter((lesson) => (lesson.start ?? '') < to);
}

/** Creates a section that is not a booked lesson (groups, resources, homework, unscheduled lessons). */
/**
 * The section and a check that its course exists, in one transaction: a section is never written under a
 * course id that does not exist (or was deleted meanwhile).
 */
export async function insertSection(tenant: string, section: SectionRecord): Promise<void> {
  await writeTransaction(
    [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.collectionItem(tenant, collections.courses, section.course),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: sectionItem(tenant, section),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
    (failed) =>
      failed === 0 ? new NotFoundError('Course not found') : new ConflictError('This section already exists'),
  );
}

/** Saves changes conditional on the version read, so two editors cannot overwrite each other. */
export async function saveSection(tenant: string, next: SectionRecord, readUpdatedAt: string): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: sectionItem(tenant, next),
        ...withGuard(
          {
            ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
            ExpressionAttributeValues: { ':read': readUpdatedAt },
          },
          keepsListed(next),
        ),
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error))
      throw new ConflictError('This section was changed by someone else. Reload and try again.');
    throw error;
  }
}

export async function deleteSectionItem(tenant: string, sectionId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.section(tenant, sectionId) }));
}
