import { QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  BUSY_ATTRIBUTE_PREFIX,
  busyEntry,
  claimedBuckets,
  parseBusyEntry,
  type TimeSpan,
  utcDaysTouched,
} from '../../shared/scheduling/claims';
import type { SectionStatus } from '../../shared/schemas/section';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { stripKeys } from '../table/items';
import { queryIndex } from '../table/query';
import type { TransactItem } from '../table/transactions';
import { type SectionRecord, sectionItem } from './sections';

/** A lesson is a ZOOM or TEAMS section with a time, a tutor and students. */
export type LessonRecord = SectionRecord & {
  start: string;
  end: string;
  tutorId: string;
  studentIds: string[];
  bufferMinutes: number;
};

/** One line of a participant's calendar, kept next to their profile so a date range is one Query. */
export interface ScheduleEntry {
  sectionId: string;
  courseId: string;
  courseTitle: string;
  title: string;
  kind: string;
  type: string;
  status: SectionStatus;
  start: string;
  end: string;
  duration: number;
  tutorId: string;
  studentIds: string[];
  role: 'tutor' | 'student';
}

const span = (lesson: LessonRecord): TimeSpan => ({
  start: new Date(lesson.start),
  end: new Date(lesson.end),
});

function scheduleEntry(
  lesson: LessonRecord,
  courseTitle: string,
  role: ScheduleEntry['role'],
): ScheduleEntry {
  return {
    sectionId: lesson._id,
    courseId: lesson.course,
    courseTitle,
    title: lesson.title,
    kind: lesson.kind,
    type: lesson.type,
    status: lesson.status,
    start: lesson.start,
    end: lesson.end,
    duration: lesson.duration ?? Math.round((Date.parse(lesson.end) - Date.parse(lesson.start)) / 60_000),
    tutorId: lesson.tutorId,
    studentIds: lesson.studentIds,
    role,
  };
}

function participants(lesson: LessonRecord): Array<[string, ScheduleEntry['role']]> {
  return [[lesson.tutorId, 'tutor'], ...lesson.studentIds.map((id): [string, 'student'] => [id, 'student'])];
}

/** The writes of a lesson change, and which of them are claims on the tutor's time (a 409 when taken). */
export interface LessonWrites {
  items: TransactItem[];
  isClaim: (index: number) => boolean;
}

const isLive = (lesson: LessonRecord | undefined): lesson is LessonRecord =>
  lesson !== undefined && lesson.status === 'ACTIVE';

function claimKeys(tenant: string, lesson: LessonRecord | undefined): Map<string, Record<string, string>> {
  const claims = new Map<string, Record<string, string>>();
  if (!isLive(lesson)) return claims;
  for (const bucket of claimedBuckets(span(lesson), lesson.bufferMinutes)) {
    const key = keys.timeClaim(tenant, lesson.tutorId, bucket);
    claims.set(`${key.pk}|${key.sk}`, key);
  }
  return claims;
}

function busyDays(
  tenant: string,
  lesson: LessonRecord | undefined,
): Map<string, { key: Record<string, string>; day: string }> {
  const days = new Map<string, { key: Record<string, string>; day: string }>();
  if (!isLive(lesson)) return days;
  for (const day of utcDaysTouched(span(lesson))) {
    const key = keys.busyDay(tenant, lesson.tutorId, day);
    days.set(key.pk, { key, day });
  }
  return days;
}

/**
 * Every write that takes a lesson from `before` to `after`, for one transaction: booking a new lesson
 * (`before` undefined), moving it (another time or tutor), or cancelling it (`after.status` not ACTIVE).
 * The section is written conditionally (new, or unchanged since it was read); each participant's schedule
 * line follows the lesson; the tutor's busy days and time claims are diffed, so a claim the lesson keeps is
 * left alone and each newly claimed bucket is written only if free. `firstIndex` is where these writes
 * start in the caller's transaction.
 */
export function lessonWrites(
  tenant: string,
  before: LessonRecord | undefined,
  after: LessonRecord,
  courseTitle: string,
  firstIndex = 0,
): LessonWrites {
  const table = tableName();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table,
        Item: sectionItem(tenant, after),
        ...(before
          ? {
              ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
              ExpressionAttributeValues: { ':read': before.updatedAt },
            }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];

  const newLines = new Set(participants(after).map(([userId]) => `${userId}|${after.start}`));
  for (const [userId] of before ? participants(before) : []) {
    if (!newLines.has(`${userId}|${before!.start}`)) {
      items.push({
        Delete: { TableName: table, Key: keys.scheduleEntry(tenant, userId, before!.start, before!._id) },
      });
    }
  }
  items.push(...scheduleWrites(tenant, after, courseTitle));

  const attribute = `${BUSY_ATTRIBUTE_PREFIX}${after._id}`;
  const daysAfter = busyDays(tenant, after);
  for (const [pk, { key }] of busyDays(tenant, before)) {
    if (daysAfter.has(pk)) continue;
    items.push({
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: 'REMOVE #lesson',
        ExpressionAttributeNames: { '#lesson': attribute },
      },
    });
  }
  for (const { key, day } of daysAfter.values()) {
    // The day index lets the trial dialog read every tutor's day in one Query (see busyLessons).
    items.push({
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: 'SET #lesson = :span, gsi1pk = :day, gsi1sk = :tutor, tutorId = :tutor',
        ExpressionAttributeNames: { '#lesson': attribute },
        ExpressionAttributeValues: {
          ':span': busyEntry(span(after)),
          ':day': keys.busyDayIndex(tenant, day),
          ':tutor': after.tutorId,
        },
      },
    });
  }

  const claimsAfter = claimKeys(tenant, after);
  const claimsBefore = claimKeys(tenant, before);
  for (const [id, key] of claimsBefore) {
    if (claimsAfter.has(id)) continue;
    items.push({
      Delete: {
        TableName: table,
        Key: key,
        ConditionExpression: 'attribute_not_exists(pk) OR sectionId = :section',
        ExpressionAttributeValues: { ':section': after._id },
      },
    });
  }
  const claimsFrom = firstIndex + items.length;
  for (const [id, key] of claimsAfter) {
    if (claimsBefore.has(id)) continue;
    items.push({
      Put: {
        TableName: table,
        Item: { ...key, entity: 'timeClaim', sectionId: after._id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  return { items, isClaim: (index) => index >= claimsFrom && index < firstIndex + items.length };
}

/** Removes a lesson: the section (unchanged since read), its schedule lines, busy entries and time claims. */
export function lessonDeleteWrites(tenant: string, lesson: LessonRecord): TransactItem[] {
  const table = tableName();
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: table,
        Key: keys.section(tenant, lesson._id),
        ConditionExpression: 'updatedAt = :read',
        ExpressionAttributeValues: { ':read': lesson.updatedAt },
      },
    },
    ...participants(lesson).map(([userId]) => ({
      Delete: { TableName: table, Key: keys.scheduleEntry(tenant, userId, lesson.start, lesson._id) },
    })),
  ];
  for (const { key } of busyDays(tenant, lesson).values()) {
    items.push({
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: 'REMOVE #lesson',
        ExpressionAttributeNames: { '#lesson': `${BUSY_ATTRIBUTE_PREFIX}${lesson._id}` },
      },
    });
  }
  for (const key of claimKeys(tenant, lesson).values()) {
    items.push({
      Delete: {
        TableName: table,
        Key: key,
        ConditionExpression: 'attribute_not_exists(pk) OR sectionId = :section',
        ExpressionAttributeValues: { ':section': lesson._id },
      },
    });
  }
  return items;
}

/** The schedule lines of a lesson, one per participant (written whenever the lesson changes). */
export function scheduleWrites(tenant: string, lesson: LessonRecord, courseTitle: string): TransactItem[] {
  return participants(lesson).map(([userId, role]) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.scheduleEntry(tenant, userId, lesson.start, lesson._id),
        entity: 'scheduleEntry',
        userId,
        ...scheduleEntry(lesson, courseTitle, role),
      },
    },
  }));
}

/**
 * Above this many tutor-days, busyLessons reads whole days from the day index instead of the tutors' own
 * items: one Query a day returns every tutor's busy item that day, where BatchGet pays per key (about
 * 0.2 ms a key on DynamoDB Local, against a few hundredths for a Query's items). Below it, a tenant's
 * other tutors would make the day read the larger of the two.
 */
const DAY_INDEX_THRESHOLD = 60;

type BusyLesson = TimeSpan & { sectionId: string };

/**
 * Each tutor's booked lessons on the given UTC days. `utcDays` is one list for every tutor, or each tutor's
 * own list (the slot finder reads only the days a tutor's possible slots can clash on). A few tutors: their
 * day items by key, 100 keys a call, all in flight at once. Many tutors: each day's whole index partition,
 * one Query a day in parallel, keeping the tutors and days asked for.
 */
export async function busyLessons(
  tenant: string,
  tutorIds: string[],
  utcDays: string[] | ((tutorId: string) => string[]),
): Promise<Map<string, BusyLesson[]>> {
  const busy = new Map<string, BusyLesson[]>(tutorIds.map((id) => [id, []]));
  const daysOf = typeof utcDays === 'function' ? utcDays : () => utcDays;
  const wanted = new Map(tutorIds.map((id) => [id, new Set(daysOf(id))]));
  const tutorDays = [...wanted].reduce((sum, [, days]) => sum + days.size, 0);
  const items =
    tutorDays >= DAY_INDEX_THRESHOLD
      ? await busyItemsByDay(tenant, wanted)
      : await batchGetItems(
          [...wanted].flatMap(([tutorId, days]) =>
            [...days].map((day) => keys.busyDay(tenant, tutorId, day)),
          ),
        );
  const prefix = `T#${tenant}#BUSY#`;
  for (const item of items) {
    const tutorId =
      (item.tutorId as string | undefined) ?? (item.pk as string).slice(prefix.length, -'#YYYY-MM-DD'.length);
    const lessons = busy.get(tutorId);
    if (!lessons) continue;
    for (const [name, value] of Object.entries(item)) {
      if (!name.startsWith(BUSY_ATTRIBUTE_PREFIX)) continue;
      lessons.push(parseBusyEntry(name.slice(BUSY_ATTRIBUTE_PREFIX.length), value as string));
    }
  }
  // A lesson across midnight is listed on both days.
  for (const [tutorId, lessons] of busy) {
    if (lessons.length < 2) continue;
    const seen = new Set<string>();
    busy.set(
      tutorId,
      lessons.filter((lesson) => !seen.has(lesson.sectionId) && seen.add(lesson.sectionId)),
    );
  }
  return busy;
}

/**
 * Data written before the day index existed: puts each of a tenant's busy items into it (idempotent; the
 * local stack runs it at start). A Scan, so only for a migration, never on a request.
 */
export async function indexBusyDays(tenant: string): Promise<number> {
  const prefix = `T#${tenant}#BUSY#`;
  let indexed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(pk, :prefix) AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: { ':prefix': prefix },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const { pk, sk } of (page.Items ?? []) as Array<{ pk: string; sk: string }>) {
      const rest = pk.slice(prefix.length);
      const day = rest.slice(-'YYYY-MM-DD'.length);
      const tutorId = rest.slice(0, -'#YYYY-MM-DD'.length);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk, sk },
          UpdateExpression: 'SET gsi1pk = :day, gsi1sk = :tutor, tutorId = :tutor',
          ExpressionAttributeValues: { ':day': keys.busyDayIndex(tenant, day), ':tutor': tutorId },
        }),
      );
      indexed++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return indexed;
}

/** The busy items of the wanted tutors on their wanted days, read a whole day at a time from the index. */
async function busyItemsByDay(
  tenant: string,
  wanted: Map<string, Set<string>>,
): Promise<Array<Record<string, unknown>>> {
  const days = new Set([...wanted.values()].flatMap((set) => [...set]));
  const byDay = await Promise.all(
    [...days].map(async (day) => {
      const items = await queryIndex<Record<string, unknown>>('gsi1', keys.busyDayIndex(tenant, day));
      return items.filter((item) => wanted.get(item.tutorId as string)?.has(day));
    }),
  );
  return byDay.flat();
}

/** A user's calendar lines starting in [from, to) (ISO instants). */
export async function userSchedule(
  tenant: string,
  userId: string,
  from: string,
  to: string,
): Promise<ScheduleEntry[]> {
  const entries: ScheduleEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.user(tenant, userId).pk,
          ':from': `${keys.scheduleEntryPrefix}${from}`,
          ':to': `${keys.scheduleEntryPrefix}${to}`,
        },
        ExclusiveStartKey: startKey,
      }),
    );
    entries.push(...(page.Items ?? []).map((item) => stripKeys<ScheduleEntry & { userId: string }>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries.filter((entry) => entry.start < to);
}
