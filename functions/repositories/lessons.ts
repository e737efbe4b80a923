import * as z from 'zod';
import { scheduleEntrySchema as scheduleEntryDocSchema } from '../../shared/routes/schedule';
import { lessonNotice } from '../../shared/rules/lesson-notices';
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
import { sectionStatuses } from '../../shared/schemas/section';
import { guarded } from '../crud/list-index';
import { DeleteCommand, db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { defineEntity, type PrimaryKey } from '../table/entity';
import { scanItems } from '../table/query';
import type { TransactItem } from '../table/transactions';
import { lessonUseReturnWrites, refuseMinutesResize } from './ledger';
import { eventWrite } from './outbox';
import { lessonLists, type SectionRecord, sectionEntity } from './sections';
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
/**
 * A calendar line as stored, one per participant: the line the schedule routes answer (without the join
 * times, read from the joins), whose calendar it is in, the lesson's status as stored, and the lesson's own
 * times of writing (lines written before they were kept have none).
 */
const scheduleEntrySchema = scheduleEntryDocSchema
  .omit({ tutorJoinTime: true, studentJoinTime: true, ownJoinTime: true })
  .extend({
    userId: z.string(),
    status: z.enum(sectionStatuses),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  });
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

const scheduleEntries = defineEntity({
  name: 'scheduleEntry',
  schema: scheduleEntrySchema,
  keyAttributes: ['userId', 'start', 'sectionId'],
  key: (tenant, entry) => keys.scheduleEntry(tenant, entry.userId, entry.start, entry.sectionId),
});

/**
 * A tutor's hold on one 5-minute bucket (shared/scheduling/claims): written only where none is, so two
 * bookings of overlapping times cannot both commit. Never read; removed by the lesson that holds it.
 */
const timeClaims = defineEntity({
  name: 'timeClaim',
  schema: z.object({ tutorId: z.string(), bucketStart: z.string(), sectionId: z.string() }),
  keyAttributes: ['tutorId', 'bucketStart'],
  key: (tenant, claim) => keys.timeClaim(tenant, claim.tutorId, claim.bucketStart),
});

/**
 * A busy-day shard as stored: its keys, then one attribute per lesson listed, named and valued as
 * shared/scheduling/claims writes them (strings only).
 */
const busyDaySchema = z.object({ pk: z.string(), sk: z.string() }).catchall(z.string());
type BusyDayItem = z.infer<typeof busyDaySchema>;

/**
 * A busy day as kept before the shards (read only to migrate it): its keys and its lessons' attributes as
 * the shards name them, beside whatever an older format left (an index key, a set of lessons), which the
 * migration leaves behind with the item.
 */
const legacyBusyDaySchema = z.object({ pk: z.string(), sk: z.string() }).catchall(z.unknown());

const span = (lesson: LessonRecord): TimeSpan => ({
  start: new Date(lesson.start),
  end: new Date(lesson.end),
});

function scheduleEntry(
  lesson: LessonRecord,
  courseTitle: string,
  userId: string,
  role: ScheduleEntry['role'],
) {
  return {
    userId,
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
    ...(lesson.seriesId ? { seriesId: lesson.seriesId } : {}),
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

type ClaimId = { tutorId: string; bucketStart: string };

/** The buckets a live lesson claims, by `<tutorId>|<bucketStart>`. */
function claimsOf(lesson: LessonRecord | undefined): Map<string, ClaimId> {
  const claims = new Map<string, ClaimId>();
  if (!isLive(lesson)) return claims;
  for (const bucketStart of claimedBuckets(span(lesson), lesson.bufferMinutes)) {
    claims.set(`${lesson.tutorId}|${bucketStart}`, { tutorId: lesson.tutorId, bucketStart });
  }
  return claims;
}

/**
 * Whether a write of a lesson change is to one of the tutor's time claims (a claim written, given back or
 * passed to another lesson), as a series change sorts them (functions/meetings/series.ts).
 */
export function isTimeClaimWrite(item: TransactItem): boolean {
  const key = item.Put?.Item ?? item.Delete?.Key ?? item.Update?.Key;
  return typeof key?.pk === 'string' && TIME_CLAIM_PK.test(key.pk);
}
/** keys.timeClaim's partition, of any tenant and tutor. */
const TIME_CLAIM_PK = /^T#[^#]+#CLAIM#/;

/** Gives a claim back: only the lesson holding it may (a claim already gone is fine). */
function claimRelease(tenant: string, claim: ClaimId, sectionId: string): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: timeClaims.key(tenant, claim),
      ConditionExpression: 'attribute_not_exists(pk) OR sectionId = :section',
      ExpressionAttributeValues: { ':section': sectionId },
    },
  };
}

/** The busy-day items a live lesson is listed in (one a UTC day it touches), with its attribute there. */
function busyListings(
  tenant: string,
  lesson: LessonRecord | undefined,
): Array<{ key: PrimaryKey; attribute: string }> {
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
  const changes = new Map<string, { key: PrimaryKey; set: Map<string, string>; remove: Set<string> }>();
  const changeOf = (key: PrimaryKey) => {
    let change = changes.get(key.pk);
    if (!change) {
      change = { key, set: new Map(), remove: new Set() };
      changes.set(key.pk, change);
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
 * trial along (read here: the trial is written whole, with its list entries); a credit (or plan minutes) a
 * student's place used comes back when the place ends (read here too: `lessonUseReturnWrites`), and a
 * lesson paid from plan minutes keeps its length (`refuseMinutesResize`). `firstIndex` is where these
 * writes start in the caller's transaction.
 */
export async function lessonWrites(
  tenant: string,
  before: LessonRecord | undefined,
  after: LessonRecord,
  courseTitle: string,
  firstIndex = 0,
): Promise<LessonWrites> {
  const [trial, returns] = await Promise.all([
    trialOfLesson(tenant, before),
    before ? lessonUseReturnWrites(tenant, before, leavingStudents(before, after), after.updatedAt) : [],
    before ? refuseMinutesResize(tenant, before, after) : undefined,
  ]);
  return lessonWritesWith(tenant, before, after, courseTitle, firstIndex, trial, returns);
}

/**
 * The students whose place on a live lesson a change ends, and whose credit comes back (issue #18): all of
 * them when it is cancelled, those taken off it when it stays live. A lesson that ends (COMPLETED) keeps
 * its credits: it was taught.
 */
function leavingStudents(before: LessonRecord, after: LessonRecord | undefined): string[] {
  if (before.status !== 'ACTIVE') return [];
  if (!after || after.status === 'CANCELLED') return before.studentIds;
  if (after.status !== 'ACTIVE') return [];
  return before.studentIds.filter((id) => !after.studentIds.includes(id));
}

/** A new lesson's writes (`lessonWrites` without a before, so without a trial to read), for a sync caller. */
export function newLessonWrites(
  tenant: string,
  lesson: LessonRecord,
  courseTitle: string,
  firstIndex = 0,
): LessonWrites {
  return lessonWritesWith(tenant, undefined, lesson, courseTitle, firstIndex, undefined, []);
}

function lessonWritesWith(
  tenant: string,
  before: LessonRecord | undefined,
  after: LessonRecord,
  courseTitle: string,
  firstIndex: number,
  trial: TrialRecord | undefined,
  creditReturns: TransactItem[],
): LessonWrites {
  const items: TransactItem[] = [
    guarded(
      sectionEntity.putWrite(
        tenant,
        { ...after, ...lessonLists.stamp() },
        before ? { unchangedSince: before.updatedAt } : 'absent',
      ),
      before ? lessonLists.guard(before) : undefined,
    ),
    ...lessonNoticeWrites(tenant, before, after, courseTitle),
  ];

  const newLines = new Set(participants(after).map(([userId]) => `${userId}|${after.start}`));
  for (const [userId] of before ? participants(before) : []) {
    if (!newLines.has(`${userId}|${before!.start}`)) {
      items.push(
        scheduleEntries.deleteWrite(tenant, { userId, start: before!.start, sectionId: before!._id }),
      );
    }
  }
  items.push(...scheduleWrites(tenant, after, courseTitle));

  items.push(...busyDayWrites(tenant, before, after));
  items.push(...trialLessonWrites(tenant, before, after, trial));
  items.push(...lessonLists.writes(tenant, before, after));
  items.push(...creditReturns);

  const claimsAfter = claimsOf(after);
  const claimsBefore = claimsOf(before);
  for (const [id, claim] of claimsBefore) {
    if (!claimsAfter.has(id)) items.push(claimRelease(tenant, claim, after._id));
  }
  const claimsFrom = firstIndex + items.length;
  for (const [id, claim] of claimsAfter) {
    if (!claimsBefore.has(id))
      items.push(timeClaims.putWrite(tenant, { ...claim, sectionId: after._id }, 'absent'));
  }
  return {
    items,
    isClaim: (index) => index >= claimsFrom && index < firstIndex + items.length,
    written: { ...after, ...lessonLists.stamp() },
  };
}

/**
 * The event of a lesson change that concerns its people (shared/rules/lesson-notices.ts), in the change's
 * own transaction: the notifications consumer tells them, once (functions/notifications).
 */
function lessonNoticeWrites(
  tenant: string,
  before: LessonRecord | undefined,
  after: LessonRecord | undefined,
  courseTitle: string,
): TransactItem[] {
  const notice = lessonNotice(before, after, courseTitle, new Date().toISOString());
  return notice ? [eventWrite(notice.type, { tenant, ...notice.detail })] : [];
}

/**
 * Removes a lesson: the section (unchanged since read), its schedule lines, busy entries and time claims,
 * a booked trial's trial goes CANCELED with it, and a live lesson's used credits and plan minutes come back.
 */
export async function lessonDeleteWrites(tenant: string, lesson: LessonRecord): Promise<TransactItem[]> {
  const [trial, returns] = await Promise.all([
    trialOfLesson(tenant, lesson),
    lessonUseReturnWrites(tenant, lesson, leavingStudents(lesson, undefined), new Date().toISOString()),
  ]);
  const items: TransactItem[] = [
    guarded(
      {
        Delete: {
          TableName: tableName(),
          Key: sectionEntity.key(tenant, lesson),
          ConditionExpression: 'updatedAt = :read',
          ExpressionAttributeValues: { ':read': lesson.updatedAt },
        },
      },
      lessonLists.guard(lesson),
    ),
    ...lessonNoticeWrites(tenant, lesson, undefined, ''),
    ...participants(lesson).map(([userId]) =>
      scheduleEntries.deleteWrite(tenant, { userId, start: lesson.start, sectionId: lesson._id }),
    ),
  ];
  items.push(...busyDayWrites(tenant, lesson, undefined));
  items.push(...trialLessonWrites(tenant, lesson, undefined, trial));
  items.push(...lessonLists.writes(tenant, lesson, undefined));
  items.push(...returns);
  for (const claim of claimsOf(lesson).values()) items.push(claimRelease(tenant, claim, lesson._id));
  return items;
}

/** The schedule lines of a lesson, one per participant (written whenever the lesson changes). */
export function scheduleWrites(tenant: string, lesson: LessonRecord, courseTitle: string): TransactItem[] {
  return participants(lesson).map(([userId, role]) =>
    scheduleEntries.putWrite(tenant, scheduleEntry(lesson, courseTitle, userId, role)),
  );
}

type BusyLesson = TimeSpan & { sectionId: string };

/** Day shard items as read, each with the UTC day it lists. */
export type BusyDayItems = { day: string; item: BusyDayItem }[];

async function readBusyShards(
  tenant: string,
  shards: Iterable<{ day: string; shard: number }>,
): Promise<BusyDayItems> {
  const byPk = new Map<string, { key: PrimaryKey; day: string }>();
  for (const { day, shard } of shards) {
    const key = keys.busyDayShard(tenant, day, shard);
    byPk.set(key.pk, { key, day });
  }
  const items = (await batchGetItems([...byPk.values()].map(({ key }) => key))).map((item) =>
    busyDaySchema.parse(item),
  );
  return items.map((item) => ({ day: byPk.get(item.pk)!.day, item }));
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
      busy.get(listing.tutorId)!.push(parseBusyEntry(listing.sectionId, value));
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
  const legacyDays = await scanItems({
    FilterExpression: 'begins_with(pk, :prefix)',
    ExpressionAttributeValues: { ':prefix': prefix },
  });
  let moved = 0;
  for (const item of legacyDays.map((found) => legacyBusyDaySchema.parse(found))) {
    const rest = item.pk.slice(prefix.length);
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
  return moved;
}

/** A user's calendar lines starting in [from, to) (ISO instants). */
export async function userSchedule(
  tenant: string,
  userId: string,
  from: string,
  to: string,
): Promise<ScheduleEntry[]> {
  const entries = await scheduleEntries.query({
    partition: keys.user(tenant, userId).pk,
    sortKey: { between: [`${keys.scheduleEntryPrefix}${from}`, `${keys.scheduleEntryPrefix}${to}`] },
  });
  return entries.filter((entry) => entry.start < to);
}
