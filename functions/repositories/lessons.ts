import { DeleteCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  BUSY_ATTRIBUTE_PREFIX,
  BUSY_SHARDS,
  busyAttribute,
  busyEntry,
  busyShard,
  claimedBuckets,
  parseBusyAttribute,
  parseBusyEntry,
  type TimeSpan,
  utcDaysTouched,
} from '../../shared/scheduling/claims';
import type { SectionStatus } from '../../shared/schemas/section';
import { withGuard } from '../crud/list-index';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { stripKeys } from '../table/items';
import type { TransactItem } from '../table/transactions';
import { lessonLists, type SectionRecord, sectionItem } from './sections';
import { type TrialRecord, trialLessonWrites, trialOfLesson } from './trials';

/** A lesson is a ZOOM or TEAMS section with a time, a tutor and students. */
export type LessonRecord = SectionRecord & {
  start: string;
  end: string;
  tutorId: string;
  studentIds: string[];
  bufferMinutes: number;
  /** Set on a booked free trial's lesson: the trial follows the lesson (see trialLessonWrites). */
  trialId?: string;
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
  /** The lesson's own times of writing (lines written before they were kept have none). */
  createdAt?: string;
  updatedAt?: string;
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
    createdAt: lesson.createdAt,
    updatedAt: lesson.updatedAt,
  };
}

function participants(lesson: LessonRecord): Array<[string, ScheduleEntry['role']]> {
  return [[lesson.tutorId, 'tutor'], ...lesson.studentIds.map((id): [string, 'student'] => [id, 'student'])];
}

/** The writes of a lesson change, and which of them are claims on the tutor's time (a 409 when taken). */
export interface LessonWrites {
  items: TransactItem[];
  isClaim: (index: number) => boolean;
  /**
   * The lesson as these writes store it (marked as counted: see lessonLists): what a later change of it
   * in the same process must start from, as it would from a read.
   */
  written: LessonRecord;
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

/** The busy-day items a live lesson is listed in (one a UTC day it touches), with its attribute there. */
function busyListings(
  tenant: string,
  lesson: LessonRecord | undefined,
): Array<{ key: Record<string, string>; attribute: string }> {
  if (!isLive(lesson)) return [];
  const shard = busyShard(lesson.tutorId);
  const attribute = busyAttribute(lesson.tutorId, lesson._id);
  return utcDaysTouched(span(lesson)).map((day) => ({
    key: keys.busyDayShard(tenant, day, shard),
    attribute,
  }));
}

/**
 * The busy-day updates that take a lesson from `before` to `after`: one Update per item, since a
 * transaction may touch an item once (a lesson moved to another tutor in the same shard both leaves and
 * joins one item).
 */
function busyDayWrites(
  tenant: string,
  before: LessonRecord | undefined,
  after: LessonRecord | undefined,
): TransactItem[] {
  const changes = new Map<
    string,
    { key: Record<string, string>; set: Map<string, string>; remove: Set<string> }
  >();
  const changeOf = (key: Record<string, string>) => {
    let change = changes.get(key.pk!);
    if (!change) {
      change = { key, set: new Map(), remove: new Set() };
      changes.set(key.pk!, change);
    }
    return change;
  };
  const listed = busyListings(tenant, after);
  const kept = new Set(listed.map(({ key, attribute }) => `${key.pk}|${attribute}`));
  for (const { key, attribute } of busyListings(tenant, before)) {
    if (!kept.has(`${key.pk}|${attribute}`)) changeOf(key).remove.add(attribute);
  }
  for (const { key, attribute } of listed) changeOf(key).set.set(attribute, busyEntry(span(after!)));

  return [...changes.values()].map(({ key, set, remove }) => {
    const names: Record<string, string> = {};
    const values: Record<string, string> = {};
    const sets = [...set].map(([attribute, entry], i) => {
      names[`#s${i}`] = attribute;
      values[`:s${i}`] = entry;
      return `#s${i} = :s${i}`;
    });
    const removes = [...remove].map((attribute, i) => {
      names[`#r${i}`] = attribute;
      return `#r${i}`;
    });
    const expression = [
      sets.length ? `SET ${sets.join(', ')}` : '',
      removes.length ? `REMOVE ${removes.join(', ')}` : '',
    ].join(' ');
    return {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: expression.trim(),
        ExpressionAttributeNames: names,
        ...(sets.length ? { ExpressionAttributeValues: values } : {}),
      },
    };
  });
}

/**
 * Every write that takes a lesson from `before` to `after`, for one transaction: booking a new lesson
 * (`before` undefined), moving it (another time or tutor), or cancelling it (`after.status` not ACTIVE).
 * The section is written conditionally (new, or unchanged since it was read); each participant's schedule
 * line follows the lesson; the tutor's busy days and time claims are diffed, so a claim the lesson keeps is
 * left alone and each newly claimed bucket is written only if free; a booked trial's lesson carries its
 * trial along (read here: the trial is written whole, with its list entries). `firstIndex` is where these
 * writes start in the caller's transaction.
 */
export async function lessonWrites(
  tenant: string,
  before: LessonRecord | undefined,
  after: LessonRecord,
  courseTitle: string,
  firstIndex = 0,
): Promise<LessonWrites> {
  return lessonWritesWith(
    tenant,
    before,
    after,
    courseTitle,
    firstIndex,
    await trialOfLesson(tenant, before),
  );
}

/** A new lesson's writes (`lessonWrites` without a before, so without a trial to read), for a sync caller. */
export function newLessonWrites(
  tenant: string,
  lesson: LessonRecord,
  courseTitle: string,
  firstIndex = 0,
): LessonWrites {
  return lessonWritesWith(tenant, undefined, lesson, courseTitle, firstIndex, undefined);
}

function lessonWritesWith(
  tenant: string,
  before: LessonRecord | undefined,
  after: LessonRecord,
  courseTitle: string,
  firstIndex: number,
  trial: TrialRecord | undefined,
): LessonWrites {
  const table = tableName();
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table,
        Item: { ...sectionItem(tenant, after), ...lessonLists.stamp() },
        ...(before
          ? withGuard(
              {
                ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
                ExpressionAttributeValues: { ':read': before.updatedAt },
              },
              lessonLists.guard(before),
            )
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

  items.push(...busyDayWrites(tenant, before, after));
  items.push(...trialLessonWrites(tenant, before, after, trial));
  items.push(...lessonLists.writes(tenant, before, after));

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
  return {
    items,
    isClaim: (index) => index >= claimsFrom && index < firstIndex + items.length,
    written: { ...after, ...lessonLists.stamp() },
  };
}

/**
 * Removes a lesson: the section (unchanged since read), its schedule lines, busy entries and time claims,
 * and a booked trial's trial goes CANCELED with it.
 */
export async function lessonDeleteWrites(tenant: string, lesson: LessonRecord): Promise<TransactItem[]> {
  const trial = await trialOfLesson(tenant, lesson);
  const table = tableName();
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: table,
        Key: keys.section(tenant, lesson._id),
        ...withGuard(
          {
            ConditionExpression: 'updatedAt = :read',
            ExpressionAttributeValues: { ':read': lesson.updatedAt },
          },
          lessonLists.guard(lesson),
        ),
      },
    },
    ...participants(lesson).map(([userId]) => ({
      Delete: { TableName: table, Key: keys.scheduleEntry(tenant, userId, lesson.start, lesson._id) },
    })),
  ];
  items.push(...busyDayWrites(tenant, lesson, undefined));
  items.push(...trialLessonWrites(tenant, lesson, undefined, trial));
  items.push(...lessonLists.writes(tenant, lesson, undefined));
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

type BusyLesson = TimeSpan & { sectionId: string };

/** Day shard items as read, each with the UTC day it lists. */
export type BusyDayItems = { day: string; item: Record<string, unknown> }[];

async function readBusyShards(
  tenant: string,
  shards: Iterable<{ day: string; shard: number }>,
): Promise<BusyDayItems> {
  const byPk = new Map<string, { key: Record<string, string>; day: string }>();
  for (const { day, shard } of shards) {
    const key = keys.busyDayShard(tenant, day, shard);
    byPk.set(key.pk, { key, day });
  }
  const items = await batchGetItems([...byPk.values()].map(({ key }) => key));
  return items.map((item) => ({ day: byPk.get(item.pk as string)!.day, item }));
}

/**
 * Every tutor's lessons on the given UTC days: all BUSY_SHARDS shards of each day, in one BatchGet. For a
 * question about many tutors, read before knowing which (the trial dialog reads them alongside the
 * teaching index); {@link busyLessonsIn} then picks the tutors' lessons.
 */
export function busyDays(tenant: string, utcDays: string[]): Promise<BusyDayItems> {
  const shards = utcDays.flatMap((day) =>
    Array.from({ length: BUSY_SHARDS }, (_, shard) => ({ day, shard })),
  );
  return readBusyShards(tenant, shards);
}

/**
 * Each tutor's booked lessons on the given UTC days. `utcDays` is one list for every tutor, or each tutor's
 * own list (the slot finder reads only the days a tutor's possible slots can clash on). The items read are
 * the day shards of the tutors asked for: for any number of tutors at most BUSY_SHARDS a day.
 */
export async function busyLessons(
  tenant: string,
  tutorIds: string[],
  utcDays: string[] | ((tutorId: string) => string[]),
): Promise<Map<string, BusyLesson[]>> {
  const daysOf = typeof utcDays === 'function' ? utcDays : () => utcDays;
  const shards = tutorIds.flatMap((tutorId) =>
    daysOf(tutorId).map((day) => ({ day, shard: busyShard(tutorId) })),
  );
  return busyLessonsIn(await readBusyShards(tenant, shards), tutorIds, daysOf);
}

/** From day shards already read (which may list more tutors and days), these tutors' lessons on their days. */
export function busyLessonsIn(
  items: BusyDayItems,
  tutorIds: string[],
  daysOf: (tutorId: string) => string[],
): Map<string, BusyLesson[]> {
  const busy = new Map<string, BusyLesson[]>(tutorIds.map((id) => [id, []]));
  const wanted = new Map(tutorIds.map((id) => [id, new Set(daysOf(id))]));
  const seen = new Set<string>();
  for (const { day, item } of items) {
    for (const [name, value] of Object.entries(item)) {
      const listing = parseBusyAttribute(name);
      if (!listing || !wanted.get(listing.tutorId)?.has(day)) continue;
      // A lesson across midnight is listed on both days.
      if (seen.has(name)) continue;
      seen.add(name);
      busy.get(listing.tutorId)!.push(parseBusyEntry(listing.sectionId, value as string));
    }
  }
  return busy;
}

/**
 * Busy days written before the shards, one item per tutor and day: moves their lessons into the day
 * shards and deletes them (idempotent; the seed runs it once per tenant). A Scan, so only for a migration,
 * never on a request.
 */
export async function migrateLegacyBusyDays(tenant: string): Promise<number> {
  const prefix = keys.legacyBusyDayPrefix(tenant);
  let moved = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(pk, :prefix)',
        ExpressionAttributeValues: { ':prefix': prefix },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const rest = (item.pk as string).slice(prefix.length);
      const day = rest.slice(-'YYYY-MM-DD'.length);
      const tutorId = rest.slice(0, -'#YYYY-MM-DD'.length);
      for (const [name, entry] of Object.entries(item)) {
        if (!name.startsWith(BUSY_ATTRIBUTE_PREFIX)) continue;
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.busyDayShard(tenant, day, busyShard(tutorId)),
            UpdateExpression: 'SET #lesson = :entry',
            ExpressionAttributeNames: {
              '#lesson': busyAttribute(tutorId, name.slice(BUSY_ATTRIBUTE_PREFIX.length)),
            },
            ExpressionAttributeValues: { ':entry': entry },
          }),
        );
      }
      await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
      moved++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return moved;
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
