import { randomBytes } from 'node:crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { roleFitsUserType } from '../../shared/permissions/check';
import type { AdminUserCreate, AdminUserUpdate, RoleChoice } from '../../shared/routes/admin-users';
import type { UserProfile } from '../../shared/routes/profile';
import { profileAccess, refusedParts } from '../../shared/rules/user-profile';
import type { Role } from '../../shared/schemas/role';
import type { UserType } from '../../shared/schemas/user';
import { clearLinkedAccountsCache } from '../access/linked-accounts';
import { newId } from '../lib/ids';
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
import { eventWrite, recordEvent } from '../repositories/outbox';
import { addAdminNote, deleteAdminNote, detailsWrite, readProfile } from '../repositories/profiles';
import { rateTypeAssignmentWrites } from '../repositories/rate-type-assignments';
import { linkChildren } from '../repositories/user-mappers';
import {
  emailTaken,
  getUsers,
  newUserRecord,
  newUserWrites,
  replaceAccountWrites,
  type UserRecord,
} from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { collections } from '../table/access-patterns';
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
  if (!roleFitsUserType(role, type)) {
    throw new BadRequestError(
      type === 'admin'
        ? 'An admin account needs an admin role'
        : `A ${type} account needs a user role (not a guest's)`,
    );
  }
  return role;
}

/**
 * The roles an admin who creates or edits users may give an account (of `type`, or of any type): id, name,
 * type and the guests' mark only, so the form's role choice needs no roles-list permission. A tenant has a
 * handful of roles; the read is bounded all the same.
 */
export async function roleChoices(
  tenant: string,
  type: UserType | undefined,
): Promise<{ docs: RoleChoice[] }> {
  const page = await rolesRepository.list(tenant, {
    limit: 100,
    offset: 0,
    sortKey: 'name',
    sortValue: 'asc',
  });
  const docs = page.docs
    .filter((role) =>
      type
        ? roleFitsUserType(role, type)
        : roleFitsUserType(role, 'admin') || roleFitsUserType(role, 'student'),
    )
    .map(({ _id, name, type: roleType, isGuest }) => ({ _id, name, type: roleType, isGuest }));
  return { docs };
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

/**
 * Assigns a student their one-to-one tutor rate student type ('' takes it away), dated now (the rate
 * versions' STUDENT_ASSIGNED_DATE): the kind their lessons are rated as from the next one recorded on
 * (lessons already recorded keep theirs). The student record, as read, and the types' counts move in one
 * transaction, so a type deleted meanwhile is a 400 and a type is never deleted while a student holds it.
 */
export async function setRateStudentType(
  tenant: string,
  caller: Caller,
  userId: string,
  studentType: string,
): Promise<UserProfile> {
  for (let attempt = 1; ; attempt++) {
    const stored = await readProfile(tenant, userId);
    if (!stored || stored.user.deletedAt) throw new NotFoundError('User not found');
    const before = stored.user;
    if (before.type !== 'student') throw new BadRequestError('Only a student is given a student type');
    if ((before.rateStudentType ?? '') === studentType) break;
    const { rateStudentType: _type, rateStudentTypeAssignedAt: _at, ...kept } = before;
    const after: UserRecord = studentType
      ? { ...kept, rateStudentType: studentType, rateStudentTypeAssignedAt: new Date().toISOString() }
      : kept;
    const account = replaceAccountWrites(tenant, before, after);
    const counts = rateTypeAssignmentWrites(
      tenant,
      collections.oneToOneTutorRateStudentTypes,
      before.rateStudentType,
      after.rateStudentType,
    );
    try {
      await writeTransaction([...account.items, ...counts], (failed) =>
        failed < account.items.length
          ? account.refused(failed)
          : new BadRequestError(
              'Choose an active student type: this one does not exist or is inactive (no longer offered)',
            ),
      );
      forgetCachedUser(tenant, userId);
      break;
    } catch (error) {
      // The student changed since read (another admin, a sign-in): read again, a few times.
      if (error instanceof ConflictError && attempt < 3) continue;
      throw error;
    }
  }
  return presentProfile(adminView(tenant, caller, userId));
}

/**
 * Sends a new temporary password ("Temporary password sent!"): the TemporaryPasswordRequested event, whose
 * consumer (functions/password-reset-mail) sets a random password, which ends the old one and every session
 * issued before it, and mails it. The password is never in the request, the event or a log.
 */
export async function resendPassword(tenant: string, userId: string): Promise<{ _id: string }> {
  if (!(await readProfile(tenant, userId))) throw new NotFoundError('User not found');
  await recordEvent('TemporaryPasswordRequested', { tenant, userId });
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
