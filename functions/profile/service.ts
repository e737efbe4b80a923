import { Buffer } from 'node:buffer';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import type { ProfileUpdate, UserProfile } from '../../shared/routes/profile';
import {
  experienceSpanError,
  type ProfileAccess,
  type ProfilePart,
  profileAccess,
  profileParts,
  refusedParts,
} from '../../shared/rules/user-profile';
import { type BankDetailsView, maskAccountNumber } from '../../shared/schemas/bank-details';
import type { TeachingSubject } from '../../shared/schemas/curriculum';
import { profileDetailFields } from '../../shared/schemas/profile-lists';
import {
  type AccountFields,
  MAX_PROFILE_ENTRIES,
  type ProfileDetailField,
  type ProfileDetails,
  type ProfileEntryKind,
  profileDetailsSchema,
} from '../../shared/schemas/user-profile';
import { mapperParentId } from '../access/linked-accounts';
import { newId } from '../lib/ids';
import { forgetCachedUser } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import { changeTeachingSubjects, teachingKey, teachingSubjectsOf } from '../repositories/availability';
import {
  addProfileEntry,
  type BankDetailsRecord,
  deleteProfileEntry,
  detailsWrite,
  entryNotFound,
  type ProfileEntryRecord,
  profileEntrySchema,
  readProfile,
  replaceProfileEntry,
  type StoredProfile,
} from '../repositories/profiles';
import { getUserMapper } from '../repositories/user-mappers';
import { getUsers, replaceAccountWrites, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { type TransactItem, writeTransaction } from '../table/transactions';

/**
 * A person's profile, read and written for one caller: one's own (`/profile`, own = true) or an admin's
 * view of any user of the tenant (`/admin/users/{id}`). shared/rules/user-profile.ts decides which parts the
 * caller sees and writes; a change naming a part they may not write is refused whole (403 naming the parts).
 */
export interface ProfileView {
  tenant: string;
  caller: Caller;
  userId: string;
  /** The caller's own profile (the profile permissions), or another's (the admin users permissions). */
  own: boolean;
}

const userNotFound = () => new NotFoundError('User not found');

/** The user's stored profile and what the caller may do with it (a 404 for an unknown or deleted user). */
export async function load(view: ProfileView): Promise<{ stored: StoredProfile; access: ProfileAccess }> {
  const stored = await readProfile(view.tenant, view.userId);
  if (!stored) throw userNotFound();
  return { stored, access: profileAccess(view.caller.permissions, stored.user, view.own) };
}

/** A subject's id in the routes: its curriculum, subject and grade, so one subject is one entry. */
export function subjectEntryId(subject: TeachingSubject): string {
  return Buffer.from(teachingKey(subject)).toString('base64url');
}

const stripEntry = <Entry extends ProfileEntryRecord>(entry: Entry) => {
  const { userId: _user, kind: _kind, createdAt: _created, updatedAt: _updated, ...fields } = entry;
  return fields;
};

/** The profile as the screen reads it: only the visible parts, the caller's `access`, an admin's extras. */
export async function presentProfile(view: ProfileView): Promise<UserProfile> {
  const { stored, access } = await load(view);
  const { user, details, entries } = stored;
  const shows = (part: ProfilePart) => access.visible.has(part);
  const [role, tutorSubjects, linkedAccounts] = await Promise.all([
    rolesRepository.getCached(view.tenant, user.roleId),
    user.type === 'tutor' && shows('subjects') ? teachingSubjectsOf(view.tenant, user._id) : undefined,
    view.own ? undefined : linkedAccountsOf(view.tenant, user),
  ]);
  const ofKind = <Kind extends ProfileEntryRecord['kind']>(kind: Kind) =>
    entries.filter((entry): entry is Extract<ProfileEntryRecord, { kind: Kind }> => entry.kind === kind);
  const subjects =
    tutorSubjects?.map((subject) => ({ _id: subjectEntryId(subject), ...subject })) ??
    ofKind('subjects').map(stripEntry);
  const visibleDetails = Object.fromEntries(
    Object.entries(details).filter(([field]) => isDetailField(field) && shows(field)),
  );
  return {
    _id: user._id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    type: user.type,
    roleId: user.roleId,
    roleName: role?.name ?? '',
    ...(user.phone ? { phone: user.phone } : {}),
    ...(user.country ? { country: user.country } : {}),
    ...(user.level ? { level: user.level } : {}),
    ...(user.timezone ? { timezone: user.timezone } : {}),
    ...(user.gender ? { gender: user.gender } : {}),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    details: profileDetailsSchema.parse(visibleDetails),
    ...(shows('billingEmail') && user.billingEmail ? { billingEmail: user.billingEmail } : {}),
    ...(shows('bankDetails') && stored.bankDetails
      ? { bankDetails: bankDetailsView(stored.bankDetails, access.bankAccountShown) }
      : {}),
    ...(shows('experiences') ? { experiences: ofKind('experiences').map(stripEntry) } : {}),
    ...(shows('qualifications') ? { qualifications: ofKind('qualifications').map(stripEntry) } : {}),
    ...(shows('achievements') ? { achievements: ofKind('achievements').map(stripEntry) } : {}),
    ...(shows('languages') ? { languages: ofKind('languages').map(stripEntry) } : {}),
    ...(shows('subjects') ? { subjects } : {}),
    ...(view.own ? {} : { notes: stored.notes, linkedAccounts: linkedAccounts ?? [] }),
    ...(!view.own && user.type === 'student'
      ? {
          rateStudentType: user.rateStudentType ?? '',
          ...(user.rateStudentTypeAssignedAt
            ? { rateStudentTypeAssignedAt: user.rateStudentTypeAssignedAt }
            : {}),
        }
      : {}),
    access: {
      edit: access.edit,
      visible: profileParts.filter((part) => access.visible.has(part)),
      writable: profileParts.filter((part) => access.writable.has(part)),
    },
  };
}

/** Bank details as shown: the account number whole only to whom `access` shows it. */
function bankDetailsView(record: BankDetailsRecord, shown: boolean): BankDetailsView {
  const { userId: _user, updatedBy: _by, accountNumber, ...fields } = record;
  return {
    ...fields,
    accountNumber: shown ? accountNumber : maskAccountNumber(accountNumber),
    accountNumberMasked: !shown,
  };
}

const detailFields = new Set<string>(profileDetailFields);
function isDetailField(name: string): name is ProfileDetailField {
  return detailFields.has(name);
}

/** The detail fields a change names. */
export function detailFieldsOf(details: ProfileDetails): ProfileDetailField[] {
  return Object.keys(details).filter(isDetailField);
}

/** A parent's children, or a child's parent (live accounts only), for an admin's view. */
export async function linkedAccountsOf(tenant: string, user: UserRecord) {
  if (!user.userMapperId) return [];
  const mapper = await getUserMapper(tenant, user.userMapperId);
  if (!mapper?.userIds.includes(user._id)) return [];
  const isParent = mapperParentId(mapper) === user._id;
  const others = isParent ? mapper.userIds.filter((id) => id !== user._id) : [mapperParentId(mapper) ?? ''];
  const found = await getUsers(tenant, others);
  return found
    .filter((other) => !other.deletedAt && other._id !== user._id)
    .map(({ _id, firstname, lastname, email }) => ({ _id, firstname, lastname, email }));
}

/** Refuses a change naming parts the caller may not write, naming them. */
export function requireWritable(access: ProfileAccess, named: ProfilePart[]): void {
  if (!access.edit) throw new ForbiddenError('You do not have permission to change this profile');
  const refused = refusedParts(access, named);
  if (refused.length > 0) {
    throw new ForbiddenError(`You do not have permission to change: ${refused.join(', ')}`);
  }
}

/** The account's own fields and the details of a change, apart. */
export function splitChange(change: ProfileUpdate): {
  account: Partial<AccountFields>;
  details: ProfileDetails;
} {
  const account: Partial<AccountFields> = {};
  const details: ProfileDetails = {};
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) continue;
    if (isDetailField(name)) Object.assign(details, { [name]: value });
    else Object.assign(account, { [name]: value });
  }
  return { account, details };
}

/**
 * Changes an account and its details in one transaction: the user record replaced on the condition that it
 * is as read (with `more`: the e-mail's claim moved, a new role), and the named detail fields set. A change
 * that met another is read again and retried (twice), then a 409.
 */
export async function updateProfile(
  view: ProfileView,
  change: ProfileUpdate,
  more: (user: UserRecord) => Promise<Partial<UserRecord>> = async () => ({}),
): Promise<UserProfile> {
  const { billingEmail, ...rest } = change;
  for (let attempt = 1; ; attempt++) {
    const { stored, access } = await load(view);
    const { account, details } = splitChange(rest);
    requireWritable(access, [
      ...detailFieldsOf(details),
      ...(billingEmail === undefined ? [] : ['billingEmail' as const]),
    ]);
    const before = stored.user;
    const { billingEmail: formerBillingEmail, ...kept } = before;
    // The billing e-mail stays unless the change names it; an empty one clears it.
    const billing = billingEmail === undefined ? formerBillingEmail : billingEmail || undefined;
    const after: UserRecord = {
      ...kept,
      ...(billing ? { billingEmail: billing } : {}),
      ...account,
      ...(await more(before)),
    };
    const userWrites = replaceAccountWrites(view.tenant, before, after);
    const written = detailsWrite(view.tenant, before._id, details);
    const items: TransactItem[] = [...userWrites.items, ...(written ? [written] : [])];
    try {
      await writeTransaction(items, userWrites.refused);
    } catch (error) {
      const raced = error instanceof ConflictError && !/email/i.test(error.message);
      if (raced && attempt < 3) continue;
      throw error;
    }
    forgetCachedUser(view.tenant, before._id);
    return presentProfile(view);
  }
}

/** The sub-record kinds, and what they are called in a message. */
type EntryInput<Kind extends ProfileEntryKind> = Omit<
  Extract<ProfileEntryRecord, { kind: Kind }>,
  'userId' | 'kind' | '_id' | 'createdAt' | 'updatedAt'
>;

/** An experience that ends before it starts is refused (400). */
function checkEntry(input: object): void {
  if ('startMonth' in input && typeof input.startMonth === 'string') {
    const endMonth = 'endMonth' in input && typeof input.endMonth === 'string' ? input.endMonth : undefined;
    const problem = experienceSpanError({ startMonth: input.startMonth, ...(endMonth ? { endMonth } : {}) });
    if (problem) throw new BadRequestError(problem);
  }
}

/** Adds an experience, qualification, achievement or language (the kind's limit held by the database). */
export async function addEntry<Kind extends ProfileEntryKind>(
  view: ProfileView,
  kind: Kind,
  input: EntryInput<Kind>,
): Promise<UserProfile> {
  const { access } = await load(view);
  requireWritable(access, [kind]);
  checkEntry(input);
  const now = new Date().toISOString();
  await addProfileEntry(view.tenant, entryRecord(kind, input, { userId: view.userId, _id: newId(), now }));
  return presentProfile(view);
}

/** Replaces one of the profile's entries of that kind (a 404 when it is not there). */
export async function changeEntry<Kind extends ProfileEntryKind>(
  view: ProfileView,
  kind: Kind,
  entryId: string,
  input: EntryInput<Kind>,
): Promise<UserProfile> {
  const { stored, access } = await load(view);
  requireWritable(access, [kind]);
  checkEntry(input);
  const current = stored.entries.find((entry) => entry.kind === kind && entry._id === entryId);
  if (!current) throw entryNotFound();
  await replaceProfileEntry(
    view.tenant,
    entryRecord(kind, input, {
      userId: view.userId,
      _id: entryId,
      now: new Date().toISOString(),
      createdAt: current.createdAt,
    }),
  );
  return presentProfile(view);
}

export async function removeEntry(view: ProfileView, kind: ProfileEntryKind, entryId: string) {
  const { access } = await load(view);
  requireWritable(access, [kind]);
  await deleteProfileEntry(view.tenant, { userId: view.userId, kind, _id: entryId });
  return presentProfile(view);
}

function entryRecord<Kind extends ProfileEntryKind>(
  kind: Kind,
  input: EntryInput<Kind>,
  at: { userId: string; _id: string; now: string; createdAt?: string },
): ProfileEntryRecord {
  // The input was parsed with the kind's schema by the route; the record's schema parses it again on write.
  const record = {
    ...input,
    kind,
    userId: at.userId,
    _id: at._id,
    createdAt: at.createdAt ?? at.now,
    updatedAt: at.now,
  };
  return profileEntrySchema.parse(record);
}

/**
 * Adds a subject: a tutor's is added to what their availability says they teach (one list: the trial
 * booking's tutors for a subject are the same), a student's is a profile entry. Either way a subject is
 * there once (409) and at most MAX_PROFILE_ENTRIES of them.
 */
export async function addSubject(view: ProfileView, subject: TeachingSubject): Promise<UserProfile> {
  const { stored, access } = await load(view);
  requireWritable(access, ['subjects']);
  const id = subjectEntryId(subject);
  if (stored.user.type === 'tutor') {
    await changeTeachingSubjects(view.tenant, stored.user, (subjects) => {
      if (subjects.some((taught) => subjectEntryId(taught) === id)) throw subjectTaken();
      if (subjects.length >= MAX_PROFILE_ENTRIES) throw subjectLimit();
      return [...subjects, subject];
    });
  } else {
    const now = new Date().toISOString();
    try {
      await addProfileEntry(view.tenant, {
        kind: 'subjects',
        ...subject,
        userId: view.userId,
        _id: id,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (error instanceof ConflictError && /already/.test(error.message)) throw subjectTaken();
      throw error;
    }
  }
  return presentProfile(view);
}

export async function removeSubject(view: ProfileView, entryId: string): Promise<UserProfile> {
  const { stored, access } = await load(view);
  requireWritable(access, ['subjects']);
  if (stored.user.type === 'tutor') {
    await changeTeachingSubjects(view.tenant, stored.user, (subjects) => {
      const left = subjects.filter((taught) => subjectEntryId(taught) !== entryId);
      if (left.length === subjects.length) throw entryNotFound();
      return left;
    });
  } else {
    await deleteProfileEntry(view.tenant, { userId: view.userId, kind: 'subjects', _id: entryId });
  }
  return presentProfile(view);
}

const subjectTaken = () => new ConflictError('This subject is already on the profile');
const subjectLimit = () =>
  new ConflictError(`A profile holds at most ${MAX_PROFILE_ENTRIES} subjects. Delete one first.`);
