import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { clearLinkedAccountsCache, mapperParentId } from '../access/linked-accounts';
import { forgetCachedUser } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import { eventWrite } from '../repositories/outbox';
import { readProfile } from '../repositories/profiles';
import { getUserMapper, linkChildren } from '../repositories/user-mappers';
import {
  anonymiseUserWrites,
  countAdminAccounts,
  getUser,
  indexUserAsAdmin,
  isAdminCountDecrement,
  type UserRecord,
} from '../repositories/users';
import { writeTransaction } from '../table/transactions';

const changedMeanwhile = () => new ConflictError('This account was changed meanwhile. Please try again.');
const lastAdmin = () =>
  new ConflictError(
    "You are the school's last admin: give another account an admin role before deleting yours",
  );

/** Takes the account out of its user-mapper: a parent's children are unlinked, a child leaves its parent's. */
async function leaveUserMapper(tenant: string, user: UserRecord): Promise<void> {
  if (!user.userMapperId) return;
  const mapper = await getUserMapper(tenant, user.userMapperId);
  if (!mapper?.userIds.includes(user._id)) return;
  const parentId = mapperParentId(mapper);
  const parent = parentId === user._id ? user : parentId ? await getUser(tenant, parentId) : undefined;
  if (!parent) return;
  const children = mapper.userIds.filter((id) => id !== parent._id && id !== user._id);
  const touched = await linkChildren(tenant, parent, parent === user ? [] : children, changedMeanwhile);
  clearLinkedAccountsCache();
  for (const id of touched) forgetCachedUser(tenant, id);
}

/**
 * Deletes the caller's own account (profile.deleteAccount): anonymised, not removed, so that what others
 * need keeps its id (lessons taught, feedback, lesson history show "Deleted user"). The account leaves its
 * user-mapper, then in one transaction the record is anonymised (no e-mail, an unusable password, every
 * session ended), its e-mail claim released, its directory count moved and the UserDeleted event written;
 * that event's consumer (functions/account-cleanup) removes the profile's items and a tutor's availability
 * and renames the copies of the name that feedback and lesson history keep. The tenant's last admin cannot
 * leave this way (409): a school must keep someone who can run it. The database holds that: an admin
 * account leaves the tenant's admin count in the same transaction, on the condition that the count stays
 * at least 1 (users.ts adminCountWrite), so of two last admins deleting themselves at once one stays.
 * The count is read first only to refuse early, before the user-mapper is touched.
 */
export async function deleteOwnAccount(tenant: string, caller: Caller): Promise<{ _id: string }> {
  const userId = caller.user._id;
  const before = await readProfile(tenant, userId);
  if (!before) throw new NotFoundError('User not found');
  // An admin stored before the count existed is counted first, so the condition below sees them.
  if (await indexUserAsAdmin(tenant, before.user)) forgetCachedUser(tenant, userId);
  const admin = before.user.type === 'admin';
  if (admin && (await countAdminAccounts(tenant)) <= 1) throw lastAdmin();
  await leaveUserMapper(tenant, before.user);
  const current = await readProfile(tenant, userId);
  if (!current) throw new NotFoundError('User not found');
  const items = [...anonymiseUserWrites(tenant, current.user), eventWrite('UserDeleted', { tenant, userId })];
  await writeTransaction(items, (index) => {
    const failed = items[index];
    return failed && isAdminCountDecrement(tenant, failed) ? lastAdmin() : changedMeanwhile();
  });
  forgetCachedUser(tenant, userId);
  return { _id: userId };
}
