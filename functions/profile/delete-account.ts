import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { clearLinkedAccountsCache, mapperParentId } from '../access/linked-accounts';
import { forgetCachedUser } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import { removeAvailability } from '../repositories/availability';
import { readProfile, removeProfileItems } from '../repositories/profiles';
import { getUserMapper, linkChildren } from '../repositories/user-mappers';
import { anonymiseUserWrites, countUsersWithRole, getUser, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { writeTransaction } from '../table/transactions';

const changedMeanwhile = () => new ConflictError('This account was changed meanwhile. Please try again.');

/** How many accounts hold an admin (back-office) role in the tenant: deleted accounts are in no role's index. */
async function countAdmins(tenant: string): Promise<number> {
  const roles = await rolesRepository.list(tenant, { limit: 100, offset: 0 }, { type: 'admin' });
  const counts = await Promise.all(roles.docs.map((role) => countUsersWithRole(tenant, role._id)));
  return counts.reduce((sum, count) => sum + count, 0);
}

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
 * session ended), its e-mail claim released and its directory count moved; then its profile items go, and a
 * tutor's availability and teaching index (no one books a deleted tutor). The tenant's last admin cannot
 * leave this way (409): a school must keep someone who can run it.
 */
export async function deleteOwnAccount(tenant: string, caller: Caller): Promise<{ _id: string }> {
  const userId = caller.user._id;
  if (isBackOfficeRole(caller.role) && (await countAdmins(tenant)) <= 1) {
    throw new ConflictError(
      "You are the school's last admin: give another account an admin role before deleting yours",
    );
  }
  const before = await readProfile(tenant, userId);
  if (!before) throw new NotFoundError('User not found');
  await leaveUserMapper(tenant, before.user);
  const current = await readProfile(tenant, userId);
  if (!current) throw new NotFoundError('User not found');
  await writeTransaction(anonymiseUserWrites(tenant, current.user), changedMeanwhile);
  forgetCachedUser(tenant, userId);
  await removeProfileItems(tenant, userId);
  if (current.user.type === 'tutor') await removeAvailability(tenant, userId);
  return { _id: userId };
}
