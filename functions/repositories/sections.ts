import * as z from 'zod';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { BUSY_SHARDS, busyShard } from '../../shared/scheduling/claims';
import {
  isLessonKind,
  sectionAudiences,
  sectionBillings,
  sectionSchema,
  sectionStatuses,
  sectionTypes,
} from '../../shared/schemas/section';
import { guarded, listIndexes } from '../crud/list-index';
import { tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writeTransaction } from '../table/transactions';

/**
 * A section as stored. The editor's fields are kept by shape, not by the create form's checks (a title or a
 * link saved before a check existed still reads back); the join times are read-time only, never stored.
 * Lessons also keep the buffer their time claims were written with and, for a booked free trial, its id
 * (the trial follows the lesson: see trialLessonWrites).
 */
const sectionRecordSchema = sectionSchema
  .omit({ tutorJoinTime: true, studentJoinTime: true, ownJoinTime: true })
  .extend({
    course: z.string(),
    parent: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    audience: z.enum(sectionAudiences),
    type: z.enum(sectionTypes),
    billing: z.enum(sectionBillings),
    status: z.enum(sectionStatuses),
    bufferMinutes: z.number().optional(),
    trialId: z.string().optional(),
    /** A lesson counted in the admin schedule's day counters (see lessonLists). */
    listsVersion: z.number().optional(),
  });
export type SectionRecord = z.infer<typeof sectionRecordSchema>;

/** Stored by id, in its course's tree (gsi1, sortingKey order) and, for lessons, by start (gsi2). */
export const sectionEntity = defineEntity({
  name: 'section',
  schema: sectionRecordSchema,
  keyAttributes: ['_id'],
  key: (tenant, section) => keys.section(tenant, section._id),
  indexes: (tenant, section) => ({
    gsi1pk: keys.courseSectionsIndex(tenant, section.course),
    gsi1sk: `${String(section.sortingKey).padStart(8, '0')}#${section._id}`,
    ...(isLessonKind(section.kind) && section.start
      ? { gsi2pk: keys.lessonsIndex(tenant), gsi2sk: `${section.start}#${section._id}` }
      : {}),
  }),
});

/** The stored item, for a caller's own conditional Put (a lesson held by a pending request...). */
export const sectionItem = sectionEntity.item;

/**
 * Every lesson of the tenant by start (the admin schedule): the sections themselves in gsi2, with a
 * counter per UTC day and busy shard kept by the lesson's writes, so a date range's total is read from
 * its days' counters (functions/crud/list-index.ts). A person's or a course's lessons are read from their own partitions
 * (schedule lines, course sections).
 */
export const lessonLists = listIndexes<SectionRecord, never, 'start'>({
  collection: 'LESSONS',
  entity: sectionEntity,
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

export function getSection(tenant: string, sectionId: string): Promise<SectionRecord | undefined> {
  return sectionEntity.get(tenant, { _id: sectionId });
}

export async function requireSection(tenant: string, sectionId: string): Promise<SectionRecord> {
  const section = await getSection(tenant, sectionId);
  if (!section) throw new NotFoundError('Section not found');
  return section;
}

/** Every section of a course, in sortingKey order (a course holds tens to a few hundred). */
export function courseSections(tenant: string, courseId: string): Promise<SectionRecord[]> {
  return sectionEntity.query({ index: 'gsi1', partition: keys.courseSectionsIndex(tenant, courseId) });
}

/** Lessons starting in [from, to), across the tenant, by start (the admin schedule). */
export async function lessonsStartingBetween(
  tenant: string,
  from: string,
  to: string,
): Promise<SectionRecord[]> {
  const lessons = await sectionEntity.query({
    index: 'gsi2',
    partition: keys.lessonsIndex(tenant),
    sortKey: { between: [from, to] },
  });
  return lessons.filter((lesson) => (lesson.start ?? '') < to);
}

/**
 * Creates a section that is not a booked lesson (groups, resources, homework, unscheduled lessons): the
 * section and a check that its course exists, in one transaction, so a section is never written under a
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
      sectionEntity.putWrite(tenant, section, 'absent'),
    ],
    (failed) =>
      failed === 0 ? new NotFoundError('Course not found') : new ConflictError('This section already exists'),
  );
}

/**
 * Saves changes conditional on the version read, so two editors cannot overwrite each other; a booked
 * lesson stays counted as it was read (keepsListed).
 */
export function saveSection(tenant: string, next: SectionRecord, readUpdatedAt: string): Promise<void> {
  const stale = () => new ConflictError('This section was changed by someone else. Reload and try again.');
  const listed = keepsListed(next);
  if (!listed) return sectionEntity.put(tenant, next, { unchangedSince: readUpdatedAt }, stale);
  return writeTransaction(
    [guarded(sectionEntity.putWrite(tenant, next, { unchangedSince: readUpdatedAt }), listed)],
    stale,
  );
}

export function deleteSectionItem(tenant: string, sectionId: string): Promise<void> {
  return sectionEntity.remove(tenant, { _id: sectionId });
}
