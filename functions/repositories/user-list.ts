import * as z from 'zod/mini';
import { type DirectoryUserType, normalizeDirectorySearch } from '../../shared/rules/user-directory';
import { levelKey, type UserSearchOption } from '../../shared/rules/user-list';
import { keyConditionQuery } from '../table/entity';
import { queryProjected } from '../table/projection';
import { countItems, queryItems, skipItems } from '../table/query';
import {
  type DropdownFilterSet,
  type ListFilterSet,
  type ListSortKey,
  readUserListCount,
  userDropdownEntries,
  userListCounter,
  userListPartition,
  userSearchEntries,
  userSortEntries,
} from './user-list-index';
import { type DirectoryEntry, getUsers, type UserRecord } from './users';

export interface UserListRequest {
  limit: number;
  offset: number;
  role?: string | undefined;
  country?: string | undefined;
  sortKey: ListSortKey;
  descending: boolean;
  /** A search: its option and the prefix of the option's keys (shared/rules/user-list.ts `searchPrefix`). */
  search?: { option: UserSearchOption; prefix: string } | undefined;
}

/** The filter set and its values of a request's filters. */
function filterOf(request: Pick<UserListRequest, 'role' | 'country'>): {
  set: ListFilterSet;
  values: string[];
} {
  const country = request.country?.toUpperCase();
  if (request.role && country) return { set: 'role-country', values: [request.role, country] };
  if (request.role) return { set: 'role', values: [request.role] };
  if (country) return { set: 'country', values: [country] };
  return { set: 'all', values: [] };
}

/** The users behind a page of ids, in that order (an entry whose user is gone meanwhile is left out). */
async function usersOf(tenant: string, ids: string[]): Promise<UserRecord[]> {
  return getUsers(tenant, ids);
}

/**
 * A page of the admin Users list, from the entries of user-list-index.ts, never a scan:
 *
 * - filtered (role, country, both or none) and sorted: a keys-only skip to the offset in the partition of
 *   the filters and sort key, one read of the page's pointers and one batched read of its users; the
 *   total is the partition's maintained counter. The cost follows offset + limit, not the tenant's size.
 * - searched: one prefix query of the option's search partition (its matches only: the entries are small
 *   and carry the sort keys, role and country), filtered, deduplicated (a name matches by its first or its
 *   last name), sorted as asked and counted exactly; then the page's users. The cost follows the number of
 *   the tenant's matches of the prefix, not the partition's size: the prefix is read as a key range
 *   (entity.ts prefixRange), which DynamoDB Local reads from its index, where `begins_with` read the whole
 *   partition (~100,000 entries at 50,000 users: 105 ms a search). Sharding the partition was not needed.
 */
export async function listUserPage(
  tenant: string,
  request: UserListRequest,
): Promise<{ totalDocs: number; users: UserRecord[] }> {
  const { set, values } = filterOf(request);
  const { limit, offset, search } = request;
  if (!search) {
    const input = keyConditionQuery({
      partition: userListPartition.sorted(tenant, set, request.sortKey, values),
      descending: request.descending,
    });
    const [totalDocs, ids] = await Promise.all([
      readUserListCount(tenant, userListCounter.list(set, values)),
      skipItems(input, offset).then(async (startKey) =>
        startKey === null
          ? []
          : (await queryItems(input, limit, startKey)).map((item) => userSortEntries.parse(item).ref),
      ),
    ]);
    return { totalDocs, users: await usersOf(tenant, ids) };
  }
  // The filters are checked on the matches (their entries carry the role and country): the search
  // partition is one per option, so a user has 4 search entries rather than 4 per filter set.
  const country = request.country?.toUpperCase();
  const matches = await queryProjected(
    z.pick(userSearchEntries.schema, {
      ref: true,
      name: true,
      email: true,
      createdAt: true,
      roleId: true,
      country: true,
    }),
    {
      partition: userListPartition.search(tenant, search.option),
      sortKey: { beginsWith: search.prefix },
    },
  );
  const unique = new Map(
    matches
      .filter(
        (entry) =>
          (!request.role || entry.roleId === request.role) && (!country || entry.country === country),
      )
      .map((entry) => [entry.ref, entry]),
  );
  const direction = request.descending ? -1 : 1;
  const sorted = [...unique.values()].sort((a, b) => {
    const key = request.sortKey;
    const byKey = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
    return direction * (byKey || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  });
  const ids = sorted.slice(offset, offset + limit).map((entry) => entry.ref);
  return { totalDocs: unique.size, users: await usersOf(tenant, ids) };
}

/** The filter set and values of the dropdown's filters for one type; undefined without a filter. */
function dropdownFilterOf(
  type: DirectoryUserType,
  filters: { country?: string | undefined; level?: string | undefined },
): { set: DropdownFilterSet; values: string[] } | undefined {
  const country = filters.country?.toUpperCase();
  const level = levelKey(filters.level) || undefined;
  if (country && level) return { set: 'country-level', values: [type, country, level] };
  if (country) return { set: 'country', values: [type, country] };
  if (level) return { set: 'level', values: [type, level] };
  return undefined;
}

/** As listDirectoryUsers (users.ts) reads at most this many users of a type for a name search. */
const DROPDOWN_READ_LIMIT = 2000;

const dropdownItemSchema = z.pick(userDropdownEntries.schema, {
  order: true,
  ref: true,
  firstname: true,
  lastname: true,
  email: true,
  type: true,
});

/**
 * The dropdown filtered by country and/or level (spec 002 "GET dropdown"), with the same answer as the
 * unfiltered one (listDirectoryUsers): students and/or tutors in name order, each type's filtered
 * partition read in order (offset + limit of each, merged) with its maintained counter as the total; with
 * a name, at most DROPDOWN_READ_LIMIT users of each partition are matched and the page says so
 * (`partial`) when there were more.
 */
export async function listFilteredDirectoryUsers(
  tenant: string,
  types: DirectoryUserType[],
  query: {
    name?: string | undefined;
    country?: string | undefined;
    level?: string | undefined;
    limit: number;
    offset: number;
  },
): Promise<{ totalDocs: number; docs: DirectoryEntry[]; partial?: { scanned: number } }> {
  const search = normalizeDirectorySearch(query.name);
  const partitions = types.flatMap((type) => {
    const filter = dropdownFilterOf(type, query);
    return filter ? [{ type, ...filter }] : [];
  });
  const read = (partition: (typeof partitions)[number], max: number) =>
    queryProjected(dropdownItemSchema, {
      partition: userListPartition.dropdown(tenant, partition.set, partition.values),
      limit: max + 1,
    });
  const page = (found: Array<z.infer<typeof dropdownItemSchema>>) =>
    found
      .sort((a, b) => a.order.localeCompare(b.order))
      .slice(query.offset, query.offset + query.limit)
      .map(({ ref, firstname, lastname, email, type }) => ({ _id: ref, firstname, lastname, email, type }));
  if (!search) {
    const max = query.offset + query.limit;
    const [reads, counts] = await Promise.all([
      Promise.all(partitions.map((partition) => read(partition, max))),
      Promise.all(
        partitions.map((partition) =>
          readUserListCount(tenant, userListCounter.dropdown(partition.set, partition.values)),
        ),
      ),
    ]);
    return {
      totalDocs: counts.reduce((sum, count) => sum + count, 0),
      docs: page(reads.flatMap((found) => found.slice(0, max))),
    };
  }
  const reads = await Promise.all(partitions.map((partition) => read(partition, DROPDOWN_READ_LIMIT)));
  const found = reads.flatMap((entries) =>
    entries.slice(0, DROPDOWN_READ_LIMIT).filter((entry) => entry.order.includes(search)),
  );
  return {
    totalDocs: found.length,
    docs: page(found),
    ...(reads.some((entries) => entries.length > DROPDOWN_READ_LIMIT)
      ? { partial: { scanned: DROPDOWN_READ_LIMIT } }
      : {}),
  };
}

/** How many entries a partition holds by counting its keys (tests check the counters against it). */
export function countPartitionKeys(partition: string): Promise<number> {
  return countItems(keyConditionQuery({ partition }));
}
