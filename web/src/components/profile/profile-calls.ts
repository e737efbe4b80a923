import type { ProfileEntryKind } from '../../../../shared/schemas/user-profile';
import { type ApiAnswer, type ApiBody, callApi } from '../../lib/api-client';

/** A profile as both sets of routes answer it (one's own, and an admin's view of a user). */
export type Profile = ApiAnswer<'profile.get'>;
/** A change of the account and details; an admin may also change the e-mail and the role. */
export type ProfileChange = ApiBody<'adminUsers.update'>;
export type EntryInput<Kind extends ProfileEntryKind> = ApiBody<`profile.${Kind}.create`>;
export type SubjectInput = ApiBody<'profile.subjects.add'>;
export type BankDetailsInput = ApiBody<'profile.bankDetails.update'>;

interface EntryCalls<Kind extends ProfileEntryKind> {
  create: (body: EntryInput<Kind>) => Promise<Profile>;
  update: (entryId: string, body: EntryInput<Kind>) => Promise<Profile>;
  delete: (entryId: string) => Promise<Profile>;
}

/**
 * The writes of one profile screen, whoever's profile it is: each answers the whole profile, which the
 * screen shows in place of the one it had. One's own profile (`/profile`) and an admin's view of a user
 * (`/admin/users/{id}`) have the same sub-record routes under two prefixes.
 */
export interface ProfileCalls {
  save: (body: ProfileChange) => Promise<Profile>;
  /** The toast after a save. */
  savedMessage: string;
  entries: { [Kind in ProfileEntryKind]: EntryCalls<Kind> };
  addSubject: (body: SubjectInput) => Promise<Profile>;
  removeSubject: (entryId: string) => Promise<Profile>;
  saveBankDetails: (body: BankDetailsInput) => Promise<Profile>;
  /**
   * An admin's view: the user's id, so the money tabs read through the admin calls (a user's plans, the
   * school's payment history of one user, a tutor's own rates); absent for one's own profile.
   */
  adminOf?: string;
}

/** One's own profile: the e-mail and the role are not one's own to change, so they are not sent. */
export const ownProfileCalls: ProfileCalls = {
  save: ({ email: _email, roleId: _roleId, ...body }) => callApi('profile.update', { body }),
  savedMessage: 'Details updated successfully!',
  entries: {
    experiences: {
      create: (body) => callApi('profile.experiences.create', { body }),
      update: (entryId, body) => callApi('profile.experiences.update', { params: { entryId }, body }),
      delete: (entryId) => callApi('profile.experiences.delete', { params: { entryId } }),
    },
    qualifications: {
      create: (body) => callApi('profile.qualifications.create', { body }),
      update: (entryId, body) => callApi('profile.qualifications.update', { params: { entryId }, body }),
      delete: (entryId) => callApi('profile.qualifications.delete', { params: { entryId } }),
    },
    achievements: {
      create: (body) => callApi('profile.achievements.create', { body }),
      update: (entryId, body) => callApi('profile.achievements.update', { params: { entryId }, body }),
      delete: (entryId) => callApi('profile.achievements.delete', { params: { entryId } }),
    },
    languages: {
      create: (body) => callApi('profile.languages.create', { body }),
      update: (entryId, body) => callApi('profile.languages.update', { params: { entryId }, body }),
      delete: (entryId) => callApi('profile.languages.delete', { params: { entryId } }),
    },
  },
  addSubject: (body) => callApi('profile.subjects.add', { body }),
  removeSubject: (entryId) => callApi('profile.subjects.remove', { params: { entryId } }),
  saveBankDetails: (body) => callApi('profile.bankDetails.update', { body }),
};

/** An admin's view of user `id`. */
export function adminProfileCalls(id: string): ProfileCalls {
  return {
    save: (body) => callApi('adminUsers.update', { params: { id }, body }),
    savedMessage: 'Account Updated!',
    entries: {
      experiences: {
        create: (body) => callApi('adminUsers.experiences.create', { params: { id }, body }),
        update: (entryId, body) =>
          callApi('adminUsers.experiences.update', { params: { id, entryId }, body }),
        delete: (entryId) => callApi('adminUsers.experiences.delete', { params: { id, entryId } }),
      },
      qualifications: {
        create: (body) => callApi('adminUsers.qualifications.create', { params: { id }, body }),
        update: (entryId, body) =>
          callApi('adminUsers.qualifications.update', { params: { id, entryId }, body }),
        delete: (entryId) => callApi('adminUsers.qualifications.delete', { params: { id, entryId } }),
      },
      achievements: {
        create: (body) => callApi('adminUsers.achievements.create', { params: { id }, body }),
        update: (entryId, body) =>
          callApi('adminUsers.achievements.update', { params: { id, entryId }, body }),
        delete: (entryId) => callApi('adminUsers.achievements.delete', { params: { id, entryId } }),
      },
      languages: {
        create: (body) => callApi('adminUsers.languages.create', { params: { id }, body }),
        update: (entryId, body) => callApi('adminUsers.languages.update', { params: { id, entryId }, body }),
        delete: (entryId) => callApi('adminUsers.languages.delete', { params: { id, entryId } }),
      },
    },
    addSubject: (body) => callApi('adminUsers.subjects.add', { params: { id }, body }),
    removeSubject: (entryId) => callApi('adminUsers.subjects.remove', { params: { id, entryId } }),
    saveBankDetails: (body) => callApi('adminUsers.bankDetails.update', { params: { id }, body }),
    adminOf: id,
  };
}
