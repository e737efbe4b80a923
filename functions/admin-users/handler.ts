import { adminUserRoutes } from '../../shared/routes/admin-users';
import { resourceHandler } from '../lib/pipeline';
import { type Request, respond } from '../lib/request';
import { profilePlans, saveBankDetails } from '../profile/money';
import {
  addEntry,
  addSubject,
  changeEntry,
  presentProfile,
  removeEntry,
  removeSubject,
} from '../profile/service';
import { listAdminUsers } from '../users/admin-user-list';
import {
  adminView,
  createAccount,
  createNote,
  deleteNote,
  linkAccounts,
  resendPassword,
  roleChoices,
  setRateStudentType,
  updateAccount,
} from './service';

/** An admin's view of the user named by the path. */
const user = ({ tenant, caller, params }: Pick<Request, 'tenant' | 'caller'> & { params: { id: string } }) =>
  adminView(tenant.key, caller, params.id);

export const handler = resourceHandler('admin-users', adminUserRoutes, {
  // Served from the users-list indexes (functions/repositories/user-list.ts), never a scan.
  'adminUsers.list': async ({ tenant, query }) => listAdminUsers(tenant.key, query),
  'adminUsers.get': async (request) => presentProfile(user(request)),
  'adminUsers.roleChoices': async ({ tenant, query }) => roleChoices(tenant.key, query.type),
  'adminUsers.create': async ({ tenant, caller, body }) =>
    respond(201, await createAccount(tenant.key, caller, body)),
  'adminUsers.update': async ({ tenant, caller, params, body }) =>
    updateAccount(tenant.key, caller, params.id, body),
  'adminUsers.experiences.create': async (request) => addEntry(user(request), 'experiences', request.body),
  'adminUsers.experiences.update': async (request) =>
    changeEntry(user(request), 'experiences', request.params.entryId, request.body),
  'adminUsers.experiences.delete': async (request) =>
    removeEntry(user(request), 'experiences', request.params.entryId),
  'adminUsers.qualifications.create': async (request) =>
    addEntry(user(request), 'qualifications', request.body),
  'adminUsers.qualifications.update': async (request) =>
    changeEntry(user(request), 'qualifications', request.params.entryId, request.body),
  'adminUsers.qualifications.delete': async (request) =>
    removeEntry(user(request), 'qualifications', request.params.entryId),
  'adminUsers.achievements.create': async (request) => addEntry(user(request), 'achievements', request.body),
  'adminUsers.achievements.update': async (request) =>
    changeEntry(user(request), 'achievements', request.params.entryId, request.body),
  'adminUsers.achievements.delete': async (request) =>
    removeEntry(user(request), 'achievements', request.params.entryId),
  'adminUsers.languages.create': async (request) => addEntry(user(request), 'languages', request.body),
  'adminUsers.languages.update': async (request) =>
    changeEntry(user(request), 'languages', request.params.entryId, request.body),
  'adminUsers.languages.delete': async (request) =>
    removeEntry(user(request), 'languages', request.params.entryId),
  'adminUsers.subjects.add': async (request) => addSubject(user(request), request.body),
  'adminUsers.subjects.remove': async (request) => removeSubject(user(request), request.params.entryId),
  'adminUsers.plans': async (request) => profilePlans(user(request)),
  'adminUsers.bankDetails.update': async (request) => saveBankDetails(user(request), request.body),
  'adminUsers.resendPassword': async ({ tenant, params }) => resendPassword(tenant.key, params.userId),
  'adminUsers.createNote': async ({ tenant, caller, params, body }) =>
    respond(201, await createNote(tenant.key, caller, params.id, body.note)),
  'adminUsers.deleteNote': async ({ tenant, caller, params, query }) =>
    deleteNote(tenant.key, caller, params.id, query.noteId),
  'adminUsers.setRateStudentType': async ({ tenant, caller, params, body }) =>
    setRateStudentType(tenant.key, caller, params.id, body.studentType),
  'adminUsers.linkAccounts': async ({ tenant, caller, params, body }) =>
    linkAccounts(tenant.key, caller, params.id, body.childIds),
});
