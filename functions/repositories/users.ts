import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import {
  type DirectoryUserType,
  directorySearchKey,
  directoryUserTypes,
  normalizeDirectorySearch,
} from '../../shared/rules/user-directory';
import { authUserSchema, type UserType } from '../../shared/schemas/user';
import { db, QueryCommand, tableName, UpdateCommand } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { type TransactItem, writeTransaction } from '../table/transactions';

/** A user as stored: the signed-in user's fields, and what only the server reads (role id, password hash). */
const userRecordSchema = authUserSchema.omit({ role: true, userMapper: true, impersonatedBy: true }).extend({
  tenant: z.string(),
  roleId: z.string(),
  passwordHash: z.string(),
  /** Tokens issued before this instant are no longer accepted (password reset signs out everywhere). */
  passwordChangedAt: z.string(),
  userMapperId: z.string().optional(),
  updatedAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** Students and tutors are listed per type in name order (gsi2); admins and guests are not in pickers. */
function directoryKeys(
  tenant: string,
  user: Pick<UserRecord, '_id' | 'type' | 'firstname' | 'lastname' | 'email'>,
) {
  if (!(directoryUserTypes as readonly string[]).includes(user.type)) return {};
  return {
    gsi2pk: keys.usersOfTypeIndex(tenant, user.type),
    gsi2sk: `${directorySearchKey(user)}#${user._id}`,
  };
}

/** Users by id, counted per role (gsi1: a role's verify-delete) and listed per type by name (gsi2). */
const users = defineEntity({
  name: 'user',
  schema: userRecordSchema,
  keyAttributes: ['_id'],
  key: (tenant, user) => keys.user(tenant, user._id),
  indexes: (tenant, user) => ({
    gsi1pk: keys.usersOfRoleIndex(tenant, user.roleId),
    gsi1sk: user._id,
    ...directoryKeys(tenant, user),
  }),
});

/**
 * An address's claim, written with the account in one transaction (one account per address), and the
 * sign-in's look-up of the account. Claims written before they kept `email` as an attribute are read by key.
 */
const emailClaims = defineEntity({
  name: 'userEmail',
  schema: z.object({ email: z.string(), userId: z.string() }),
  keyAttributes: ['email'],
  key: (tenant, claim) => keys.userEmail(tenant, claim.email),
});

export type NewUser = Pick<
  UserRecord,
  'firstname' | 'lastname' | 'email' | 'type' | 'roleId' | 'passwordHash'
> &
  Partial<Pick<UserRecord, '_id' | 'timezone' | 'userMapperId'>>;

export function getUser(tenant: string, userId: string): Promise<UserRecord | undefined> {
  return users.get(tenant, { _id: userId });
}

/** Several users by id, in the order asked (unknown ids left out): batched reads, all of them answered. */
export async function getUsers(tenant: string, userIds: string[]): Promise<UserRecord[]> {
  const ids = [...new Set(userIds)];
  const records = await users.getMany(
    tenant,
    ids.map((id) => ({ _id: id })),
  );
  const found = new Map(records.map((user) => [user._id, user]));
  return ids.map((id) => found.get(id)).filter((user): user is UserRecord => user !== undefined);
}

export async function getUserByEmail(tenant: string, email: string): Promise<UserRecord | undefined> {
  const claim = await emailClaims.get(tenant, { email });
  return claim ? getUser(tenant, claim.userId) : undefined;
}

/** The full record of a new user, with the defaults of the contract's flags. */
export function newUserRecord(tenant: string, input: NewUser): UserRecord {
  const now = new Date().toISOString();
  return {
    isTrialApplied: false,
    isQuiztopiyaPendingTrial: false,
    assessmentEngineDate: null,
    quiztopiyaTrialExpiration: null,
    isContinueSubmissionWithTimerEnabled: false,
    ...input,
    _id: input._id ?? newId(),
    tenant,
    passwordChangedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** The two writes that create a user: the e-mail claim (index 0, fails when taken) and the profile. */
export function newUserWrites(tenant: string, user: UserRecord): TransactItem[] {
  return [
    emailClaims.putWrite(tenant, { email: user.email, userId: user._id }, 'absent'),
    users.putWrite(tenant, user, 'absent'),
  ];
}

export const emailTaken = () => new ConflictError('An account with this email already exists');

/** Creates the user and claims its e-mail in one transaction: two sign-ups with one address give one account. */
export async function createUser(tenant: string, input: NewUser): Promise<UserRecord> {
  const user = newUserRecord(tenant, input);
  await writeTransaction(newUserWrites(tenant, user), emailTaken);
  return user;
}

/**
 * Marks that the student has used their free trial, in a booking's transaction: the condition makes a
 * second trial booking of the same account fail, however concurrent.
 */
export function claimFreeTrialWrite(tenant: string, userId: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: users.key(tenant, { _id: userId }),
      UpdateExpression: 'SET isTrialApplied = :yes, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND isTrialApplied = :no',
      ExpressionAttributeValues: { ':yes': true, ':no': false, ':now': new Date().toISOString() },
    },
  };
}

export async function updatePassword(tenant: string, userId: string, passwordHash: string): Promise<void> {
  const now = new Date().toISOString();
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: users.key(tenant, { _id: userId }),
      UpdateExpression: 'SET passwordHash = :hash, passwordChangedAt = :now, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': now },
    }),
  );
}

/** Points the user at the user-mapper that links their accounts (see user-mappers.ts). */
export async function setUserMapperId(tenant: string, userId: string, mapperId: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: users.key(tenant, { _id: userId }),
      UpdateExpression: 'SET userMapperId = :mapper',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':mapper': mapperId },
    }),
  );
}

export function countUsersWithRole(tenant: string, roleId: string): Promise<number> {
  return users.count({ index: 'gsi1', partition: keys.usersOfRoleIndex(tenant, roleId) });
}

/** Adds the directory keys to a user stored before the directory existed (the seed calls it; idempotent). */
export async function indexUserInDirectory(tenant: string, user: UserRecord): Promise<void> {
  const directory = directoryKeys(tenant, user);
  if (!('gsi2pk' in directory)) return;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: users.key(tenant, user),
      UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':pk': directory.gsi2pk, ':sk': directory.gsi2sk },
    }),
  );
}

/** Changes an account's type, and its place in the directory of students and tutors with it. */
export async function setUserType(tenant: string, userId: string, type: UserType): Promise<void> {
  const user = await getUser(tenant, userId);
  if (!user || user.type === type) return;
  const directory = directoryKeys(tenant, { ...user, type });
  const indexed = 'gsi2pk' in directory;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: users.key(tenant, user),
      UpdateExpression: indexed
        ? 'SET #type = :type, updatedAt = :now, gsi2pk = :pk, gsi2sk = :sk'
        : 'SET #type = :type, updatedAt = :now REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': type,
        ':now': new Date().toISOString(),
        ...(indexed ? { ':pk': directory.gsi2pk, ':sk': directory.gsi2sk } : {}),
      },
    }),
  );
}

export interface DirectoryEntry extends Pick<UserRecord, '_id' | 'firstname' | 'lastname' | 'email'> {
  type: DirectoryUserType;
}

/** What a picker reads of a user (never the password hash), and its place in the directory. */
const directoryItemSchema = userRecordSchema
  .pick({ _id: true, firstname: true, lastname: true, email: true })
  .extend({ gsi2sk: z.string() });

/**
 * A picker answer reads at most this many users per type: enough for any tenant's tutors and the students
 * one looks for by name, and it keeps a search that matches nothing from reading a whole large partition.
 */
const DIRECTORY_READ_LIMIT = 2000;

/** Students and/or tutors in name order, those whose name or e-mail contains `name`; paged in memory. */
export async function listDirectoryUsers(
  tenant: string,
  types: DirectoryUserType[],
  query: { name?: string | undefined; limit: number; offset: number },
): Promise<{ totalDocs: number; docs: DirectoryEntry[] }> {
  const search = normalizeDirectorySearch(query.name);
  const found: Array<DirectoryEntry & { key: string }> = [];
  for (const type of types) {
    let read = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :pk',
          // Only the picker's fields: never the password hash.
          ProjectionExpression: '#id, firstname, lastname, email, #type, gsi2sk',
          ExpressionAttributeNames: { '#id': '_id', '#type': 'type' },
          ExpressionAttributeValues: { ':pk': keys.usersOfTypeIndex(tenant, type) },
          Limit: 500,
          ExclusiveStartKey: startKey,
        }),
      );
      read += page.Count ?? 0;
      for (const item of page.Items ?? []) {
        // Matched here rather than by a filter expression (which cannot read the key, and would cost the
        // same reads): any part of "first last e-mail".
        const { gsi2sk: key, ...user } = directoryItemSchema.parse(item);
        if (search && !key.slice(0, key.lastIndexOf('#')).includes(search)) continue;
        found.push({ ...user, type, key });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && read < DIRECTORY_READ_LIMIT);
  }
  found.sort((a, b) => a.key.localeCompare(b.key));
  return {
    totalDocs: found.length,
    docs: found.slice(query.offset, query.offset + query.limit).map(({ key: _key, ...entry }) => entry),
  };
}
