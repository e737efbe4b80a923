import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { listedTimeZone } from '../../shared/scheduling/time-zones';
import { type AvailabilityInput, tutorAvailabilityStatuses } from '../../shared/schemas/availability';
import type { TeachingSubject } from '../../shared/schemas/curriculum';
import { keys } from '../table/access-patterns';
import { batchWriteItems } from '../table/batch';
import { defineEntity, type WriteCondition } from '../table/entity';
import { getManyProjected, queryProjected } from '../table/projection';
import { writeTransaction } from '../table/transactions';
import { getUser, teachingLevelsWrites, type UserRecord } from './users';

/** `Cambridge IGCSE` / `Mathematics` / `Grade 10` -> `cambridge igcse#mathematics#grade 10`. */
export function teachingKey(subject: TeachingSubject): string {
  const part = (value: string) => value.trim().toLowerCase().replaceAll('#', ' ');
  return `${part(subject.curriculum)}#${part(subject.subject)}#${part(subject.grade)}`;
}

const hoursRangeSchema = z.object({ from: z.string(), to: z.string() });
const teachingSubjectSchema = z.object({ curriculum: z.string(), subject: z.string(), grade: z.string() });

/**
 * A tutor's availability as stored (one item next to their profile): the shapes the availability form
 * checks on its way in (shared/schemas/availability.ts), without re-running those checks on every read.
 */
const availabilityRecordSchema = z.object({
  userId: z.string(),
  timezone: z.string(),
  status: z.enum(tutorAvailabilityStatuses),
  weeklyHours: z.array(z.object({ weekday: z.number(), from: z.string(), to: z.string() })),
  exceptions: z.array(
    z.discriminatedUnion('kind', [
      z.object({ date: z.string(), kind: z.literal('dayOff') }),
      z.object({ date: z.string(), kind: z.literal('extraHours'), hours: z.array(hoursRangeSchema) }),
    ]),
  ),
  windows: z.array(
    z.object({
      status: z.enum(['ENABLE', 'DISABLE']),
      startDate: z.string().nullable().optional(),
      endDate: z.string().nullable().optional(),
    }),
  ),
  subjects: z.array(teachingSubjectSchema),
  updatedAt: z.string().nullable(),
});
export type AvailabilityRecord = z.infer<typeof availabilityRecordSchema>;

const availabilities = defineEntity({
  name: 'availability',
  schema: availabilityRecordSchema,
  keyAttributes: ['userId'],
  key: (tenant, availability) => keys.availability(tenant, availability.userId),
});

/** What the slot rule reads of a tutor's availability (not, e.g., the subjects they teach). */
const slotAvailabilitySchema = availabilityRecordSchema.pick({
  userId: true,
  status: true,
  timezone: true,
  weeklyHours: true,
  exceptions: true,
  windows: true,
});
export type SlotAvailability = z.infer<typeof slotAvailabilitySchema>;
const slotHoursSchema = slotAvailabilitySchema.omit({ userId: true });

/**
 * One index item per curriculum, subject and grade a tutor teaches, so "which tutors teach IGCSE
 * Mathematics, Grade 10" is one Query of gsi1. `slotHours` copies what the slot rule reads (rewritten on
 * every save) so that Query returns each tutor's hours too, with no read per tutor; items written before
 * the copy existed have none.
 */
const teachingRecordSchema = teachingSubjectSchema.extend({
  userId: z.string(),
  /** One JSON string, not nested maps and lists: a Query of 200 items returns it in half the time. */
  slotHours: z.string().optional(),
});

const teachings = defineEntity({
  name: 'teaching',
  schema: teachingRecordSchema,
  keyAttributes: ['userId', 'curriculum', 'subject', 'grade'],
  key: (tenant, teaching) => keys.teaching(tenant, teaching.userId, teachingKey(teaching)),
  indexes: (tenant, teaching) => ({
    gsi1pk: keys.tutorsTeachingIndex(tenant, teachingKey(teaching)),
    gsi1sk: teaching.userId,
  }),
});

const teachingHoursSchema = teachingRecordSchema.pick({ userId: true, slotHours: true });
const teachingTutorSchema = teachingRecordSchema.pick({ userId: true });

export function getAvailability(tenant: string, userId: string): Promise<AvailabilityRecord | undefined> {
  return availabilities.get(tenant, { userId });
}

/** Several tutors' availability in batched reads. */
export function getAvailabilities(tenant: string, userIds: string[]): Promise<AvailabilityRecord[]> {
  return availabilities.getMany(
    tenant,
    userIds.map((userId) => ({ userId })),
  );
}

/** Several tutors' slot-rule fields in batched reads (the slot finder needs six of them, not the subjects). */
export function slotAvailabilities(tenant: string, userIds: string[]): Promise<SlotAvailability[]> {
  return getManyProjected(
    slotAvailabilitySchema,
    [...new Set(userIds)].map((userId) => availabilities.key(tenant, { userId })),
  );
}

const changedMeanwhile = () =>
  new ConflictError('This availability was changed meanwhile. Please try again.');
const ATTEMPTS = 4;

/**
 * Writes an availability with its tutor's teaching levels (users.ts teachingLevelsWrites: the users
 * dropdown finds tutors by the grades they teach) in one transaction, the tutor as read and the
 * availability on `condition`: false when either changed meanwhile (read them again).
 */
async function writeWithLevels(
  tenant: string,
  record: AvailabilityRecord,
  user: UserRecord | undefined,
  condition?: WriteCondition,
): Promise<boolean> {
  try {
    const levels = teachingLevelsWrites(tenant, user, record.subjects);
    if (levels.length === 0)
      await availabilities.put(tenant, record, condition, () => new ConflictError('changed'));
    else
      await writeTransaction(
        [availabilities.putWrite(tenant, record, condition), ...levels],
        () => new ConflictError('changed'),
      );
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/**
 * Saves a tutor's availability, with their teaching levels, and re-indexes what they teach: one index item
 * per curriculum, subject and grade, each carrying the tutor's slot-rule fields.
 */
export async function putAvailability(
  tenant: string,
  userId: string,
  input: AvailabilityInput,
): Promise<AvailabilityRecord> {
  for (let attempt = 1; ; attempt++) {
    const [previous, user] = await Promise.all([getAvailability(tenant, userId), getUser(tenant, userId)]);
    const record: AvailabilityRecord = { ...input, userId, updatedAt: new Date().toISOString() };
    if (!(await writeWithLevels(tenant, record, user))) {
      if (attempt < ATTEMPTS) continue;
      throw changedMeanwhile();
    }
    await reindexTeaching(tenant, record, previous);
    return record;
  }
}

/**
 * Gives a tutor the teaching levels of the availability they have (a tutor whose availability was saved
 * before the levels were kept: the seed's one-time migration and backfill-lists call it). True when it
 * wrote them; idempotent.
 */
export async function syncTeachingLevels(tenant: string, userId: string): Promise<boolean> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [availability, user] = await Promise.all([
      availabilities.get(tenant, { userId }, { consistent: true }),
      getUser(tenant, userId),
    ]);
    const writes = teachingLevelsWrites(tenant, user, availability?.subjects ?? []);
    if (!availability || writes.length === 0 || 'ConditionCheck' in (writes[0] ?? {})) return false;
    const held: WriteCondition = availability.updatedAt
      ? { unchangedSince: availability.updatedAt }
      : 'present';
    // The availability as read, unchanged (a save in between writes the levels itself).
    if (await writeWithLevels(tenant, availability, user, held)) return true;
  }
  return false;
}

/**
 * Adds or removes what a tutor teaches (the profile's subjects tab): the availability's subjects are the one
 * list of them, so the change is written there, on the condition that the availability is as read (a
 * concurrent change is read again), and the teaching index follows. A tutor with no availability yet gets
 * one that offers no hours. `change` returns the new list, or throws to refuse the change.
 */
export async function changeTeachingSubjects(
  tenant: string,
  tutor: { _id: string; timezone?: string | undefined },
  change: (subjects: TeachingSubject[]) => TeachingSubject[],
): Promise<AvailabilityRecord> {
  for (let attempt = 1; ; attempt++) {
    const previous = await availabilities.get(tenant, { userId: tutor._id }, { consistent: true });
    const now = new Date().toISOString();
    const record: AvailabilityRecord = {
      ...(previous ?? {
        userId: tutor._id,
        timezone: listedTimeZone(tutor.timezone),
        status: 'notAvailable',
        weeklyHours: [],
        exceptions: [],
        windows: [],
        subjects: [],
      }),
      subjects: change(previous?.subjects ?? []),
      updatedAt: now,
    };
    const condition: WriteCondition = previous?.updatedAt
      ? { unchangedSince: previous.updatedAt }
      : previous
        ? 'present'
        : 'absent';
    if (!(await writeWithLevels(tenant, record, await getUser(tenant, tutor._id), condition))) {
      if (attempt < ATTEMPTS) continue;
      throw changedMeanwhile();
    }
    await reindexTeaching(tenant, record, previous);
    return record;
  }
}

/**
 * One index item per curriculum, subject and grade the tutor teaches, each carrying the tutor's slot-rule
 * fields; the subjects no longer taught leave the index.
 */
async function reindexTeaching(
  tenant: string,
  record: AvailabilityRecord,
  previous: AvailabilityRecord | undefined,
): Promise<void> {
  const { userId } = record;
  const input = record;
  const wanted = new Map(input.subjects.map((subject) => [teachingKey(subject), subject]));
  const stale = (previous?.subjects ?? []).filter((subject) => !wanted.has(teachingKey(subject)));
  const slotHours = JSON.stringify(slotFields(record));
  await batchWriteItems([
    ...stale.map((subject) => ({ DeleteRequest: { Key: teachings.key(tenant, { userId, ...subject }) } })),
    ...[...wanted.values()].map((subject) => ({
      PutRequest: { Item: teachings.item(tenant, { userId, ...subject, slotHours }) },
    })),
  ]);
}

/** A deleted tutor's availability and teaching index items go: they are offered to nobody. */
export async function removeAvailability(tenant: string, userId: string): Promise<void> {
  const previous = await getAvailability(tenant, userId);
  if (!previous) return;
  await batchWriteItems([
    ...previous.subjects.map((subject) => ({
      DeleteRequest: { Key: teachings.key(tenant, { userId, ...subject }) },
    })),
    { DeleteRequest: { Key: availabilities.key(tenant, { userId }) } },
  ]);
}

/** A tutor's subjects as the availability keeps them (read consistently: the profile answers after a change). */
export async function teachingSubjectsOf(tenant: string, userId: string): Promise<TeachingSubject[]> {
  return (await availabilities.get(tenant, { userId }, { consistent: true }))?.subjects ?? [];
}

function slotFields(record: AvailabilityRecord): z.infer<typeof slotHoursSchema> {
  const { status, timezone, weeklyHours, exceptions, windows } = record;
  return { status, timezone, weeklyHours, exceptions, windows };
}

/**
 * The slot-rule fields of every tutor who teaches a curriculum's subject at a grade: one Query of the
 * teaching index, whose items carry a copy of them (`slotHours`). Items written before the copy existed
 * are completed from the availability records.
 */
export async function teachingAvailabilities(
  tenant: string,
  subject: TeachingSubject,
): Promise<SlotAvailability[]> {
  const items = await queryProjected(teachingHoursSchema, {
    index: 'gsi1',
    partition: keys.tutorsTeachingIndex(tenant, teachingKey(subject)),
  });
  const complete: SlotAvailability[] = [];
  const missing: string[] = [];
  for (const { userId, slotHours } of items) {
    if (slotHours) complete.push({ userId, ...slotHoursSchema.parse(JSON.parse(slotHours)) });
    else missing.push(userId);
  }
  if (missing.length === 0) return complete;
  return [...complete, ...(await slotAvailabilities(tenant, missing))];
}

/** Ids of the tutors who teach a curriculum's subject at a grade. */
export async function tutorsTeaching(tenant: string, subject: TeachingSubject): Promise<string[]> {
  const tutors = await queryProjected(teachingTutorSchema, {
    index: 'gsi1',
    partition: keys.tutorsTeachingIndex(tenant, teachingKey(subject)),
  });
  return tutors.map((tutor) => tutor.userId);
}
