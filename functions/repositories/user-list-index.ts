import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import { directorySearchKey, directoryUserTypes } from '../../shared/rules/user-directory';
import {
  emailSortKey,
  levelKey,
  nameSortKey,
  searchKeysOf,
  type UserSearchOption,
  userSearchOptions,
} from '../../shared/rules/user-list';
import type { UserType } from '../../shared/schemas/user';
import type { Condition } from '../crud/list-index';
import { tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { queryProjected } from '../table/projection';
import type { TransactItem } from '../table/transactions';

/**
 * The admin Users list and the dropdown's country and level filters, served from entries (pointers) kept
 * with every user write, never from a scan:
 *
 * - sort entries: a partition per filter set (none, role, country, role and country) and sort key (name,
 *   e-mail, created), keyed `<sort key>#<id>`: a filtered, sorted page is a keys-only skip and one read;
 * - search entries: a partition per search option (name, e-mail, phone), keyed `<search key>#<id>` and
 *   carrying the three sort keys, the role and the country, so a search is one prefix query of its
 *   matches (filtered, deduplicated, sorted as asked, counted exactly: its cost follows the matches);
 * - dropdown entries of students and tutors by type and country, type and level, or all three, in the
 *   directory's name order, carrying the picker's fields (a tutor is in one partition per level taught:
 *   dropdownLevels);
 * - a maintained count per partition of each filter set, moved in the same transaction (attributes of
 *   one item per shard of users: a user's write moves its counts in one Update).
 *
 * The user's own write carries the marker `userListed` and the guard (userListGuard), so an online
 * backfill and a live write never list a user twice.
 */
export const USER_LIST_COLLECTION = 'USERS';
export const USER_LIST_VERSION = 1;

/** What the list reads of a user (a user record has all of it). */
export interface ListedUser {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  type: UserType;
  roleId: string;
  createdAt: string;
  phone?: string | undefined;
  country?: string | undefined;
  level?: string | undefined;
  /** A tutor's teaching levels (users.ts teachingLevelsOf: the grades of their availability's subjects). */
  teachingLevels?: string[] | undefined;
  userListed?: number | undefined;
}

export const listFilterSets = ['all', 'role', 'country', 'role-country'] as const;
export type ListFilterSet = (typeof listFilterSets)[number];
export const listSortKeys = ['name', 'email', 'createdAt'] as const;
export type ListSortKey = (typeof listSortKeys)[number];
export const dropdownFilterSets = ['country', 'level', 'country-level'] as const;
export type DropdownFilterSet = (typeof dropdownFilterSets)[number];

/** A user's values for a filter set; undefined when the user is not in any of its partitions. */
function listFilterValues(set: ListFilterSet, user: ListedUser): string[] | undefined {
  const country = user.country ? user.country.toUpperCase() : undefined;
  if (set === 'all') return [];
  if (set === 'role') return [user.roleId];
  if (!country) return undefined;
  return set === 'country' ? [country] : [user.roleId, country];
}

/**
 * The levels the dropdown finds a user by (spec 002 "GET dropdown", `level`): a student's is their own
 * level; a tutor's are the levels they teach, the grades of their availability's subjects (as the tutor
 * directory finds them by grade), kept on the tutor's record by the availability's write. A level set on a
 * tutor's own record stays one of them, so the entries written before teaching levels counted still
 * follow from the record.
 */
export function dropdownLevels(user: Pick<ListedUser, 'type' | 'level' | 'teachingLevels'>): string[] {
  const own = levelKey(user.level);
  const levels = user.type === 'tutor' ? [own, ...(user.teachingLevels ?? []).map(levelKey)] : [own];
  return [...new Set(levels.filter((level) => level !== ''))];
}

/** A user's values of each partition of a dropdown filter set they are in (none: in no partition of it). */
function dropdownFilterValues(set: DropdownFilterSet, user: ListedUser): string[][] {
  if (!(directoryUserTypes as readonly string[]).includes(user.type)) return [];
  const country = user.country ? user.country.toUpperCase() : undefined;
  if (set === 'country') return country ? [[user.type, country]] : [];
  const levels = dropdownLevels(user);
  if (set === 'level') return levels.map((level) => [user.type, level]);
  return country ? levels.map((level) => [user.type, country, level]) : [];
}

export function sortValueOf(
  key: ListSortKey,
  user: Pick<ListedUser, 'firstname' | 'lastname' | 'email' | 'createdAt'>,
) {
  if (key === 'name') return nameSortKey(user);
  if (key === 'email') return emailSortKey(user);
  return user.createdAt;
}

/** The partition of a sorted list, a search or a dropdown filter (values URI-encoded by keys.listEntries). */
export const userListPartition = {
  sorted: (tenant: string, set: ListFilterSet, sort: ListSortKey, values: readonly string[]) =>
    keys.listEntries(tenant, USER_LIST_COLLECTION, `sort-${sort}.${set}`, values),
  search: (tenant: string, option: UserSearchOption) =>
    keys.listEntries(tenant, USER_LIST_COLLECTION, `search-${option}`, []),
  dropdown: (tenant: string, set: DropdownFilterSet, values: readonly string[]) =>
    keys.listEntries(tenant, USER_LIST_COLLECTION, `dropdown.${set}`, values),
};

/** The counter of a filter set's partition (the same for every sort and search of it). */
export const userListCounter = {
  list: (set: ListFilterSet, values: readonly string[]) =>
    ['USERS#LIST', set, ...values.map(encodeURIComponent)].join('#'),
  dropdown: (set: DropdownFilterSet, values: readonly string[]) =>
    ['USERS#DROPDOWN', set, ...values.map(encodeURIComponent)].join('#'),
};

/**
 * The counts are spread over this many items (a user's by its id), so that concurrent writes of different
 * users rarely lock one counter item; a total reads them all (one Query of small items).
 */
const COUNT_SHARDS = 32;

function countShardOf(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return String(hash % COUNT_SHARDS);
}

const userListCounts = defineEntity({
  name: 'userListCount',
  schema: z.object({ shard: z.string() }),
  keyAttributes: ['shard'],
  key: (tenant, count) => keys.userListCounts(tenant, count.shard),
});

/** Moves some counts of one shard's item (ADD, so concurrent writes add up). */
function countsUpdate(
  tenant: string,
  shard: string,
  moves: ReadonlyArray<readonly [string, number]>,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: userListCounts.key(tenant, { shard }),
      UpdateExpression: `SET #entity = :entity, #shard = :shard ADD ${moves.map((_, i) => `#c${i} :d${i}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#entity': userListCounts.name,
        '#shard': 'shard',
        ...Object.fromEntries(moves.map(([name], i) => [`#c${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':entity': userListCounts.name,
        ':shard': shard,
        ...Object.fromEntries(moves.map(([, delta], i) => [`:d${i}`, delta])),
      },
    },
  };
}

/** A partition's total: its counter summed over the shards. */
export async function readUserListCount(tenant: string, counter: string): Promise<number> {
  const shards = await queryProjected(z.object({ [counter]: z.optional(z.number()) }), {
    partition: keys.userListCounts(tenant, '').pk,
  });
  return shards.reduce((sum, shard) => sum + (shard[counter] ?? 0), 0);
}

/** A sort entry: the pointer alone (the page reads its users by id). */
export const userSortEntries = defineEntity({
  name: 'userListEntry',
  schema: z.object({ partition: z.string(), order: z.string(), ref: z.string() }),
  keyAttributes: ['partition', 'order', 'ref'],
  key: (_tenant, entry) => keys.listEntry(entry.partition, entry.order, entry.ref),
});

/** A search entry: the pointer and the sort keys a search's matches are ordered by. */
export const userSearchEntries = defineEntity({
  name: 'userSearchEntry',
  schema: z.object({
    partition: z.string(),
    order: z.string(),
    ref: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: z.string(),
    roleId: z.string(),
    country: z.optional(z.string()),
  }),
  keyAttributes: ['partition', 'order', 'ref'],
  key: (_tenant, entry) => keys.listEntry(entry.partition, entry.order, entry.ref),
});

/** A dropdown entry: the picker's fields, so a page needs no other read. */
export const userDropdownEntries = defineEntity({
  name: 'userDropdownEntry',
  schema: z.object({
    partition: z.string(),
    order: z.string(),
    ref: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    type: z.enum(directoryUserTypes),
  }),
  keyAttributes: ['partition', 'order', 'ref'],
  key: (_tenant, entry) => keys.listEntry(entry.partition, entry.order, entry.ref),
});

type StoredItem = Record<string, unknown> & { pk: string; sk: string };

/** Every entry item of a user, and the counters of the partitions it is in. */
function entriesOf(tenant: string, user: ListedUser): { items: StoredItem[]; counters: string[] } {
  const items: StoredItem[] = [];
  const counters: string[] = [];
  for (const set of listFilterSets) {
    const values = listFilterValues(set, user);
    if (!values) continue;
    counters.push(userListCounter.list(set, values));
    for (const sort of listSortKeys) {
      const partition = userListPartition.sorted(tenant, set, sort, values);
      items.push(userSortEntries.item(tenant, { partition, order: sortValueOf(sort, user), ref: user._id }));
    }
  }
  const country = user.country ? user.country.toUpperCase() : undefined;
  for (const option of userSearchOptions) {
    const partition = userListPartition.search(tenant, option);
    for (const order of searchKeysOf(option, user)) {
      items.push(
        userSearchEntries.item(tenant, {
          partition,
          order,
          ref: user._id,
          name: sortValueOf('name', user),
          email: sortValueOf('email', user),
          createdAt: user.createdAt,
          roleId: user.roleId,
          ...(country ? { country } : {}),
        }),
      );
    }
  }
  for (const set of dropdownFilterSets) {
    for (const values of dropdownFilterValues(set, user)) {
      counters.push(userListCounter.dropdown(set, values));
      const type = user.type === 'tutor' ? 'tutor' : 'student';
      items.push(
        userDropdownEntries.item(tenant, {
          partition: userListPartition.dropdown(tenant, set, values),
          order: directorySearchKey(user),
          ref: user._id,
          firstname: user.firstname,
          lastname: user.lastname,
          email: user.email,
          type,
        }),
      );
    }
  }
  return { items, counters };
}

const itemId = (item: StoredItem) => `${item.pk}|${item.sk}`;

/** Whether a stored user carries its list entries already. */
export const isUserListed = (user: ListedUser | undefined) => user?.userListed === USER_LIST_VERSION;

/**
 * The entry and counter writes that take a user from `before` to `after` (undefined: not there), for the
 * transaction of the user's own write: entries that stay the same are not rewritten, counters move only
 * for partitions the user enters or leaves. A `before` stored without the marker (before these lists)
 * has no entries to remove. The user's own write must carry `userListStamp` (when `after` is given) and
 * be joined with `userListGuard(before)` (see functions/crud/list-index.ts `withGuard` / `guarded`).
 */
export function userListWrites(
  tenant: string,
  before: ListedUser | undefined,
  after: ListedUser | undefined,
): TransactItem[] {
  const old = before && isUserListed(before) ? entriesOf(tenant, before) : { items: [], counters: [] };
  const next = after ? entriesOf(tenant, after) : { items: [], counters: [] };
  const writes: TransactItem[] = [];
  const kept = new Map(next.items.map((item) => [itemId(item), item]));
  const had = new Map(old.items.map((item) => [itemId(item), item]));
  for (const [id, item] of had) {
    if (!kept.has(id)) writes.push({ Delete: { TableName: tableName(), Key: { pk: item.pk, sk: item.sk } } });
  }
  for (const [id, item] of kept) {
    const was = had.get(id);
    if (was && JSON.stringify(was) === JSON.stringify(item)) continue;
    writes.push({ Put: { TableName: tableName(), Item: item } });
  }
  const oldCounters = new Set(old.counters);
  const newCounters = new Set(next.counters);
  const moves: Array<[string, number]> = [
    ...[...oldCounters].filter((name) => !newCounters.has(name)).map((name): [string, number] => [name, -1]),
    ...[...newCounters].filter((name) => !oldCounters.has(name)).map((name): [string, number] => [name, 1]),
  ];
  const userId = after?._id ?? before?._id;
  if (moves.length > 0 && userId) writes.push(countsUpdate(tenant, countShardOf(userId), moves));
  return writes;
}

/** The marker a user's item carries once its list entries are written. */
export const userListStamp = { userListed: USER_LIST_VERSION } as const;

/**
 * What the user's own write adds to its condition: the user still has the marker it was read with, so the
 * entries removed are the ones it has (a backfill in between marks it without changing `updatedAt`).
 */
export function userListGuard(before: ListedUser): Condition {
  return isUserListed(before)
    ? {
        expression: '#userListed = :userListed',
        names: { '#userListed': 'userListed' },
        values: { ':userListed': USER_LIST_VERSION },
      }
    : { expression: 'attribute_not_exists(#userListed)', names: { '#userListed': 'userListed' }, values: {} };
}

/**
 * The entry items of many new users and the shard items of their counts, for a bulk load into a tenant
 * with no users yet (users.ts `newUsersSeedItems`, the benchmark): the same entries userListWrites writes.
 */
export function userListSeedItems(tenant: string, users: readonly ListedUser[]): StoredItem[] {
  const items: StoredItem[] = [];
  const shards = new Map<string, Record<string, number>>();
  for (const user of users) {
    const entries = entriesOf(tenant, user);
    for (const item of entries.items) items.push(item);
    const shard = countShardOf(user._id);
    const counts = shards.get(shard) ?? {};
    for (const name of entries.counters) counts[name] = (counts[name] ?? 0) + 1;
    shards.set(shard, counts);
  }
  for (const [shard, counts] of shards) items.push({ ...userListCounts.item(tenant, { shard }), ...counts });
  return items;
}
