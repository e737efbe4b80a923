import { randomBytes, randomInt } from 'node:crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { isBackOfficeRole } from '../../shared/permissions/check';
import type { AdminUserCreate, AdminUserUpdate } from '../../shared/routes/admin-users';
import type { UserProfile } from '../../shared/routes/profile';
import { profileAccess, refusedParts } from '../../shared/rules/user-profile';
import type { Role } from '../../shared/schemas/role';
import type { UserType } from '../../shared/schemas/user';
import { clearLinkedAccountsCache } from '../access/linked-accounts';
import { newId } from '../lib/ids';
import { escapeHtml, mail } from '../lib/mail';
import { hashPassword } from '../lib/passwords';
import { forgetCachedUser } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import {
  detailFieldsOf,
  type ProfileView,
  presentProfile,
  splitChange,
  updateProfile,
} from '../profile/service';
import { eventWrite } from '../repositories/outbox';
import { addAdminNote, deleteAdminNote, detailsWrite, readProfile } from '../repositories/profiles';
import { linkChildren } from '../repositories/user-mappers';
import {
  emailTaken,
  getUsers,
  newUserRecord,
  newUserWrites,
  type UserRecord,
  updatePassword,
} from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { writeTransaction } from '../table/transactions';

/** An admin's view of one user of the tenant (the admin users permissions, each part its profile one). */
export function adminView(tenant: string, caller: Caller, userId: string): ProfileView {
  return { tenant, caller, userId, own: false };
}

/**
 * The role an account of `type` may hold: one that exists, an admin (back-office) role for an admin and an
 * end-user role, not the guests', for everyone else.
 */
async function fittingRole(tenant: string, roleId: string, type: UserType): Promise<Role> {
  const role = await rolesRepository.get(tenant, roleId);
  if (!role) throw new BadRequestError('Choose a role that exists');
  const admin = type === 'admin';
  if (admin !== isBackOfficeRole(role) || (!admin && role.isGuest)) {
    throw new BadRequestError(
      admin ? 'An admin account needs an admin role' : `A ${type} account needs a user role (not a guest's)`,
    );
  }
  return role;
}

/**
 * Creates an account (spec 002 "Admin users": "User account created!"): the role checked against the type,
 * the e-mail claimed with the account (one account per address, however concurrent), the details the
 * caller may write, and the UserInvited event, in one transaction. The event's consumer mails the new user
 * a link to set their password (functions/password-reset-mail); nobody knows the random one set here.
 */
export async function createAccount(
  tenant: string,
  caller: Caller,
  body: AdminUserCreate,
): Promise<UserProfile> {
  const { email, type, roleId, ...change } = body;
  await fittingRole(tenant, roleId, type);
  const { account, details } = splitChange(change);
  const access = profileAccess(caller.permissions, { type }, false);
  const refused = refusedParts(access, detailFieldsOf(details));
  if (refused.length > 0) {
    throw new ForbiddenError(`You do not have permission to change: ${refused.join(', ')}`);
  }
  const user: UserRecord = {
    ...newUserRecord(tenant, {
      firstname: change.firstname,
      lastname: change.lastname,
      email,
      type,
      roleId,
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    }),
    ...account,
  };
  const written = detailsWrite(tenant, user._id, details);
  await writeTransaction(
    [
      ...newUserWrites(tenant, user),
      ...(written ? [written] : []),
      eventWrite('UserInvited', { tenant, userId: user._id }),
    ],
    emailTaken,
  );
  return presentProfile(adminView(tenant, caller, user._id));
}

/**
 * Changes an account ("Account Updated!"): its fields and details as the profile's update does, and the
 * admin's own two: the e-mail (its claim moved in the same transaction: a taken address is a 409) and the
 * role (fitting the account's type; the users-of-role index follows the record).
 */
export async function updateAccount(
  tenant: string,
  caller: Caller,
  userId: string,
  body: AdminUserUpdate,
): Promise<UserProfile> {
  const { email, roleId, ...change } = body;
  return updateProfile(adminView(tenant, caller, userId), change, async (user) => {
    if (roleId !== undefined && roleId !== user.roleId) await fittingRole(tenant, roleId, user.type);
    return { ...(email ? { email } : {}), ...(roleId ? { roleId } : {}) };
  });
}

/** Letters and digits that cannot be mistaken for one another when typed from an e-mail. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A temporary password: 14 characters of the alphabet above, with a letter of each case and a digit. */
export function temporaryPassword(): string {
  for (;;) {
    const password = Array.from(
      { length: 14 },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    if (/[a-z]/.test(password) && /[A-Z]/.test(password) && /[0-9]/.test(password)) return password;
  }
}

/**
 * Sends a new temporary password ("Temporary password sent!"): set first (the old password stops working,
 * and passwordChangedAt ends every session issued before), then mailed. Should the mail fail, the answer
 * is an error and the admin sends another: the user has no password they know either way.
 */
export async function resendPassword(tenant: string, userId: string): Promise<{ _id: string }> {
  const stored = await readProfile(tenant, userId);
  if (!stored) throw new NotFoundError('User not found');
  const password = temporaryPassword();
  await updatePassword(tenant, userId, await hashPassword(password));
  forgetCachedUser(tenant, userId);
  const { user } = stored;
  await mail().send({
    to: user.email,
    subject: 'Your temporary password',
    text: `Hello ${user.firstname},\n\nAn administrator has set a temporary password for your account:\n\n${password}\n\nSign in with this e-mail address and the password above, then choose your own password. Your previous password no longer works.`,
    html: `<p>Hello ${escapeHtml(user.firstname)},</p><p>An administrator has set a temporary password for your account:</p><p><code>${escapeHtml(password)}</code></p><p>Sign in with this e-mail address and the password above, then choose your own password. Your previous password no longer works.</p>`,
  });
  return { _id: userId };
}

/** An admin's note on a user ("Note Created"), signed with its author and time. */
export async function createNote(
  tenant: string,
  caller: Caller,
  userId: string,
  note: string,
): Promise<UserProfile> {
  const now = new Date();
  await addAdminNote(tenant, userId, {
    _id: newId(now.getTime()),
    note,
    createdBy: { _id: caller.user._id, name: `${caller.user.firstname} ${caller.user.lastname}`.trim() },
    createdAt: now.toISOString(),
  });
  return presentProfile(adminView(tenant, caller, userId));
}

/** Deletes one's own note ("Note Deleted"); another admin's, or an unknown one, is a 404. */
export async function deleteNote(
  tenant: string,
  caller: Caller,
  userId: string,
  noteId: string,
): Promise<UserProfile> {
  if (!(await readProfile(tenant, userId))) throw new NotFoundError('User not found');
  await deleteAdminNote(tenant, userId, noteId, caller.user._id);
  return presentProfile(adminView(tenant, caller, userId));
}

/**
 * Links a parent's account to their children's (the user mapper users.mappedAccounts and switchAccount
 * read), or unlinks them all with an empty list. Only a parent has children; each child is a student of
 * this tenant with no other parent (held by the database, see linkChildren).
 */
export async function linkAccounts(
  tenant: string,
  caller: Caller,
  parentId: string,
  childIds: string[],
): Promise<UserProfile> {
  const stored = await readProfile(tenant, parentId);
  if (!stored) throw new NotFoundError('User not found');
  const parent = stored.user;
  if (parent.type !== 'parent') throw new BadRequestError('Only a parent account can be linked to children');
  const wanted = [...new Set(childIds)];
  const children = await getUsers(tenant, wanted);
  const missing = wanted.filter((id) => !children.some((child) => child._id === id && !child.deletedAt));
  if (missing.length > 0) throw new NotFoundError(`User not found: ${missing.join(', ')}`);
  const notStudents = children.filter((child) => child.type !== 'student');
  if (notStudents.length > 0) {
    throw new BadRequestError(
      `Only students can be linked as children: ${notStudents.map((child) => `${child.firstname} ${child.lastname}`).join(', ')}`,
    );
  }
  const touched = await linkChildren(tenant, parent, wanted, (reason) =>
    reason === 'childTaken'
      ? new ConflictError('A child can be linked to one parent only: unlink them from the other parent first')
      : new ConflictError('This account was changed meanwhile. Please try again.'),
  );
  clearLinkedAccountsCache();
  for (const id of touched) forgetCachedUser(tenant, id);
  return presentProfile(adminView(tenant, caller, parentId));
}
