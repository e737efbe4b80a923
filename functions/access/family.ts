import { ForbiddenError, NotFoundError } from '../../shared/http/errors';
import type { Caller } from '../lib/request';
import type { UserRecord } from '../repositories/users';
import { linkedAccounts, mapperParentId } from './linked-accounts';

/*
 * Record-level rule of a parent's home (#16 item 13), on top of the linked-accounts rule
 * (./linked-accounts.ts): a parent reads, from their own account, what their children have coming (lessons,
 * homework) and how they are doing (progress). Only the parent of a user-mapper reaches its students; a
 * child (signed in on their own or switched into by the parent), a tutor, an admin or another family's
 * parent is refused with a 403: the page is a parent's, not a record they might find.
 */

const notAParent = 'This page is for parents: it shows the children linked to a parent account';

/**
 * The students the caller looks after as a parent: the students on the user-mapper the caller is the parent
 * of. A parent account with no child linked yet has none; anyone else is a 403.
 */
export async function childrenOf(tenant: string, caller: Caller): Promise<UserRecord[]> {
  const linked = await linkedAccounts(tenant, caller);
  if (linked && mapperParentId(linked.mapper) === caller.user._id) {
    return linked.users.filter((u) => u._id !== caller.user._id && u.type === 'student');
  }
  // A session switched into a child names the parent among its linked accounts, but is the child's: it is
  // refused here, as the child's own session is.
  if (caller.user.type === 'parent') return [];
  throw new ForbiddenError(notAParent);
}

/** One child of the caller's, or a 403 (another family's child, or an account that is not a child). */
export async function requireChildOf(tenant: string, caller: Caller, childId: string): Promise<UserRecord> {
  const child = (await childrenOf(tenant, caller)).find((u) => u._id === childId);
  if (!child) throw new ForbiddenError('This account is not one of your children');
  return child;
}

/**
 * Whose money a call is about (a payment, a history, credits): the caller, or a child of the caller's family.
 * Anyone else is a 404, as for a record the caller cannot see.
 */
export async function payerFor(
  tenant: string,
  caller: Caller,
  userId: string | undefined,
): Promise<UserRecord> {
  if (!userId || userId === caller.user._id) return caller.user;
  const child = await requireChildOf(tenant, caller, userId).catch(() => undefined);
  if (!child) throw new NotFoundError('User not found');
  return child;
}

/**
 * Whose invoices the caller reads and pays: their own and, as the parent of a user-mapper, their children's
 * (a parent pays for the family). A child, signed in or switched into, reaches only their own; anyone
 * else's invoice does not exist from where they stand (a 404).
 */
export async function invoiceAccounts(tenant: string, caller: Caller): Promise<string[]> {
  const linked = await linkedAccounts(tenant, caller);
  if (!linked || mapperParentId(linked.mapper) !== caller.user._id) return [caller.user._id];
  return [caller.user._id, ...linked.users.filter((u) => u._id !== caller.user._id).map((u) => u._id)];
}
