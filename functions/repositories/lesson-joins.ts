import * as z from 'zod';
import { joinTimesOf, type LessonJoin } from '../../shared/rules/lesson-history';
import { joinWindowHasOpened } from '../../shared/scheduling/join-window';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { getManyProjected } from '../table/projection';
import type { LessonRecord } from './lessons';

/**
 * Who joined a lesson and when: one item per lesson sitting (its start) and participant, beside the
 * lesson rather than on its section item. Recording a join therefore never touches the section, whose
 * `updatedAt` guards every cancel, reschedule and completion; a join racing a reschedule neither fails it
 * nor is lost by it.
 */
const joinRoles = ['tutor', 'student'] as const;
export type JoinRole = (typeof joinRoles)[number];

/** Written only by recordLessonJoin's update (first join kept, last join and count moved on). */
const lessonJoinSchema = z.object({
  sectionId: z.string(),
  lessonStart: z.string(),
  userId: z.string(),
  role: z.enum(joinRoles),
  joinedAt: z.string(),
  lastJoinedAt: z.string(),
  joinCount: z.number(),
});

const lessonJoins = defineEntity({
  name: 'lessonJoin',
  schema: lessonJoinSchema,
  keyAttributes: ['sectionId', 'lessonStart', 'userId'],
  key: (tenant, join) => keys.lessonJoin(tenant, join.sectionId, join.lessonStart, join.userId),
});

/** What the portal and the history read of a join: whose, of which lesson, and the first time. */
const firstJoinSchema = lessonJoinSchema.pick({ sectionId: true, userId: true, joinedAt: true });

/**
 * Records a join and answers the participant's first join time of this sitting. `if_not_exists` keeps the
 * first time whatever the number of joins, and DynamoDB applies concurrent updates of one item one after
 * the other, so two simultaneous first joins agree on one time. The last join and a count come along for
 * the attendance history.
 */
export async function recordLessonJoin(
  tenant: string,
  lesson: Pick<LessonRecord, '_id' | 'start'>,
  userId: string,
  role: JoinRole,
  at: string,
): Promise<string> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: lessonJoins.key(tenant, { sectionId: lesson._id, lessonStart: lesson.start, userId }),
      UpdateExpression:
        'SET joinedAt = if_not_exists(joinedAt, :at), lastJoinedAt = :at, entity = :entity, ' +
        'sectionId = :section, lessonStart = :start, userId = :user, #role = :role ADD joinCount :one',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':at': at,
        ':entity': lessonJoins.name,
        ':section': lesson._id,
        ':start': lesson.start,
        ':user': userId,
        ':role': role,
        ':one': 1,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return lessonJoins.parse(Attributes!).joinedAt;
}

/** The first joins of each lesson's tutor and students at the lesson's current start, by lesson id. */
export async function lessonJoinsOf(
  tenant: string,
  lessons: Array<Pick<LessonRecord, '_id' | 'start' | 'tutorId' | 'studentIds'>>,
): Promise<Map<string, LessonJoin[]>> {
  const joins = new Map<string, LessonJoin[]>(lessons.map((lesson) => [lesson._id, []]));
  const itemKeys = lessons.flatMap((lesson) =>
    [...new Set([lesson.tutorId, ...(lesson.studentIds ?? [])])].map((userId) =>
      lessonJoins.key(tenant, { sectionId: lesson._id, lessonStart: lesson.start, userId }),
    ),
  );
  if (itemKeys.length === 0) return joins;
  for (const { sectionId, userId, joinedAt } of await getManyProjected(firstJoinSchema, itemKeys)) {
    joins.get(sectionId)?.push({ userId, joinedAt });
  }
  return joins;
}

export interface JoinTimes {
  tutorJoinTime: string | null;
  studentJoinTime: string | null;
}

/**
 * The join times the portal shows beside lessons (the class timing chip): for each lesson whose join
 * window has opened, the tutor's first join and the earliest student's (the lesson history's rule). Lessons
 * still ahead are not looked up, so the cost follows the lessons under way or past, in batches of 100 keys.
 */
export async function lessonJoinTimes(
  tenant: string,
  lessons: Array<Pick<LessonRecord, '_id' | 'start' | 'status' | 'tutorId' | 'studentIds'>>,
  now = new Date(),
): Promise<Map<string, JoinTimes>> {
  const opened = lessons.filter((lesson) =>
    joinWindowHasOpened({ start: new Date(lesson.start), status: lesson.status, now }),
  );
  const joins = await lessonJoinsOf(tenant, opened);
  return new Map(opened.map((lesson) => [lesson._id, joinTimesOf(lesson, joins.get(lesson._id) ?? [])]));
}
