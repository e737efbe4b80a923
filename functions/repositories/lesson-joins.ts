import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { joinTimesOf, type LessonJoin } from '../../shared/rules/lesson-history';
import { joinWindowHasOpened } from '../../shared/scheduling/join-window';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
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
  /** Their last leave (the local room's Leave or closing, the provider's participant_left). */
  leftAt: z.string().optional(),
});

const lessonJoins = defineEntity({
  name: 'lessonJoin',
  schema: lessonJoinSchema,
  keyAttributes: ['sectionId', 'lessonStart', 'userId'],
  key: (tenant, join) => keys.lessonJoin(tenant, join.sectionId, join.lessonStart, join.userId),
});

/** A participant's attendance of one sitting: first and last join, last leave, how many times they came. */
const attendanceSchema = lessonJoinSchema.pick({
  sectionId: true,
  userId: true,
  role: true,
  joinedAt: true,
  lastJoinedAt: true,
  joinCount: true,
  leftAt: true,
});
export type Attendance = z.infer<typeof attendanceSchema>;

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
  ownJoinTime?: string | null;
}

/**
 * The join times the portal shows beside lessons (the class timing chip): for each lesson whose join
 * window has opened, the tutor's first join and the earliest student's (the lesson history's rule) and,
 * for a `studentId` among the lesson's students, that student's own (`ownJoinTime`: in a group lesson a
 * classmate's join is not theirs). Lessons still ahead are not looked up, so the cost follows the lessons
 * under way or past, in batches of 100 keys.
 */
export async function lessonJoinTimes(
  tenant: string,
  lessons: Array<Pick<LessonRecord, '_id' | 'start' | 'status' | 'tutorId' | 'studentIds'>>,
  studentId?: string,
  now = new Date(),
): Promise<Map<string, JoinTimes>> {
  const opened = lessons.filter((lesson) =>
    joinWindowHasOpened({ start: new Date(lesson.start), status: lesson.status, now }),
  );
  const joins = await lessonJoinsOf(tenant, opened);
  return new Map(
    opened.map((lesson) => {
      const lessonJoins = joins.get(lesson._id) ?? [];
      const own =
        studentId && lesson.studentIds.includes(studentId)
          ? { ownJoinTime: lessonJoins.find((join) => join.userId === studentId)?.joinedAt ?? null }
          : {};
      return [lesson._id, { ...joinTimesOf(lesson, lessonJoins), ...own }];
    }),
  );
}

/** Each lesson's attendance at its current start: its tutor's and each student's item (one batch read). */
export async function lessonAttendance(
  tenant: string,
  lesson: Pick<LessonRecord, '_id' | 'start' | 'tutorId' | 'studentIds'>,
): Promise<Attendance[]> {
  const people = [...new Set([lesson.tutorId, ...(lesson.studentIds ?? [])])];
  const found = await getManyProjected(
    attendanceSchema,
    people.map((userId) =>
      lessonJoins.key(tenant, { sectionId: lesson._id, lessonStart: lesson.start, userId }),
    ),
  );
  return people.flatMap((userId) => found.filter((row) => row.userId === userId));
}

/**
 * A stay the provider reported (Zoom's participant_joined, a participants list): the first join moves only
 * earlier and the last join only later, each by its own condition, so the same stay recorded twice, or
 * stays recorded out of order, give the same item. The join count is the waiting room's (joinLesson).
 */
export async function recordProviderJoin(
  tenant: string,
  lesson: Pick<LessonRecord, '_id' | 'start'>,
  userId: string,
  role: JoinRole,
  at: string,
): Promise<void> {
  const key = lessonJoins.key(tenant, { sectionId: lesson._id, lessonStart: lesson.start, userId });
  const identity = {
    ':entity': lessonJoins.name,
    ':section': lesson._id,
    ':start': lesson.start,
    ':user': userId,
    ':role': role,
  };
  const set =
    'entity = :entity, sectionId = :section, lessonStart = :start, userId = :user, #role = :role, ' +
    'joinCount = if_not_exists(joinCount, :one)';
  await conditionalUpdate({
    Key: key,
    UpdateExpression: `SET joinedAt = :at, lastJoinedAt = if_not_exists(lastJoinedAt, :at), ${set}`,
    ConditionExpression: 'attribute_not_exists(joinedAt) OR joinedAt > :at',
    ExpressionAttributeNames: { '#role': 'role' },
    ExpressionAttributeValues: { ...identity, ':at': at, ':one': 1 },
  });
  await conditionalUpdate({
    Key: key,
    UpdateExpression: 'SET lastJoinedAt = :at',
    ConditionExpression: 'lastJoinedAt < :at',
    ExpressionAttributeValues: { ':at': at },
  });
}

/**
 * A participant left the meeting at `at`: kept when it is their latest leave. A leave with no join of
 * theirs yet (its join event still on its way) answers false, so the caller can have it delivered again.
 */
export async function recordLessonLeave(
  tenant: string,
  lesson: Pick<LessonRecord, '_id' | 'start'>,
  userId: string,
  at: string,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: lessonJoins.key(tenant, { sectionId: lesson._id, lessonStart: lesson.start, userId }),
        UpdateExpression: 'SET leftAt = :at',
        ConditionExpression: 'attribute_exists(joinedAt) AND (attribute_not_exists(leftAt) OR leftAt < :at)',
        ExpressionAttributeValues: { ':at': at },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
    // A later leave is already kept: this one changes nothing. No join at all: not yet recordable.
    return heldJoin(error);
  }
}

/** Whether a failed condition's item (ReturnValuesOnConditionCheckFailure) had a join. */
function heldJoin(error: unknown): boolean {
  if (!(error instanceof Error) || !('Item' in error)) return false;
  const item = error.Item;
  return typeof item === 'object' && item !== null && 'joinedAt' in item;
}

/** An update whose failed condition means "nothing to change" (an earlier first join is already kept). */
async function conditionalUpdate(input: Omit<UpdateCommandInput, 'TableName'>): Promise<void> {
  try {
    await db().send(new UpdateCommand({ TableName: tableName(), ...input }));
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error;
  }
}
