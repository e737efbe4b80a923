import { ttlCache } from '../lib/ttl-cache';
import { getUserMapper, type UserMapperRecord } from '../repositories/user-mappers';
import { getUser, getUsers, type UserRecord } from '../repositories/users';

/** The session asking: its user, and the linked account that switched into it, if any. */
export interface LinkedSession {
  user: UserRecord;
  switchedBy?: string;
}

export interface LinkedAccounts {
  mapper: UserMapperRecord;
  /** The session's own account first, then the accounts it may act for. */
  users: UserRecord[];
}

/** A user-mapper, and its accounts once a session that acts for them asks (read in one batch). */
interface MapperEntry {
  mapper: UserMapperRecord;
  users: () => Promise<UserRecord[]>;
}

/**
 * User-mappers are kept five seconds per container, each with its accounts once read: authUser is the most
 * frequent call and linked accounts change rarely.
 */
const mappers = ttlCache<MapperEntry | undefined>(5_000);

async function loadMapper(tenant: string, mapperId: string): Promise<MapperEntry | undefined> {
  const mapper = await getUserMapper(tenant, mapperId);
  if (!mapper) return undefined;
  let users: Promise<UserRecord[]> | undefined;
  return {
    mapper,
    users: () => {
      if (!users) {
        users = getUsers(tenant, mapper.userIds);
        users.catch(() => {
          users = undefined;
        });
      }
      return users;
    },
  };
}

export function clearLinkedAccountsCache(): void {
  mappers.clear();
}

/** The parent of a user-mapper: named on it, or (mappers made before it was) its first account. */
export function mapperParentId(mapper: UserMapperRecord): string | undefined {
  return mapper.parentId ?? mapper.userIds[0];
}

/**
 * The rule for linked accounts (a parent and their children on one user-mapper), in one place:
 * - the parent acts for every account of their mapper (reads it, switches into it);
 * - a session a parent opened by switching into a child's account acts for that parent only (to switch
 *   back), never for the child's siblings;
 * - a child signed in with their own password acts for nobody else.
 * Undefined when the session acts for no other account.
 */
export async function linkedAccounts(
  tenant: string,
  session: LinkedSession,
): Promise<LinkedAccounts | undefined> {
  const mapperId = session.user.userMapperId;
  if (!mapperId) return undefined;
  // Only a parent-type account is a mapper's parent (the admin's linking holds it): a child's own session,
  // the usual one, acts for nobody, known without reading the mapper.
  if (session.user.type !== 'parent' && session.switchedBy === undefined) return undefined;
  const found = await mappers.get(`${tenant}#${mapperId}`, () => loadMapper(tenant, mapperId));
  if (!found?.mapper.userIds.includes(session.user._id)) return undefined;
  const parentId = mapperParentId(found.mapper);
  const isParent = session.user._id === parentId;
  if (!isParent && (session.switchedBy === undefined || session.switchedBy !== parentId)) return undefined;
  const users = await found.users();
  const others = isParent
    ? users.filter((u) => u._id !== session.user._id)
    : users.filter((u) => u._id === parentId);
  if (others.length === 0) return undefined;
  return { mapper: found.mapper, users: [session.user, ...others] };
}

/** Whether the session may act for `userId` (another account) through their linked accounts. */
export async function mayActFor(tenant: string, session: LinkedSession, userId: string): Promise<boolean> {
  if (userId === session.user._id) return false;
  const linked = await linkedAccounts(tenant, session);
  return linked?.users.some((u) => u._id === userId) === true;
}

/** The user's parent: the parent of the user-mapper that lists them (a pointer alone links nobody). */
export async function parentOf(tenant: string, user: UserRecord): Promise<UserRecord | undefined> {
  if (!user.userMapperId) return undefined;
  const mapper = await getUserMapper(tenant, user.userMapperId);
  if (!mapper?.userIds.includes(user._id)) return undefined;
  const parentId = mapperParentId(mapper);
  return parentId && parentId !== user._id ? getUser(tenant, parentId) : undefined;
}
