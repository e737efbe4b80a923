import type { Availability, AvailabilityInput } from '../../shared/schemas/availability';
import type { TeachingSubject } from '../../shared/schemas/curriculum';
import { db, GetCommand, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems, batchWriteItems } from '../table/batch';
import { stripKeys } from '../table/items';
import { queryIndex } from '../table/query';

/** The record a tutor's availability is kept as (one item next to their profile). */
export type AvailabilityRecord = Availability;

/** `Cambridge IGCSE` / `Mathematics` / `Grade 10` -> `cambridge igcse#mathematics#grade 10`. */
export function teachingKey(subject: TeachingSubject): string {
  const part = (value: string) => value.trim().toLowerCase().replaceAll('#', ' ');
  return `${part(subject.curriculum)}#${part(subject.subject)}#${part(subject.grade)}`;
}

export async function getAvailability(
  tenant: string,
  userId: string,
): Promise<AvailabilityRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.availability(tenant, userId) }),
  );
  return Item ? stripKeys<AvailabilityRecord>(Item) : undefined;
}

/**
 * Several tutors' availability in batched reads; with `attributes`, only those fields of each record are
 * read (the slot finder needs six of them, not the subjects list).
 */
export async function getAvailabilities<K extends keyof AvailabilityRecord = keyof AvailabilityRecord>(
  tenant: string,
  userIds: string[],
  attributes?: readonly K[],
): Promise<Array<Pick<AvailabilityRecord, K>>> {
  const items = await batchGetItems(
    [...new Set(userIds)].map((id) => keys.availability(tenant, id)),
    attributes ? { attributes } : {},
  );
  return items.map((item) => stripKeys<Pick<AvailabilityRecord, K>>(item));
}

/**
 * Saves a tutor's availability and re-indexes what they teach: one index item per curriculum, subject and
 * grade, so "which tutors teach IGCSE Mathematics, Grade 10" is one Query.
 */
export async function putAvailability(
  tenant: string,
  userId: string,
  input: AvailabilityInput,
): Promise<AvailabilityRecord> {
  const previous = await getAvailability(tenant, userId);
  const record: AvailabilityRecord = { ...input, userId, updatedAt: new Date().toISOString() };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.availability(tenant, userId), entity: 'availability', ...record },
    }),
  );
  const wanted = new Map(input.subjects.map((subject) => [teachingKey(subject), subject]));
  const stale = (previous?.subjects ?? []).map(teachingKey).filter((key) => !wanted.has(key));
  const writes = [
    ...stale.map((key) => ({ DeleteRequest: { Key: keys.teaching(tenant, userId, key) } })),
    ...[...wanted].map(([key, subject]) => ({
      PutRequest: {
        Item: {
          ...keys.teaching(tenant, userId, key),
          gsi1pk: keys.tutorsTeachingIndex(tenant, key),
          gsi1sk: userId,
          entity: 'teaching',
          userId,
          ...subject,
          // What the slot rule reads, copied here (rewritten on every save) so the trial dialog's one
          // Query of the index returns each tutor's hours too, with no read per tutor. One JSON string,
          // not nested maps and lists: a Query of 200 items returns it in half the time.
          slotHours: JSON.stringify(slotFields(record)),
        },
      },
    })),
  ];
  await batchWriteItems(writes);
  return record;
}

/** What the slot rule reads of a tutor's availability (not, e.g., the subjects they teach). */
export const SLOT_ATTRIBUTES = [
  'userId',
  'status',
  'timezone',
  'weeklyHours',
  'exceptions',
  'windows',
] as const;
export type SlotAvailability = Pick<AvailabilityRecord, (typeof SLOT_ATTRIBUTES)[number]>;

function slotFields(record: AvailabilityRecord): Omit<SlotAvailability, 'userId'> {
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
  const items = await queryIndex<{ userId: string; slotHours?: string }>(
    'gsi1',
    keys.tutorsTeachingIndex(tenant, teachingKey(subject)),
    ['userId', 'slotHours'],
  );
  const complete: SlotAvailability[] = [];
  const missing: string[] = [];
  for (const { userId, slotHours } of items) {
    if (slotHours) complete.push({ userId, ...(JSON.parse(slotHours) as Omit<SlotAvailability, 'userId'>) });
    else missing.push(userId);
  }
  if (missing.length === 0) return complete;
  return [...complete, ...(await getAvailabilities(tenant, missing, SLOT_ATTRIBUTES))];
}

/** Ids of the tutors who teach a curriculum's subject at a grade. */
export async function tutorsTeaching(tenant: string, subject: TeachingSubject): Promise<string[]> {
  const tutors = await queryIndex<{ userId: string }>(
    'gsi1',
    keys.tutorsTeachingIndex(tenant, teachingKey(subject)),
    ['userId'],
  );
  return tutors.map((tutor) => tutor.userId);
}
