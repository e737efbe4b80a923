import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../shared/http/errors';
import {
  type DirectoryUserType,
  directorySearchKey,
  directoryUserTypes,
  normalizeDirectorySearch,
} from '../../shared/rules/user-directory';
import type { UserType } from '../../shared/schemas/user';
import { db, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { stripKeys } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';

export interface UserRecord {
  _id: string;
  tenant: string;
  firstname: string;
  lastname: string;
  email: string;
  type: UserType;
  roleId: string;
  passwordHash: string;
  /** Tokens issued before this instant are no longer accepted (password reset signs out everywhere). */
  passwordChangedAt: string;
  timezone?: string;
  userMapperId?: string;
  isTrialApplied: boolean;
  isQuiztopiyaPendingTrial: boolean;
  assessmentEngineDate: string | null;
  quiztopiyaTrialExpiration: string | null;
  isContinueSubmissionWithTimerEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export type NewUser = Pick<
  UserRecord,
  'firstname' | 'lastname' | 'email' | 'type' | 'roleId' | 'passwordHash'
> &
  Partial<Pick<UserRecord, '_id' | 'timezone' | 'userMapperId'>>;

export async function getUser(tenant: string, userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(tenant, userId) }),
  );
  return Item ? stripKeys<UserRecord>(Item) : undefined;
}

/** Several users by id, in the order asked (unknown ids left out): batched reads, all of them answered. */
export async function getUsers(tenant: string, userIds: string[]): Promise<UserRecord[]> {
  const ids = [...new Set(userIds)];
  const items = await batchGetItems(ids.map((id) => keys.user(tenant, id)));
  const found = new Map(items.map((item) => [item._id as string, stripKeys<UserRecord>(item)]));
  return ids.map((id) => found.get(id)).filter((user): user is UserRecord => user !== undefined);
}

export async function getUserByEmail(tenant: string, email: string): Promise<UserRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.userEmail(tenant, email) }),
  );
  return Item ? getUser(tenant, Item.userId as string) : undefined;
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
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.userEmail(tenant, user.email), entity: 'userEmail', userId: user._id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.user(tenant, user._id),
          entity: 'user',
          gsi1pk: keys.usersOfRoleIndex(tenant, user.roleId),
          gsi1sk: user._id,
          ...directoryKeys(tenant, user),
          ...user,
          ...(isDirectoryType(user.type) ? { [DIRECTORY_COUNTED]: true } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...(isDirectoryType(user.type) ? [directoryCount(tenant, user.type, 1)] : []),
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
      Key: keys.user(tenant, userId),
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
      Key: keys.user(tenant, userId),
      UpdateExpression: 'SET passwordHash = :hash, passwordChangedAt = :now, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':hash': passwordHash, ':now': now },
    }),
  );
}

export async function countUsersWithRole(tenant: string, roleId: string): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.usersOfRoleIndex(tenant, roleId) },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

const isDirectoryType = (type: string): type is DirectoryUserType =>
  (directoryUserTypes as readonly string[]).includes(type);

/**
 * Marks a user counted in their type's directory counter, so the counter moves exactly once per user: a
 * user stored before the counters is counted by indexUserInDirectory (the seed, and the backfill of
 * functions/crud/backfill-lists.ts) on the condition that the mark is absent.
 */
const DIRECTORY_COUNTED = 'directoryCounted';

/** The number of students or tutors in the directory moves with each user written into it or out of it. */
function directoryCount(tenant: string, type: DirectoryUserType, delta: 1 | -1): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(tenant, `USERTYPE#${type}`),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** Students and tutors are listed per type in name order (gsi2); admins and guests are not in pickers. */
function directoryKeys(
  tenant: string,
  user: Pick<UserRecord, '_id' | 'type' | 'firstname' | 'lastname' | 'email'>,
) {
  if (!isDirectoryType(user.type)) return {};
  return {
    gsi2pk: keys.usersOfTypeIndex(tenant, user.type),
    gsi2sk: `${directorySearchKey(user)}#${user._id}`,
  };
}

/**
 * Adds the directory keys, and the user to their type's count, to a user stored before the directory or
 * its counters existed (the seed and the backfill call it). Idempotent: a user already counted is left.
 */
export async function indexUserInDirectory(tenant: string, user: UserRecord): Promise<void> {
  if (!isDirectoryType(user.type)) return;
  const directory = directoryKeys(tenant, user);
  try {
    await writeTransaction(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(tenant, user._id),
            UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk, #counted = :yes',
            ConditionExpression: 'attribute_exists(pk) AND #type = :type AND attribute_not_exists(#counted)',
            ExpressionAttributeNames: { '#type': 'type', '#counted': DIRECTORY_COUNTED },
            ExpressionAttributeValues: {
              ':pk': directory.gsi2pk,
              ':sk': directory.gsi2sk,
              ':type': user.type,
              ':yes': true,
            },
          },
        },
        directoryCount(tenant, user.type, 1),
      ],
      () => new ConflictError('Already in the directory'),
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}

/**
 * Changes an account's type, and its place in the directory of students and tutors with it: the user (as
 * read, counted or not) and the counts of both types move in one transaction.
 */
export async function setUserType(tenant: string, userId: string, type: UserType): Promise<void> {
  const user = await getUser(tenant, userId);
  if (!user || user.type === type) return;
  const directory = directoryKeys(tenant, { ...user, type });
  const indexed = 'gsi2pk' in directory;
  const counted = Reflect.get(user, DIRECTORY_COUNTED) === true;
  await writeTransaction(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.user(tenant, userId),
          UpdateExpression: indexed
            ? 'SET #type = :type, updatedAt = :now, gsi2pk = :pk, gsi2sk = :sk, #counted = :yes'
            : 'SET #type = :type, updatedAt = :now REMOVE gsi2pk, gsi2sk, #counted',
          ConditionExpression: `attribute_exists(pk) AND #type = :was AND ${counted ? '#counted = :yes' : 'attribute_not_exists(#counted)'}`,
          ExpressionAttributeNames: { '#type': 'type', '#counted': DIRECTORY_COUNTED },
          ExpressionAttributeValues: {
            ':type': type,
            ':was': user.type,
            ':now': new Date().toISOString(),
            ...(indexed || counted ? { ':yes': true } : {}),
            ...(indexed ? { ':pk': directory.gsi2pk, ':sk': directory.gsi2sk } : {}),
          },
        },
      },
      ...(counted && isDirectoryType(user.type) ? [directoryCount(tenant, user.type, -1)] : []),
      ...(isDirectoryType(type) ? [directoryCount(tenant, type, 1)] : []),
    ],
    () => new ConflictError('This account was changed meanwhile. Please try again.'),
  );
}

export interface DirectoryEntry {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  type: DirectoryUserType;
}

/**
 * A search reads at most this many users per type: enough for any tenant's tutors and the students one
 * looks for by name, and it keeps a search that matches nothing from reading a whole large partition.
 */
const DIRECTORY_READ_LIMIT = 2000;

const pickerFields = {
  ProjectionExpression: '#id, firstname, lastname, email, #type, gsi2sk',
  ExpressionAttributeNames: { '#id': '_id', '#type': 'type' },
};

function directoryEntry(
  item: Record<string, unknown>,
  type: DirectoryUserType,
): DirectoryEntry & { key: string } {
  return {
    _id: String(item._id),
    firstname: String(item.firstname),
    lastname: String(item.lastname),
    email: String(item.email),
    type,
    key: String(item.gsi2sk),
  };
}

/**
 * The first `max` users of a type in name order that `keep` keeps (only the picker's fields: never the
 * password hash), and whether more users follow them.
 */
async function readDirectory(
  tenant: string,
  type: DirectoryUserType,
  max: number,
  keep: (key: string) => boolean,
): Promise<{ found: Array<DirectoryEntry & { key: string }>; more: boolean }> {
  const items: Array<Record<string, unknown>> = [];
  let startKey: Record<string, unknown> | undefined;
  // One past `max` tells whether more follow.
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ...pickerFields,
        ExpressionAttributeValues: { ':pk': keys.usersOfTypeIndex(tenant, type) },
        Limit: Math.min(500, max + 1 - items.length),
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length <= max);
  const found = items
    .slice(0, max)
    .map((item) => directoryEntry(item, type))
    .filter((entry) => keep(entry.key));
  return { found, more: items.length > max };
}

/**
 * Students and/or tutors in name order, paged. Without a name: the first offset + limit of each type in
 * name order, merged, and the total from the types' counters, so the cost follows the page, not the
 * directory. With a name (matched anywhere in "first last e-mail", which no key order serves): at most
 * DIRECTORY_READ_LIMIT users of each type are read, and the answer says so (`partial`) when there were more.
 */
export async function listDirectoryUsers(
  tenant: string,
  types: DirectoryUserType[],
  query: { name?: string | undefined; limit: number; offset: number },
): Promise<{ totalDocs: number; docs: DirectoryEntry[]; partial?: { scanned: number } }> {
  const search = normalizeDirectorySearch(query.name);
  const page = (found: Array<DirectoryEntry & { key: string }>) =>
    found
      .sort((a, b) => a.key.localeCompare(b.key))
      .slice(query.offset, query.offset + query.limit)
      .map(({ key: _key, ...entry }) => entry);
  if (!search) {
    const [reads, counts] = await Promise.all([
      Promise.all(types.map((type) => readDirectory(tenant, type, query.offset + query.limit, () => true))),
      Promise.all(types.map((type) => countDirectory(tenant, type))),
    ]);
    return {
      totalDocs: counts.reduce((sum, count) => sum + count, 0),
      docs: page(reads.flatMap((read) => read.found)),
    };
  }
  // Matched here rather than by a filter expression (which cannot read the key, and would cost the same
  // reads): any part of "first last e-mail".
  const reads = await Promise.all(
    types.map((type) =>
      readDirectory(tenant, type, DIRECTORY_READ_LIMIT, (key) =>
        key.slice(0, key.lastIndexOf('#')).includes(search),
      ),
    ),
  );
  const found = reads.flatMap((read) => read.found);
  return {
    totalDocs: found.length,
    docs: page(found),
    ...(reads.some((read) => read.more) ? { partial: { scanned: DIRECTORY_READ_LIMIT } } : {}),
  };
}

/** How many students or tutors the directory holds (the maintained counter). */
async function countDirectory(tenant: string, type: DirectoryUserType): Promise<number> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.counter(tenant, `USERTYPE#${type}`) }),
  );
  return Number(Item?.count ?? 0);
}
