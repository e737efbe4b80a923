/**
 * Recurring lessons (issue 16 item 12): a series booked, cancelled or moved as a whole. The pure rules
 * (which dates, the clash message, the wall-time shift) are in shared/scheduling/recurrence.
 *
 * Why claims first: one lesson is about twenty writes (the section, a schedule line per participant, the
 * busy days and a time claim per 5-minute bucket), so a series of up to 52 lessons is far more than the
 * 100 writes DynamoDB takes in one transaction. The time claims are what makes a booking exclusive, so
 * they are written first, for every occurrence, in transactions of at most 100 claims each, every claim
 * conditional on its bucket being free. If any claim is taken, the claims this series already wrote are
 * deleted again (only where they are still ours) and nothing else is written: the whole series is refused.
 * Only once every claim is held are the lessons themselves written, one transaction per lesson; those
 * writes meet no other booking's condition, since their time is held (should one still fail, the lessons
 * already written are undone and every remaining claim given back). Two series overlapping at the same moment can therefore never both
 * hold a clashing bucket (each bucket is one item, written only where none is); at worst both are refused
 * and one retries. Before claiming, the tutor's busy days are read so that the 409 lists every clashing
 * date, not only the first one the claims meet.
 *
 * A series moved onto its own times (a week later: each lesson onto the next one's old time) gives up and
 * takes the same buckets in one change. Such a bucket is passed from the lesson that held it to the one
 * that takes it in a single conditional write among the claims (sortWrites), never deleted and written
 * again; undone, it is handed back to the lesson it came from.
 */
import { BadRequestError, ConflictError } from '../../shared/http/errors';
import { notEnoughCreditsMessage, notEnoughMinutesMessage } from '../../shared/money/ledger';
import { isIanaTimeZone } from '../../shared/rules/time-zone';
import { clashMessage, expandRecurrence, type Recurrence } from '../../shared/scheduling/recurrence';
import { schedulingSettings } from '../../shared/scheduling/settings';
import { bookingSweep, busyDaysToRead, DEFAULT_TIME_ZONE } from '../../shared/scheduling/slots';
import type { Tenant } from '../../shared/schemas/tenant';
import { tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { meetingJoinUrl, newMeetingEventId } from '../lib/meetings';
import { getAvailability } from '../repositories/availability';
import {
  ledgerEntriesWrite,
  lessonUseReturnWrites,
  type NewLedgerEntry,
  refusedBalance,
} from '../repositories/ledger';
import {
  busyLessons,
  isTimeClaimWrite,
  type LessonRecord,
  type LessonWrites,
  lessonDeleteWrites,
  newLessonWrites,
} from '../repositories/lessons';
import { getUsers } from '../repositories/users';
import { MAX_TRANSACTION_ITEMS, type TransactItem, writeTransaction } from '../table/transactions';
import { withNewMeetings } from './provider-sync';

const MINUTE_MS = 60_000;

/** The zone a tutor's series keeps its wall time in: their availability's, else their profile's. */
export async function tutorTimeZone(tenant: string, tutorId: string): Promise<string> {
  const [availability, users] = await Promise.all([
    getAvailability(tenant, tutorId),
    getUsers(tenant, [tutorId]),
  ]);
  const zone = availability?.timezone ?? users[0]?.timezone;
  return zone && isIanaTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * The lessons (their new times) that come closer than the buffer to another live lesson of the tutor,
 * leaving out the lessons `ignore` names (the series' own lessons when it moves).
 */
export async function seriesClashes(
  tenant: Tenant,
  tutorId: string,
  lessons: readonly LessonRecord[],
  ignore: ReadonlySet<string>,
): Promise<LessonRecord[]> {
  if (lessons.length === 0) return [];
  const buffer = schedulingSettings(tenant.settings?.scheduling).bufferMinutes;
  const days = new Set<string>();
  for (const lesson of lessons) {
    const start = Date.parse(lesson.start);
    const minutes = (Date.parse(lesson.end) - start) / MINUTE_MS;
    for (const day of busyDaysToRead(start, start, minutes, Math.max(buffer, lesson.bufferMinutes)))
      days.add(day);
  }
  const booked = ((await busyLessons(tenant.key, [tutorId], [...days])).get(tutorId) ?? []).filter(
    (other) => !ignore.has(other.sectionId),
  );
  return lessons.filter((lesson) => {
    // One sweep per lesson: the sweep answers candidates in increasing order only.
    const clashes = bookingSweep(booked, Math.max(buffer, lesson.bufferMinutes) * MINUTE_MS);
    return clashes(Date.parse(lesson.start), Date.parse(lesson.end));
  });
}

/**
 * One lesson's part of a series change: its writes (from lessonWrites), any more for its transaction, and
 * the writes that undo it once written (a booked lesson deleted, a moved one moved back).
 */
export interface SeriesChange {
  lesson: LessonRecord;
  writes: LessonWrites;
  extra?: TransactItem[];
  undo: () => Promise<TransactItem[]>;
}

/**
 * One time claim written before the lessons: a bucket newly claimed (written only where none is) or, with
 * `from`, a bucket another lesson of the same change gives up, passed over to this one (written only while
 * that lesson still holds it).
 */
interface Claim {
  change: number;
  item: TransactItem;
  from?: string;
}

const claimKey = (item: TransactItem): string | undefined => {
  const key = item.Put?.Item ?? item.Delete?.Key;
  return key ? `${key.pk}|${key.sk}` : undefined;
};

/** A new claim's Put, conditioned instead on the bucket being the lesson `from`'s (or no one's). */
function takeOver(claim: TransactItem, from: string): TransactItem {
  const put = claim.Put;
  if (!put) return claim;
  return {
    Put: {
      TableName: put.TableName,
      Item: put.Item,
      ConditionExpression: 'attribute_not_exists(pk) OR sectionId = :from',
      ExpressionAttributeValues: { ':from': from },
    },
  };
}

/**
 * The write that gives back a claim this change wrote, only while it is still the lesson's: a new claim is
 * deleted, a claim taken over from another lesson of the change is handed back to it.
 */
function giveBack(claim: Claim, changes: readonly SeriesChange[]): TransactItem | undefined {
  const item = claim.item.Put?.Item;
  const owner = changes[claim.change]?.lesson._id;
  if (!item || owner === undefined) return undefined;
  const stillOurs = {
    ConditionExpression: 'attribute_not_exists(pk) OR sectionId = :section',
    ExpressionAttributeValues: { ':section': owner },
  };
  if (claim.from === undefined) {
    return { Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk }, ...stillOurs } };
  }
  return { Put: { TableName: tableName(), Item: { ...item, sectionId: claim.from }, ...stillOurs } };
}

/** `items` in runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

async function giveBackAll(claims: readonly Claim[], changes: readonly SeriesChange[]): Promise<void> {
  const writes = claims.map((claim) => giveBack(claim, changes)).filter((item) => item !== undefined);
  for (const chunk of chunks(writes, MAX_TRANSACTION_ITEMS)) {
    await writeTransaction(chunk, () => new ConflictError('The series could not be released'));
  }
}

/**
 * Sorts the changes' writes into the claims written first and each lesson's own writes. A bucket one
 * lesson of the change gives up and another takes (a weekly series moved a week later: each lesson onto
 * the next one's old time) is one write, a takeover conditioned on the old owner, in the claims; the old
 * owner's release of it is dropped from its writes (DynamoDB takes one operation on an item in a
 * transaction, and a claim deleted after the new one was refused would never be taken). A bucket two
 * lessons of the change both claim is a clash of the later one, answered before anything is written.
 */
function sortWrites(
  changes: readonly SeriesChange[],
  timeZone: string,
): { claims: Claim[]; rest: TransactItem[][] } {
  const released = new Map<string, number>();
  changes.forEach((change, index) => {
    change.writes.items.forEach((item, i) => {
      const key = claimKey(item);
      if (!change.writes.isClaim(i) && item.Delete && isTimeClaimWrite(item) && key) released.set(key, index);
    });
  });
  const claims: Claim[] = [];
  const claimed = new Set<string>();
  const passedOn = new Set<string>();
  changes.forEach((change, index) => {
    change.writes.items.forEach((item, i) => {
      if (!change.writes.isClaim(i)) return;
      const key = claimKey(item) ?? '';
      if (claimed.has(key)) {
        throw new ConflictError(clashMessage([new Date(change.lesson.start)], timeZone));
      }
      claimed.add(key);
      const from = released.get(key);
      const owner = from === undefined ? undefined : changes[from]?.lesson._id;
      if (from === undefined || from === index || owner === undefined) {
        claims.push({ change: index, item });
      } else {
        passedOn.add(key);
        claims.push({ change: index, item: takeOver(item, owner), from: owner });
      }
    });
  });
  const rest = changes.map((change) => [
    ...change.writes.items.filter(
      (item, i) => !change.writes.isClaim(i) && !(item.Delete && passedOn.has(claimKey(item) ?? '')),
    ),
    ...(change.extra ?? []),
  ]);
  return { claims, rest };
}

/**
 * Applies a series change all or nothing (see the module comment): every new time claim first, in
 * transactions of at most 100 (a claim passed from one lesson of the change to another as one takeover);
 * a taken one gives every claim back and answers 409 listing the clashing dates in `timeZone` (those read
 * beforehand, `knownClashes`, and the one the claims met). Then each lesson's other writes, one
 * transaction per lesson.
 */
export async function applySeriesChange(
  changes: readonly SeriesChange[],
  timeZone: string,
  knownClashes: readonly LessonRecord[],
): Promise<void> {
  const { claims, rest } = sortWrites(changes, timeZone);

  const held: Claim[] = [];
  for (const chunk of chunks(claims, MAX_TRANSACTION_ITEMS)) {
    let clashed: LessonRecord | undefined;
    try {
      await writeTransaction(
        chunk.map((claim) => claim.item),
        (failed) => {
          clashed = changes[chunk[failed]?.change ?? 0]?.lesson;
          return new ConflictError('clash');
        },
      );
    } catch (error) {
      await giveBackAll(held, changes);
      if (clashed === undefined) throw error;
      const dates = new Map(
        [...knownClashes, clashed].map((lesson) => [lesson.start, new Date(lesson.start)] as const),
      );
      throw new ConflictError(clashMessage([...dates.values()], timeZone));
    }
    held.push(...chunk);
  }

  // Every claim is held: the lessons' own writes meet no other booking. Should one still fail (a lesson
  // edited meanwhile, the table too busy), the lessons already written are undone and the claims of the
  // others given back, so no time stays held by a lesson that was never written.
  for (const [index, items] of rest.entries()) {
    try {
      for (const chunk of chunks(items, MAX_TRANSACTION_ITEMS)) {
        await writeTransaction(chunk, () => {
          const lesson = changes[index]?.lesson;
          return new ConflictError(
            `The lesson of ${lesson?.start ?? 'this series'} was changed by someone else. Reload and try again.`,
          );
        });
      }
    } catch (error) {
      await undoWritten(changes, index, held);
      throw error;
    }
  }
}

/**
 * Best effort after a failed lesson write: undoes the lessons before `failed`, then gives back the claims
 * written first (a new one deleted, one taken over handed back to the lesson it came from). A lesson's undo
 * leaves those claims to that step and claims again only the buckets its own writes gave up (where still
 * free); a lesson whose undo fails keeps its new time and the claims that hold it, as any single booking.
 */
async function undoWritten(changes: readonly SeriesChange[], failed: number, held: readonly Claim[]) {
  const first = new Set(held.map((claim) => claimKey(claim.item)));
  const kept = new Set<number>();
  for (const [index, change] of changes.slice(0, failed).entries()) {
    try {
      const items = (await change.undo()).filter(
        (item) => !(isTimeClaimWrite(item) && first.has(claimKey(item))),
      );
      await writeTransaction(items, () => new ConflictError('The series could not be undone'));
    } catch {
      kept.add(index);
    }
  }
  await giveBackAll(
    held.filter((claim) => !kept.has(claim.change)),
    changes,
  ).catch(() => undefined);
}

/**
 * Spends a series' credits and plan minutes (issue #18): every lesson's use, one credit (or the lesson's
 * minutes) per lesson and student, in one transaction whose balance writes hold each account at zero or
 * above, so the series takes all it needs or nothing (a 409 saying how much). A series too long for one
 * transaction is a 400.
 */
async function spendSeriesCredits(tenant: string, uses: readonly NewLedgerEntry[], lessons: number) {
  const items = ledgerEntriesWrite(tenant, uses);
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new BadRequestError(
      'recurrence: A series spends its credits or plan minutes at once: book fewer lessons at a time',
    );
  }
  await writeTransaction(items, (failed) => {
    const balance = refusedBalance(items[failed]);
    if (balance === 'CREDITS') return new ConflictError(notEnoughCreditsMessage(lessons));
    if (balance === 'MINUTES') {
      // Every student of a series draws the same: the lessons' lengths added up.
      const student = uses.find((use) => use.kind === 'MINUTES_USE')?.account.userId;
      const needed = uses
        .filter((use) => use.kind === 'MINUTES_USE' && use.account.userId === student)
        .reduce((total, use) => total - (use.minutes ?? 0), 0);
      return new ConflictError(notEnoughMinutesMessage(needed, lessons));
    }
    return new ConflictError('This series was already booked');
  });
}

/** Gives back what a series spent (its booking failed after): what each lesson used and still holds. */
async function returnSeriesCredits(tenant: string, lessons: readonly LessonRecord[]) {
  const at = new Date().toISOString();
  for (const lesson of lessons) {
    const items = await lessonUseReturnWrites(tenant, lesson, lesson.studentIds, at);
    if (items.length > 0) {
      await writeTransaction(items, () => new ConflictError('The series credits were already returned'));
    }
  }
}

/**
 * Books a series from its first lesson (built and checked by createLesson): every occurrence a lesson of
 * the same course, tutor and students, with the series' id. A 400 for a recurrence the rules refuse, a 409
 * listing every clashing date in the tutor's zone when any occurrence clashes (nothing is booked). What
 * the lessons cost (`lessonUses`: credits on a credit course, plan minutes) is spent first, all or none,
 * and given back if the lessons cannot be booked.
 */
export async function bookSeries(
  tenant: Tenant,
  first: LessonRecord,
  recurrence: Recurrence,
  courseTitle: string,
  lessonUses: (lessons: LessonRecord[]) => NewLedgerEntry[] = () => [],
): Promise<LessonRecord> {
  const timeZone = await tutorTimeZone(tenant.key, first.tutorId);
  const expanded = expandRecurrence(
    { start: new Date(first.start), end: new Date(first.end) },
    recurrence,
    timeZone,
  );
  if (!expanded.ok) throw new BadRequestError(`recurrence: ${expanded.message}`);
  const seriesId = newId();
  const lessons = expanded.occurrences.map(({ index, start, end }): LessonRecord => {
    if (index === 0) return { ...first, seriesId };
    const _id = newId();
    return {
      ...first,
      _id,
      seriesId,
      sortingKey: first.sortingKey + index,
      start: start.toISOString(),
      end: end.toISOString(),
      joinUrl: meetingJoinUrl(_id),
      eventId: newMeetingEventId(),
    };
  });
  const clashes = await seriesClashes(tenant, first.tutorId, lessons, new Set());
  if (clashes.length > 0) {
    throw new ConflictError(
      clashMessage(
        clashes.map((lesson) => new Date(lesson.start)),
        timeZone,
      ),
    );
  }
  // Every occurrence's meeting first: a provider failure books none of them (provider-sync.ts).
  return withNewMeetings(tenant.key, lessons, async (booked) => {
    const uses = lessonUses(booked);
    if (uses.length > 0) await spendSeriesCredits(tenant.key, uses, booked.length);
    try {
      await applySeriesChange(
        booked.map((lesson) => {
          const writes = newLessonWrites(tenant.key, lesson, courseTitle);
          // Undone as written (with its list stamp), which the delete's conditions check.
          return { lesson, writes, undo: () => lessonDeleteWrites(tenant.key, writes.written) };
        }),
        timeZone,
        [],
      );
    } catch (error) {
      if (uses.length > 0) await returnSeriesCredits(tenant.key, booked);
      throw error;
    }
    return booked[0] ?? first;
  });
}
