import * as z from 'zod';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { type BankDetailsInput, bankDetailsInputSchema } from '../../shared/schemas/bank-details';
import {
  type AdminNote,
  achievementInputSchema,
  adminNoteSchema,
  experienceInputSchema,
  languageInputSchema,
  MAX_PROFILE_ENTRIES,
  type ProfileDetails,
  type ProfileEntryKind,
  profileDetailsSchema,
  qualificationInputSchema,
  subjectInputSchema,
} from '../../shared/schemas/user-profile';
import { tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchWriteItems } from '../table/batch';
import { defineEntity, keyConditionQuery } from '../table/entity';
import { queryItems } from '../table/query';
import { type TransactItem, writeTransaction } from '../table/transactions';
import { liveUserCheck, parseUserItem, type UserRecord, userEntityName } from './users';

/**
 * A person's profile, kept in their own partition beside the user record (sk PROFILE) under sort keys that
 * begin with PROFILE, so one Query reads all of it: the details (one item), each sub-record (one item per
 * experience, qualification, achievement, language and student subject), the admin notes (one item each)
 * and, per kind, the count that holds the limit (MAX_PROFILE_ENTRIES) in the database.
 */

/** The kinds stored as profile entries: the sub-records, and a student's subjects (a tutor's are their availability's). */
export type StoredEntryKind = ProfileEntryKind | 'subjects';
/** The counted kinds: the entries, and the admin notes. */
type CountedKind = StoredEntryKind | 'notes';

/** At most this many admin notes on one user: the profile stays one bounded read. */
export const MAX_ADMIN_NOTES = 100;
const limitOf = (kind: CountedKind) => (kind === 'notes' ? MAX_ADMIN_NOTES : MAX_PROFILE_ENTRIES);

const entryBase = { userId: z.string(), _id: z.string(), createdAt: z.string(), updatedAt: z.string() };
const profileEntryRecordSchema = z.discriminatedUnion('kind', [
  experienceInputSchema.extend({ ...entryBase, kind: z.literal('experiences') }),
  qualificationInputSchema.extend({ ...entryBase, kind: z.literal('qualifications') }),
  achievementInputSchema.extend({ ...entryBase, kind: z.literal('achievements') }),
  languageInputSchema.extend({ ...entryBase, kind: z.literal('languages') }),
  subjectInputSchema.extend({ ...entryBase, kind: z.literal('subjects') }),
]);
export type ProfileEntryRecord = z.infer<typeof profileEntryRecordSchema>;
/** An entry's record, for a write to parse its input into. */
export const profileEntrySchema = profileEntryRecordSchema;

const profileEntries = defineEntity({
  name: 'profileEntry',
  schema: profileEntryRecordSchema,
  keyAttributes: ['userId', 'kind', '_id'],
  key: (tenant, entry) => keys.profileEntry(tenant, entry.userId, entry.kind, entry._id),
});

const profileDetails = defineEntity({
  name: 'profileDetails',
  schema: profileDetailsSchema.extend({ userId: z.string(), updatedAt: z.string() }),
  keyAttributes: ['userId'],
  key: (tenant, details) => keys.profileDetails(tenant, details.userId),
});

/**
 * A tutor's bank details: one item of their profile, read only by the profile (functions/profile/service.ts
 * shows the account number masked to whoever may not see it) and by nothing else.
 */
const bankDetailsRecordSchema = z.object({
  userId: z.string(),
  // Stored as validated (bankDetailsInputSchema), so not checked against the lists again on the way out.
  accountHolderName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  routingCode: z.string(),
  country: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type BankDetailsRecord = z.infer<typeof bankDetailsRecordSchema>;
const bankDetails = defineEntity({
  name: 'profileBankDetails',
  schema: bankDetailsRecordSchema,
  keyAttributes: ['userId'],
  key: (tenant, record) => keys.profileBankDetails(tenant, record.userId),
});

/** The Put of a user's bank details (the whole of them: a save replaces them), for its transaction. */
export function bankDetailsWrite(
  tenant: string,
  userId: string,
  input: BankDetailsInput,
  by: { userId: string; now: string },
): TransactItem {
  const fields = bankDetailsInputSchema.parse(input);
  return bankDetails.putWrite(tenant, { ...fields, userId, updatedAt: by.now, updatedBy: by.userId });
}

const adminNotes = defineEntity({
  name: 'adminNote',
  schema: adminNoteSchema.extend({ userId: z.string() }),
  keyAttributes: ['userId', '_id'],
  key: (tenant, note) => keys.adminNote(tenant, note.userId, note._id),
});

const entryCounts = defineEntity({
  name: 'profileEntryCount',
  schema: z.object({ userId: z.string(), kind: z.string(), count: z.number() }),
  keyAttributes: ['userId', 'kind'],
  key: (tenant, counter) => keys.profileEntryCount(tenant, counter.userId, counter.kind),
});

/** Everything one Query of a user's partition reads of their profile. */
export interface StoredProfile {
  user: UserRecord;
  details: ProfileDetails;
  entries: ProfileEntryRecord[];
  notes: AdminNote[];
  bankDetails?: BankDetailsRecord;
}

/**
 * The user and their whole profile in one consistent Query (the profile is at most a few hundred small
 * items: the limits hold it). Undefined for an unknown or deleted user.
 */
export async function readProfile(tenant: string, userId: string): Promise<StoredProfile | undefined> {
  const items = await queryItems(
    keyConditionQuery({
      partition: keys.user(tenant, userId).pk,
      sortKey: { beginsWith: keys.profilePrefix },
      consistent: true,
    }),
  );
  let user: UserRecord | undefined;
  let details: ProfileDetails = {};
  const entries: ProfileEntryRecord[] = [];
  const notes: AdminNote[] = [];
  let bank: BankDetailsRecord | undefined;
  for (const item of items) {
    switch (item.entity) {
      case userEntityName:
        user = parseUserItem(item);
        break;
      case profileDetails.name: {
        const { userId: _user, updatedAt: _updated, ...fields } = profileDetails.parse(item);
        details = fields;
        break;
      }
      case profileEntries.name:
        entries.push(profileEntries.parse(item));
        break;
      case adminNotes.name: {
        const { userId: _user, ...note } = adminNotes.parse(item);
        notes.push(note);
        break;
      }
      case bankDetails.name:
        bank = bankDetails.parse(item);
        break;
    }
  }
  if (!user || user.deletedAt) return undefined;
  return { user, details, entries, notes, ...(bank ? { bankDetails: bank } : {}) };
}

/**
 * The write that sets the named detail fields (the others are left as they are), for the transaction of
 * the account's change.
 */
export function detailsWrite(
  tenant: string,
  userId: string,
  changes: ProfileDetails,
): TransactItem | undefined {
  const fields = Object.entries(changes).filter(([, value]) => value !== undefined);
  if (fields.length === 0) return undefined;
  const names = Object.fromEntries(fields.map(([name], i) => [`#f${i}`, name]));
  const values = Object.fromEntries(fields.map(([, value], i) => [`:f${i}`, value]));
  return {
    Update: {
      TableName: tableName(),
      Key: profileDetails.key(tenant, { userId }),
      UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}, userId = :user, #entity = :entity, updatedAt = :now`,
      ExpressionAttributeNames: { ...names, '#entity': 'entity' },
      ExpressionAttributeValues: {
        ...values,
        ':user': userId,
        ':entity': profileDetails.name,
        ':now': new Date().toISOString(),
      },
    },
  };
}

/** One more of a kind, refused (a failed condition) at its limit. */
function countUpWrite(tenant: string, userId: string, kind: CountedKind): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: entryCounts.key(tenant, { userId, kind }),
      UpdateExpression: 'SET userId = :user, kind = :kind, #entity = :entity ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#entity': 'entity', '#count': 'count' },
      ExpressionAttributeValues: {
        ':user': userId,
        ':kind': kind,
        ':entity': entryCounts.name,
        ':one': 1,
        ':max': limitOf(kind),
      },
    },
  };
}

function countDownWrite(tenant: string, userId: string, kind: CountedKind): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: entryCounts.key(tenant, { userId, kind }),
      UpdateExpression: 'ADD #count :minusOne',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':minusOne': -1 },
    },
  };
}

const kindLabel: Record<CountedKind, string> = {
  experiences: 'experiences',
  qualifications: 'qualifications',
  achievements: 'achievements',
  languages: 'languages',
  subjects: 'subjects',
  notes: 'notes',
};
const limitReached = (kind: CountedKind) =>
  new ConflictError(`A profile holds at most ${limitOf(kind)} ${kindLabel[kind]}. Delete one first.`);
const userNotFound = () => new NotFoundError('User not found');
export const entryNotFound = () => new NotFoundError('This entry was not found. It may have been deleted.');

/**
 * Adds an entry: its Put (absent: a student's subject has the subject's own id, so adding one twice is a
 * 409), its kind's count moved on the condition that it stays within the limit, and the user checked live,
 * in one transaction: racing adds at the limit leave exactly the limit.
 */
export async function addProfileEntry(tenant: string, entry: ProfileEntryRecord): Promise<void> {
  await writeTransaction(
    [
      profileEntries.putWrite(tenant, entry, 'absent'),
      countUpWrite(tenant, entry.userId, entry.kind),
      liveUserCheck(tenant, entry.userId),
    ],
    (index) =>
      index === 0
        ? new ConflictError('This profile already has this entry')
        : index === 1
          ? limitReached(entry.kind)
          : userNotFound(),
    'This profile is busy right now. Please try again in a moment.',
  );
}

/** Replaces an entry that exists (a 404 otherwise), keeping when it was made. */
export async function replaceProfileEntry(tenant: string, entry: ProfileEntryRecord): Promise<void> {
  await profileEntries.put(tenant, entry, 'present', entryNotFound);
}

/** Deletes an entry that exists (a 404 otherwise) and counts it out, in one transaction. */
export async function deleteProfileEntry(
  tenant: string,
  id: { userId: string; kind: StoredEntryKind; _id: string },
): Promise<void> {
  await writeTransaction(
    [profileEntries.deleteWrite(tenant, id, 'present'), countDownWrite(tenant, id.userId, id.kind)],
    entryNotFound,
    'This profile is busy right now. Please try again in a moment.',
  );
}

/** Adds an admin's note, counted like an entry (at most MAX_ADMIN_NOTES). */
export async function addAdminNote(tenant: string, userId: string, note: AdminNote): Promise<void> {
  await writeTransaction(
    [
      adminNotes.putWrite(tenant, { ...note, userId }, 'absent'),
      countUpWrite(tenant, userId, 'notes'),
      liveUserCheck(tenant, userId),
    ],
    (index) => (index === 1 ? limitReached('notes') : userNotFound()),
  );
}

/** Deletes a note by its author: another's note, or an unknown one, is a 404 (nothing says which). */
export async function deleteAdminNote(
  tenant: string,
  userId: string,
  noteId: string,
  authorId: string,
): Promise<void> {
  await writeTransaction(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: adminNotes.key(tenant, { userId, _id: noteId }),
          ConditionExpression: 'attribute_exists(pk) AND createdBy.#id = :author',
          ExpressionAttributeNames: { '#id': '_id' },
          ExpressionAttributeValues: { ':author': authorId },
        },
      },
      countDownWrite(tenant, userId, 'notes'),
    ],
    () => new NotFoundError('Note not found'),
  );
}

/**
 * Removes every profile item of a deleted account (details, entries, notes, counts; not the user record),
 * after the account's own transaction: idempotent, so a retry finishes what a failure left.
 */
export async function removeProfileItems(tenant: string, userId: string): Promise<void> {
  const items = await queryItems({
    ...keyConditionQuery({
      partition: keys.user(tenant, userId).pk,
      sortKey: { beginsWith: `${keys.profilePrefix}#` },
    }),
    ProjectionExpression: 'pk, sk',
  });
  await batchWriteItems(
    items.flatMap((item) =>
      typeof item.pk === 'string' && typeof item.sk === 'string'
        ? [{ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }]
        : [],
    ),
  );
}
