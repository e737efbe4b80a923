import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import { ConflictError } from '../../shared/http/errors';
import {
  type DirectoryUserType,
  directorySearchKey,
  directoryUserTypes,
  normalizeDirectorySearch,
} from '../../shared/rules/user-directory';
import { levelKey } from '../../shared/rules/user-list';
import { authUserSchema, genders, type UserType } from '../../shared/schemas/user';
import type { Condition } from '../crud/list-index';
import { db, tableName, UpdateCommand } from '../lib/db';
import { newId } from '../lib/ids';
import { collections, keys } from '../table/access-patterns';
import { counters, countWrite, readCount } from '../table/counters';
import { defineEntity } from '../table/entity';
import { queryProjected } from '../table/projection';
import { type TransactItem, writeTransaction } from '../table/transactions';
import { rateTypeAssignmentWrites } from './rate-type-assignments';
import { tutorDirectoryWrites } from './tutor-directory';
import { userListGuard, userListSeedItems, userListStamp, userListWrites } from './user-list-index';

/** A user as stored: the signed-in user's fields, and what only the server reads (role id, password hash). */
const userRecordSchema = z.extend(
  z.omit(authUserSchema, { role: true, userMapper: true, impersonatedBy: true }),
  {
    /**
     * The account's own fields of a profile (shared/schemas/user-profile.ts, validated there), kept on the
     * account to be indexed and listed.
     */
    phone: z.optional(z.string()),
    country: z.optional(z.string()),
    level: z.optional(z.string()),
    /**
     * The levels a tutor teaches (levelKey of each grade of their availability's subjects), written with the
     * availability (functions/repositories/availability.ts): the users dropdown finds tutors by them.
     */
    teachingLevels: z.optional(z.array(z.string())),
    gender: z.optional(z.enum(genders)),
    /** The e-mail payments are billed to (the profile's billingEmail): the Checkout Session's, when set. */
    billingEmail: z.optional(z.string()),
    tenant: z.string(),
    roleId: z.string(),
    passwordHash: z.string(),
    /** Tokens issued before this instant are no longer accepted (password reset signs out everywhere). */
    passwordChangedAt: z.string(),
    userMapperId: z.optional(z.string()),
    updatedAt: z.string(),
    /** Counted in their type's directory counter (students and tutors; see DIRECTORY_COUNTED). */
    directoryCounted: z.optional(z.boolean()),
    /** Carries its entries of the admin Users list and the dropdown's filters (user-list-index.ts). */
    userListed: z.optional(z.number()),
    /** Counted in the tenant's count of admin accounts (see ADMIN_COUNTED). */
    adminCounted: z.optional(z.boolean()),
    /**
     * A student's one-to-one tutor rate student type (an id of the rate-type resource; the kind their lessons
     * are rated as, shared/rules/tutor-pay.ts rateKindOf) and when it was assigned (the rate versions' basis
     * STUDENT_ASSIGNED_DATE). The type counts its students (`assigned`) in the assignment's transaction.
     */
    rateStudentType: z.optional(z.string()),
    rateStudentTypeAssignedAt: z.optional(z.string()),
    /** Taken out of the public tutor directory (functions/repositories/tutor-directory.ts) by the school. */
    directoryHidden: z.optional(z.boolean()),
    /**
     * When the account was deleted (profile.deleteAccount): the record stays, anonymised, so lessons and
     * feedback keep a name to show; it is in no index and no session of it is accepted.
     */
    deletedAt: z.optional(z.string()),
  },
);
export type UserRecord = z.infer<typeof userRecordSchema>;

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
  return countWrite(tenant, `USERTYPE#${type}`, delta);
}

/**
 * The tenant's admin accounts (type `admin`: admin-users' fittingRole gives an admin account an admin,
 * back-office, role and no other account one, and a role's type cannot change while accounts hold it, see
 * functions/roles/handler.ts) are counted in one counter, moved in the transaction of every user write that
 * makes or unmakes an admin: creation, a type change, removal, anonymisation. The mark `adminCounted` on the
 * user says it is in the count, so the count moves once per user; a user stored before the count is counted
 * by indexUserAsAdmin (the seed on start, the backfill, and deleteOwnAccount before it reads the count).
 * Every decrement is conditional on the count staying at least 1 (adminCountWrite): no write leaves a school
 * without an admin, however concurrent (two last admins deleting themselves at once leave one).
 */
const ADMIN_COUNT = 'USERTYPE#admin';
const ADMIN_COUNTED = 'adminCounted';

const isAdminAccount = (user: Pick<UserRecord, 'type'> & Partial<Pick<UserRecord, 'deletedAt'>>) =>
  user.type === 'admin' && !user.deletedAt;

/**
 * Moves the admin count: up by ADD, down on the condition that another admin stays (a failed condition is
 * the caller's "last admin" refusal, found by the item's index in the transaction: isAdminCountWrite).
 */
export function adminCountWrite(tenant: string, delta: 1 | -1): TransactItem {
  const write = countWrite(tenant, ADMIN_COUNT, delta);
  if (delta > 0 || !write.Update) return write;
  return {
    Update: {
      ...write.Update,
      ConditionExpression: '#count > :one',
      ExpressionAttributeValues: { ...write.Update.ExpressionAttributeValues, ':one': 1 },
    },
  };
}

/** Whether a transaction item is the admin count's guarded decrement (to name its failure). */
export function isAdminCountDecrement(tenant: string, item: TransactItem): boolean {
  const key = counters.key(tenant, { name: ADMIN_COUNT });
  return (
    item.Update?.ConditionExpression === '#count > :one' &&
    item.Update.Key?.pk === key.pk &&
    item.Update.Key?.sk === key.sk
  );
}

/** How many admin accounts the tenant has (the maintained count). */
export function countAdminAccounts(tenant: string): Promise<number> {
  return readCount(tenant, ADMIN_COUNT);
}

/** Students and tutors are listed per type in name order (gsi2); admins and guests are not in pickers. */
function directoryKeys(
  tenant: string,
  user: Pick<UserRecord, '_id' | 'type' | 'firstname' | 'lastname' | 'email'> &
    Partial<Pick<UserRecord, 'deletedAt'>>,
) {
  if (!isDirectoryType(user.type) || user.deletedAt) return {};
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
  // A deleted account is in no index: not counted for its role, not in the directory or pickers.
  indexes: (tenant, user) =>
    user.deletedAt
      ? {}
      : {
          gsi1pk: keys.usersOfRoleIndex(tenant, user.roleId),
          gsi1sk: user._id,
          ...directoryKeys(tenant, user),
        },
});

/** A user item read with the rest of their profile (functions/repositories/profiles.ts). */
export const userEntityName = users.name;
export const parseUserItem = users.parse;

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
  Partial<Pick<UserRecord, '_id' | 'timezone' | 'userMapperId' | 'phone' | 'country' | 'level' | 'gender'>>;

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

/** The user's item as created: counted in the directory and carrying its list entries. */
const createdUser = (user: UserRecord): UserRecord => ({
  ...user,
  ...(isDirectoryType(user.type) ? { directoryCounted: true } : {}),
  ...(isAdminAccount(user) ? { adminCounted: true } : {}),
  ...userListStamp,
});

/**
 * The writes that create a user: the e-mail claim (index 0, fails when taken), the profile, its directory
 * count, and its entries and counts of the admin Users list (user-list-index.ts).
 */
export function newUserWrites(tenant: string, user: UserRecord): TransactItem[] {
  return [
    emailClaims.putWrite(tenant, { email: user.email, userId: user._id }, 'absent'),
    users.putWrite(tenant, createdUser(user), 'absent'),
    ...(isDirectoryType(user.type) ? [directoryCount(tenant, user.type, 1)] : []),
    ...(isAdminAccount(user) ? [adminCountWrite(tenant, 1)] : []),
    ...userListWrites(tenant, undefined, user),
    ...tutorDirectoryWrites(tenant, undefined, user),
  ];
}

/**
 * The items newUserWrites writes for many new users, as plain items with their counters summed, for a
 * bulk load into a tenant that has no users yet (the benchmark seeds 50,000 this way).
 */
export function newUsersSeedItems(
  tenant: string,
  records: readonly UserRecord[],
): Array<Record<string, unknown>> {
  const counts = new Map<string, number>();
  const items: Array<Record<string, unknown>> = [];
  for (const user of records) {
    items.push(emailClaims.item(tenant, { email: user.email, userId: user._id }));
    items.push(users.item(tenant, createdUser(user)));
    if (isDirectoryType(user.type)) {
      counts.set(`USERTYPE#${user.type}`, (counts.get(`USERTYPE#${user.type}`) ?? 0) + 1);
    }
    if (isAdminAccount(user)) counts.set(ADMIN_COUNT, (counts.get(ADMIN_COUNT) ?? 0) + 1);
  }
  for (const item of userListSeedItems(tenant, records)) items.push(item);
  for (const [name, count] of counts) items.push(counters.item(tenant, { name, count }));
  return items;
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
            Key: users.key(tenant, user),
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
 * Counts an admin account stored before the admin count existed (the seed on start, the backfill, and
 * deleteOwnAccount call it): the mark and the count move together, on the condition that the mark is
 * absent and the account is still an admin, so it is counted once however often it runs. False when there
 * was nothing to count (not an admin, counted already, or changed meanwhile).
 */
export async function indexUserAsAdmin(tenant: string, user: UserRecord): Promise<boolean> {
  if (!isAdminAccount(user) || user.adminCounted === true) return false;
  try {
    await writeTransaction(
      [
        {
          Update: {
            TableName: tableName(),
            Key: users.key(tenant, user),
            UpdateExpression: 'SET #admin = :yes',
            ConditionExpression:
              'attribute_exists(pk) AND #type = :type AND attribute_not_exists(deletedAt) AND attribute_not_exists(#admin)',
            ExpressionAttributeNames: { '#type': 'type', '#admin': ADMIN_COUNTED },
            ExpressionAttributeValues: { ':type': 'admin', ':yes': true },
          },
        },
        adminCountWrite(tenant, 1),
      ],
      () => new ConflictError('Already counted'),
    );
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
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
  const counted = user.directoryCounted === true;
  const adminCounted = user.adminCounted === true;
  const admin = isAdminAccount({ ...user, type });
  const guard = userListGuard(user);
  const set = ['#type = :type', 'updatedAt = :now', '#listed = :listed'];
  const remove: string[] = [];
  if (indexed) set.push('gsi2pk = :pk', 'gsi2sk = :sk', '#counted = :yes');
  else remove.push('gsi2pk', 'gsi2sk', '#counted');
  if (admin) set.push('#admin = :yes');
  else remove.push('#admin');
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: users.key(tenant, user),
        UpdateExpression: `SET ${set.join(', ')}${remove.length > 0 ? ` REMOVE ${remove.join(', ')}` : ''}`,
        ConditionExpression: [
          'attribute_exists(pk) AND #type = :was',
          counted ? '#counted = :yes' : 'attribute_not_exists(#counted)',
          adminCounted ? '#admin = :yes' : 'attribute_not_exists(#admin)',
          `(${guard.expression})`,
        ].join(' AND '),
        ExpressionAttributeNames: {
          '#type': 'type',
          '#counted': DIRECTORY_COUNTED,
          '#admin': ADMIN_COUNTED,
          '#listed': 'userListed',
          ...guard.names,
        },
        ExpressionAttributeValues: {
          ':type': type,
          ':was': user.type,
          ':now': new Date().toISOString(),
          ':listed': userListStamp.userListed,
          ...guard.values,
          ...(indexed || counted || admin || adminCounted ? { ':yes': true } : {}),
          ...(indexed ? { ':pk': directory.gsi2pk, ':sk': directory.gsi2sk } : {}),
        },
      },
    },
    ...(counted && isDirectoryType(user.type) ? [directoryCount(tenant, user.type, -1)] : []),
    ...(isDirectoryType(type) ? [directoryCount(tenant, type, 1)] : []),
    // An admin who is no longer one leaves the count, never its last place.
    ...(adminCounted && !admin ? [adminCountWrite(tenant, -1)] : []),
    ...(admin && !adminCounted ? [adminCountWrite(tenant, 1)] : []),
    ...userListWrites(tenant, user, { ...user, type }),
    ...tutorDirectoryWrites(tenant, user, { ...user, type }),
  ];
  await writeTransaction(items, (index) => {
    const failed = items[index];
    return failed && isAdminCountDecrement(tenant, failed)
      ? new ConflictError('The school must keep at least one admin account')
      : new ConflictError('This account was changed meanwhile. Please try again.');
  });
}

/** The Put replacing a user as read: on the condition that it is unchanged and has the list entries it had. */
function guardedUserPut(tenant: string, before: UserRecord, record: UserRecord): TransactItem {
  const guard = userGuard(before);
  const put = users.putWrite(tenant, record, { unchangedSince: before.updatedAt });
  if (!put.Put) throw new Error('A user is replaced by a Put');
  return {
    Put: {
      ...put.Put,
      ConditionExpression: `(${put.Put.ConditionExpression}) AND (${guard.expression})`,
      ExpressionAttributeNames: { ...put.Put.ExpressionAttributeNames, ...guard.names },
      ExpressionAttributeValues: { ...put.Put.ExpressionAttributeValues, ...guard.values },
    },
  };
}

/**
 * The user still has the marks it was read with (its list entries, its place in the admin count): the
 * backfills set them without changing `updatedAt`, and a write built on the read moves what it had.
 */
function userGuard(before: UserRecord): Required<Condition> {
  const list = userListGuard(before);
  const counted = before.adminCounted === true;
  return {
    expression: `(${list.expression}) AND ${counted ? '#adminCounted = :adminCounted' : 'attribute_not_exists(#adminCounted)'}`,
    names: { ...list.names, '#adminCounted': ADMIN_COUNTED },
    values: { ...list.values, ...(counted ? { ':adminCounted': true } : {}) },
  };
}

/**
 * The writes that replace a user as read (`before`) by `after` (same id, type and e-mail: setUserType and
 * the e-mail claim move those): the user's Put on the condition that it is unchanged since it was read
 * and still has the list entries it was read with, and the list's entry and counter moves. For an update
 * path that rewrites the whole record (a profile or role change); one that updates attributes joins
 * userListGuard and userListStamp to its own write instead.
 */
export function replaceUserWrites(tenant: string, before: UserRecord, after: UserRecord): TransactItem[] {
  // The type stays, so the admin count does not move: the record keeps the mark it was read with.
  const { adminCounted: _mark, ...rest } = after;
  const record = before.adminCounted === true ? { ...rest, adminCounted: true } : rest;
  return [
    guardedUserPut(tenant, before, { ...record, ...userListStamp }),
    ...userListWrites(tenant, before, after),
  ];
}

/**
 * The writes that remove a user as read: the record (unchanged since read, with the list entries it was
 * read with), its e-mail claim, its directory count and its list entries and counts. An anonymising
 * deletion that keeps the record uses replaceUserWrites with the anonymised record instead.
 */
export function removeUserWrites(tenant: string, before: UserRecord): TransactItem[] {
  const guard = userGuard(before);
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: users.key(tenant, before),
        ConditionExpression: `attribute_exists(pk) AND updatedAt = :read AND (${guard.expression})`,
        ExpressionAttributeNames: guard.names,
        ExpressionAttributeValues: { ':read': before.updatedAt, ...guard.values },
      },
    },
    emailClaims.deleteWrite(tenant, { email: before.email }),
    ...(before.directoryCounted === true && isDirectoryType(before.type)
      ? [directoryCount(tenant, before.type, -1)]
      : []),
    ...(before.adminCounted === true ? [adminCountWrite(tenant, -1)] : []),
    ...userListWrites(tenant, before, undefined),
    ...tutorDirectoryWrites(tenant, before, undefined),
  ];
}

/** The levels of the grades a tutor teaches, as the dropdown keys them (one each, in a stable order). */
export function teachingLevelsOf(subjects: ReadonlyArray<{ grade: string }>): string[] {
  return [
    ...new Set(subjects.map((subject) => levelKey(subject.grade)).filter((level) => level !== '')),
  ].sort();
}

/**
 * The writes that give a user (as read) the teaching levels of their availability, for the availability's
 * transaction: a check that the user is as read when they hold them already; else the user replaced as
 * read (replaceUserWrites), which moves the dropdown's level entries and counts. Either fails when the
 * user changed meanwhile (read both again). None for an unknown or deleted account.
 */
export function teachingLevelsWrites(
  tenant: string,
  user: UserRecord | undefined,
  subjects: ReadonlyArray<{ grade: string }>,
): TransactItem[] {
  if (!user || user.deletedAt) return [];
  const levels = teachingLevelsOf(subjects);
  if (JSON.stringify(levels) === JSON.stringify(user.teachingLevels ?? [])) {
    // Held as read: a concurrent save that changes them makes this one read again.
    return [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: users.key(tenant, user),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
          ExpressionAttributeValues: { ':read': user.updatedAt },
        },
      },
    ];
  }
  const { teachingLevels: _was, ...rest } = user;
  const after: UserRecord = {
    ...rest,
    ...(levels.length > 0 ? { teachingLevels: levels } : {}),
    updatedAt: new Date().toISOString(),
  };
  return replaceUserWrites(tenant, user, after);
}

/**
 * Writes the admin list's entries and counts of a user stored before them (the backfill calls it), on
 * the condition that nobody listed or changed the user meanwhile: false when that happened (read it again).
 */
export async function indexUserInList(tenant: string, user: UserRecord): Promise<boolean> {
  if (user.userListed === userListStamp.userListed) return true;
  try {
    await writeTransaction(
      [
        {
          Update: {
            TableName: tableName(),
            Key: users.key(tenant, user),
            UpdateExpression: 'SET #listed = :listed',
            ConditionExpression:
              'attribute_exists(pk) AND attribute_not_exists(#listed) AND updatedAt = :read',
            ExpressionAttributeNames: { '#listed': 'userListed' },
            ExpressionAttributeValues: { ':listed': userListStamp.userListed, ':read': user.updatedAt },
          },
        },
        ...userListWrites(tenant, undefined, user),
      ],
      () => new ConflictError('Changed meanwhile'),
    );
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/** Every user of a role (a one-off job's read: the backfill of the admin list). */
export function usersOfRole(tenant: string, roleId: string): Promise<UserRecord[]> {
  return users.query({ index: 'gsi1', partition: keys.usersOfRoleIndex(tenant, roleId) });
}

export interface DirectoryEntry extends Pick<UserRecord, '_id' | 'firstname' | 'lastname' | 'email'> {
  type: DirectoryUserType;
}

/** What a picker reads of a user (never the password hash), and its place in the directory. */
const directoryItemSchema = z.extend(
  z.pick(userRecordSchema, { _id: true, firstname: true, lastname: true, email: true }),
  { gsi2sk: z.string() },
);

/**
 * A search reads at most this many users per type: enough for any tenant's tutors and the students one
 * looks for by name, and it keeps a search that matches nothing from reading a whole large partition.
 */
const DIRECTORY_READ_LIMIT = 2000;

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
  // One past `max` tells whether more follow.
  const read = await queryProjected(directoryItemSchema, {
    index: 'gsi2',
    partition: keys.usersOfTypeIndex(tenant, type),
    limit: max + 1,
  });
  const found = read
    .slice(0, max)
    .map(({ gsi2sk: key, ...user }) => ({ ...user, type, key }))
    .filter((entry) => keep(entry.key));
  return { found, more: read.length > max };
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

/** Every student or tutor of the directory (a one-off job's read: the backfill of its counters). */
export function directoryUsers(tenant: string, type: DirectoryUserType): Promise<UserRecord[]> {
  return users.query({ index: 'gsi2', partition: keys.usersOfTypeIndex(tenant, type) });
}

/** How many students or tutors the directory holds (the maintained counter). */
function countDirectory(tenant: string, type: DirectoryUserType): Promise<number> {
  return readCount(tenant, `USERTYPE#${type}`);
}

/**
 * Changes what places a user in the public tutor directory (their country, the school's hidden mark) on the
 * user as read: the user's write is conditional on that read, and the directory's entry and counts move in
 * the same transaction. A change meanwhile is a 409.
 */
export async function updateDirectoryFields(
  tenant: string,
  user: UserRecord,
  change: { country?: string; directoryHidden?: boolean },
): Promise<UserRecord> {
  const { record, items, refused } = replaceAccountWrites(tenant, user, { ...user, ...change });
  await writeTransaction(items, refused);
  return record;
}

const sortableTutorSchema = z.pick(userRecordSchema, {
  _id: true,
  firstname: true,
  lastname: true,
  country: true,
  directoryHidden: true,
});

/** Every tutor in name order (up to the directory's read bound), with what the sorting screen shows. */
export function tutorsByName(tenant: string): Promise<Array<z.infer<typeof sortableTutorSchema>>> {
  return queryProjected(sortableTutorSchema, {
    index: 'gsi2',
    partition: keys.usersOfTypeIndex(tenant, 'tutor'),
    limit: DIRECTORY_READ_LIMIT,
  });
}

const changedMeanwhile = () => new ConflictError('This account was changed meanwhile. Please try again.');

/**
 * The writes that replace an account read as `before` by `after`, for one transaction: the record with its
 * admin Users list entries (replaceUserWrites: on the condition that it is as read; its index keys follow
 * from the record, so a new role moves it in the users-of-role index, a new name in the directory), and,
 * when the e-mail changes, the old claim released (still this user's) and the new one claimed (absent).
 * `refused` names what a failed condition means.
 */
export function replaceAccountWrites(
  tenant: string,
  before: UserRecord,
  after: UserRecord,
): { record: UserRecord; items: TransactItem[]; refused: (index: number) => ConflictError } {
  const record = { ...after, updatedAt: new Date().toISOString() };
  const items: TransactItem[] = replaceUserWrites(tenant, before, record);
  const claimAt = after.email !== before.email ? items.length + 1 : undefined;
  if (after.email !== before.email) {
    items.push(
      releaseEmailWrite(tenant, before),
      emailClaims.putWrite(tenant, { email: after.email, userId: after._id }, 'absent'),
    );
  }
  // The tutor directory's entry and counts move with a new name, country or type.
  items.push(...tutorDirectoryWrites(tenant, before, record));
  return {
    record,
    items,
    refused: (index) => (claimAt !== undefined && index === claimAt ? emailTaken() : changedMeanwhile()),
  };
}

/** Releases the user's e-mail claim (on the condition that it is still theirs). */
function releaseEmailWrite(tenant: string, user: Pick<UserRecord, '_id' | 'email'>): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: emailClaims.key(tenant, { email: user.email }),
      ConditionExpression: 'userId = :user',
      ExpressionAttributeValues: { ':user': user._id },
    },
  };
}

/** The name a deleted account shows wherever its id stays (lessons, feedback, lesson history). */
export const DELETED_USER_NAME = { firstname: 'Deleted', lastname: 'user' } as const;

/**
 * The writes that delete an account by anonymising it: the record keeps its id under the name "Deleted
 * user", with no e-mail address, an unusable password (no hash verifies against it) and every session
 * ended (passwordChangedAt now, and `deletedAt`, which sessionOf refuses); its e-mail claim is released
 * (the address can sign up again) and it leaves every index and its type's directory count.
 */
export function anonymiseUserWrites(tenant: string, user: UserRecord): TransactItem[] {
  const now = new Date().toISOString();
  const {
    phone: _phone,
    country: _country,
    level: _level,
    teachingLevels: _levels,
    gender: _gender,
    timezone: _timezone,
    billingEmail: _billingEmail,
    userMapperId: _mapper,
    directoryCounted: _counted,
    adminCounted: _admin,
    rateStudentType: _rateType,
    rateStudentTypeAssignedAt: _rateTypeAt,
    ...kept
  } = user;
  const anonymised: UserRecord = {
    ...kept,
    ...DELETED_USER_NAME,
    email: `deleted-${user._id}@deleted.invalid`,
    passwordHash: 'deleted',
    passwordChangedAt: now,
    deletedAt: now,
    updatedAt: now,
  };
  // It leaves the admin Users list too: its entries go, on the condition that it has the ones it was read
  // with, and it keeps no list marker (nothing lists it again).
  const { userListed: _listed, ...unlisted } = anonymised;
  return [
    guardedUserPut(tenant, user, unlisted),
    releaseEmailWrite(tenant, user),
    ...tutorDirectoryWrites(tenant, user, undefined),
    ...(user.directoryCounted && isDirectoryType(user.type) ? [directoryCount(tenant, user.type, -1)] : []),
    // An admin leaves the admin count on the condition that another admin stays (isAdminCountDecrement).
    ...(user.adminCounted === true ? [adminCountWrite(tenant, -1)] : []),
    ...userListWrites(tenant, user, undefined),
    // Its rate student type counts it no more (the type can be deleted once nobody holds it).
    ...rateTypeAssignmentWrites(
      tenant,
      collections.oneToOneTutorRateStudentTypes,
      user.rateStudentType,
      undefined,
    ),
  ];
}

/**
 * Points a user at a parent's user-mapper, or (mapperId undefined) at none. A child has one parent, held
 * here: linking succeeds only when the child points at no mapper or at this one already, and only for a
 * live account of the `type` asked (a parent's children are students).
 */
export function linkUserWrite(
  tenant: string,
  userId: string,
  link: { mapperId: string; type: UserType } | { unlinkFrom: string },
): TransactItem {
  if ('unlinkFrom' in link) {
    return {
      Update: {
        TableName: tableName(),
        Key: users.key(tenant, { _id: userId }),
        UpdateExpression: 'REMOVE userMapperId SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND userMapperId = :mapper',
        ExpressionAttributeValues: { ':mapper': link.unlinkFrom, ':now': new Date().toISOString() },
      },
    };
  }
  return {
    Update: {
      TableName: tableName(),
      Key: users.key(tenant, { _id: userId }),
      UpdateExpression: 'SET userMapperId = :mapper, updatedAt = :now',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(deletedAt) AND #type = :type AND (attribute_not_exists(userMapperId) OR userMapperId = :mapper)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':mapper': link.mapperId,
        ':type': link.type,
        ':now': new Date().toISOString(),
      },
    },
  };
}

/** A condition in a transaction: the user exists and is not deleted (a profile part is written to it). */
export function liveUserCheck(tenant: string, userId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: users.key(tenant, { _id: userId }),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
    },
  };
}
