import { systemRoleIds } from '../../shared/permissions/default-roles';
import { trialRoutes } from '../../shared/routes/trials';
import { CALLBACK_REQUESTED_MESSAGE } from '../../shared/schemas/callback-request';
import { hashPassword } from '../lib/passwords';
import { forgetCachedUser, resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { pageCallbackRequests } from '../repositories/callback-requests';
import { newUserRecord } from '../repositories/users';
import { trialFreeDays, trialSlots } from '../scheduling/slot-finder';
import { tokenResponse } from '../users/service';
import { bookTrial } from './booking';
import { requestCallback } from './callback-requests';
import {
  addRecording,
  listAdminTrials,
  listUserTrials,
  removeRecording,
  requireVisibleTrial,
  updateTrial,
} from './service';

export const handler = resourceHandler('trials', trialRoutes, {
  'trials.slots': async ({ tenant, query }) => trialSlots(tenant, query),

  'trials.freeDays': async ({ tenant, query }) => trialFreeDays(tenant, query),

  'trials.requestCallback': async ({ tenant, body, sourceIp }) => {
    const request = await requestCallback(tenant.key, body, { sourceIp });
    return respond(201, { message: CALLBACK_REQUESTED_MESSAGE, request });
  },

  'trials.callbackRequests': async ({ tenant, query }) => {
    const page = await pageCallbackRequests(tenant.key, query);
    return { limit: query.limit, offset: query.offset, ...page };
  },

  'trials.book': async ({ tenant, caller, body }) => {
    const { trial, course } = await bookTrial(tenant, body, { existing: caller.user });
    forgetCachedUser(tenant.key, caller.user._id);
    return respond(201, { trial, courseId: course._id });
  },

  'trials.signUp': async ({ tenant, body }) => {
    const input = body;
    const student = newUserRecord(tenant.key, {
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email,
      type: 'student',
      roleId: systemRoleIds.Student,
      passwordHash: await hashPassword(input.password),
      ...((input.timezone ?? input.deviceTimezone)
        ? { timezone: input.timezone ?? input.deviceTimezone }
        : {}),
    });
    const { trial, course } = await bookTrial(tenant, input, { created: student });
    const token = await tokenResponse(tenant.key, { ...student, isTrialApplied: true });
    return respond(201, { ...token, user: token.oauthUser, trial, courseId: course._id });
  },

  'trials.list': async ({ tenant, caller, query }) => listUserTrials(tenant.key, caller, query),

  // Another user's trial is "not found", not "forbidden": its existence is not theirs to learn.
  'trials.recordings': async ({ tenant, caller, params }) => ({
    trial: await requireVisibleTrial(tenant.key, caller, params.id),
  }),

  'trials.addRecording': async ({ tenant, caller, body }) =>
    respond(201, { trial: await addRecording(tenant.key, caller, body) }),

  'trials.removeRecording': async ({ tenant, caller, params }) => ({
    trial: await removeRecording(tenant.key, caller, params.id, params.recordingId),
  }),

  'trials.adminList': async ({ tenant, query }) => listAdminTrials(tenant.key, query),

  'trials.adminUpdate': async ({ tenant, params, body }) => {
    const trial = await updateTrial(tenant.key, params.id, body);
    // A cancelled trial gives the student their free trial back: this container forgets their cached record.
    if (trial.status === 'CANCELED') forgetCachedUser(tenant.key, trial.studentId);
    return trial;
  },
});
