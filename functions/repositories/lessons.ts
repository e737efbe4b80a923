import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
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

/** Where in a booking transaction the time claims start: a failure there means the slot was taken. */
export interface LessonWrites {
  items: TransactItem[];
  isClaim: (index: number) => boolean;
}

/**
 * The writes that put a lesson on the calendar, for one transaction: the section itself, a schedule line
 * for each participant, the tutor's busy list of each day it touches, and the claims on the tutor's time
 * (each conditional on the bucket being free). Offsets are relative to `firstIndex`, where these writes
 * will sit in the caller's transaction.
 */
export function lessonBookingWrites(
  tenant: string,
  lesson: LessonRecord,
  courseTitle: string,
  firstIndex = 0,
): LessonWrites {
  const table = tableName();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table,
        Item: sectionItem(tenant, lesson),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  items.push(...scheduleWrites(tenant, lesson, courseTitle), ...busyWrites(tenant, lesson, 'ADD'));
  const claimsFrom = firstIndex + items.length;
  for (const bucket of claimedBuckets(span(lesson), lesson.bufferMinutes)) {
    items.push({
      Put: {
        TableName: table,
        Item: {
          ...keys.timeClaim(tenant, lesson.tutorId, bucket),
          entity: 'timeClaim',
          sectionId: lesson._id,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  return { items, isClaim: (index) => index >= claimsFrom && index < firstIndex + items.length };
}

/** The writes that take a lesson's time off the calendar (cancel, or the old time of a reschedule). */
export function lessonReleaseWrites(tenant: string, lesson: LessonRecord): TransactItem[] {
  const table = tableName();
  const items: TransactItem[] = participants(lesson).map(([userId]) => ({
    Delete: { TableName: table, Key: keys.scheduleEntry(tenant, userId, lesson.start, lesson._id) },
  }));
  items.push(...busyWrites(tenant, lesson, 'DELETE'));
  for (const bucket of claimedBuckets(span(lesson), lesson.bufferMinutes)) {
    items.push({
      Delete: {
        TableName: table,
        Key: keys.timeClaim(tenant, lesson.tutorId, bucket),
        ConditionExpression: 'attribute_not_exists(pk) OR sectionId = :section',
        ExpressionAttributeValues: { ':section': lesson._id },
      },
    });
  }
  return items;
}

/** The schedule lines of a lesson whose time does not change (a status change such as a cancellation). */
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

function busyWrites(tenant: string, lesson: LessonRecord, action: 'ADD' | 'DELETE'): TransactItem[] {
  const entry = busyEntry({ ...span(lesson), sectionId: lesson._id });
  return utcDaysTouched(span(lesson)).map((day) => ({
    Update: {
      TableName: tableName(),
      Key: keys.busyDay(tenant, lesson.tutorId, day),
      UpdateExpression: `${action} lessons :entry`,
      ExpressionAttributeValues: { ':entry': new Set([entry]) },
    },
  }));
}

/**
 * Each tutor's booked lessons on the given UTC days, in a few batched reads (100 keys per call), so the
 * slots of hundreds of tutors cost a handful of round trips.
 */
export async function busyLessons(
  tenant: string,
  tutorIds: string[],
  utcDays: string[],
): Promise<Map<string, Array<TimeSpan & { sectionId: string }>>> {
  const busy = new Map<string, Array<TimeSpan & { sectionId: string }>>(tutorIds.map((id) => [id, []]));
  const prefix = `T#${tenant}#BUSY#`;
  const items = await batchGetItems(
    tutorIds.flatMap((tutorId) => utcDays.map((day) => keys.busyDay(tenant, tutorId, day))),
  );
  for (const item of items) {
    const tutorId = (item.pk as string).slice(prefix.length, -'#YYYY-MM-DD'.length);
    const entries = item.lessons instanceof Set ? [...(item.lessons as Set<string>)] : [];
    busy.get(tutorId)?.push(...entries.map(parseBusyEntry));
  }
  // A lesson across midnight is listed on both days.
  for (const [tutorId, lessons] of busy) {
    const seen = new Set<string>();
    busy.set(
      tutorId,
      lessons.filter((lesson) => !seen.has(lesson.sectionId) && seen.add(lesson.sectionId)),
    );
  }
  return busy;
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
