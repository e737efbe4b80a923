import { profileRoutes } from '../../shared/routes/profile';
import { resourceHandler } from '../lib/pipeline';
import type { Request } from '../lib/request';
import { deleteOwnAccount } from './delete-account';
import { profilePlans, saveBankDetails } from './money';
import {
  addEntry,
  addSubject,
  changeEntry,
  type ProfileView,
  presentProfile,
  removeEntry,
  removeSubject,
  updateProfile,
} from './service';

/** One's own profile: the caller's account, under the profile permissions. */
const own = ({ tenant, caller }: Pick<Request, 'tenant' | 'caller'>): ProfileView => ({
  tenant: tenant.key,
  caller,
  userId: caller.user._id,
  own: true,
});

export const handler = resourceHandler('profile', profileRoutes, {
  'profile.get': async (request) => presentProfile(own(request)),
  'profile.update': async (request) => updateProfile(own(request), request.body),
  'profile.experiences.create': async (request) => addEntry(own(request), 'experiences', request.body),
  'profile.experiences.update': async (request) =>
    changeEntry(own(request), 'experiences', request.params.entryId, request.body),
  'profile.experiences.delete': async (request) =>
    removeEntry(own(request), 'experiences', request.params.entryId),
  'profile.qualifications.create': async (request) => addEntry(own(request), 'qualifications', request.body),
  'profile.qualifications.update': async (request) =>
    changeEntry(own(request), 'qualifications', request.params.entryId, request.body),
  'profile.qualifications.delete': async (request) =>
    removeEntry(own(request), 'qualifications', request.params.entryId),
  'profile.achievements.create': async (request) => addEntry(own(request), 'achievements', request.body),
  'profile.achievements.update': async (request) =>
    changeEntry(own(request), 'achievements', request.params.entryId, request.body),
  'profile.achievements.delete': async (request) =>
    removeEntry(own(request), 'achievements', request.params.entryId),
  'profile.languages.create': async (request) => addEntry(own(request), 'languages', request.body),
  'profile.languages.update': async (request) =>
    changeEntry(own(request), 'languages', request.params.entryId, request.body),
  'profile.languages.delete': async (request) =>
    removeEntry(own(request), 'languages', request.params.entryId),
  'profile.subjects.add': async (request) => addSubject(own(request), request.body),
  'profile.subjects.remove': async (request) => removeSubject(own(request), request.params.entryId),
  'profile.plans': async (request) => profilePlans(own(request)),
  'profile.bankDetails.update': async (request) => saveBankDetails(own(request), request.body),
  'profile.deleteAccount': async ({ tenant, caller }) => deleteOwnAccount(tenant.key, caller),
});
