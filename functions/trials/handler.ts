import { NotFoundError } from '../../shared/http/errors';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { schedulingRoutes } from '../../shared/routes/scheduling';
import type { ListQuery } from '../../shared/schemas/paging';
import type { TrialBooking, TrialStatus } from '../../shared/schemas/trial';
import type { SignUpBody } from '../../shared/schemas/user';
import { callerHolds } from '../lib/access';
import { publish } from '../lib/events';
import { hashPassword } from '../lib/passwords';
import { forgetCachedUser, resourceHandler, withCaller } from '../lib/pipeline';
import { respond } from '../lib/request';
import { studentTrials, trialsRepository } from '../repositories/trials';
import { newUserRecord } from '../repositories/users';
import { trialSlots } from '../scheduling/slot-finder';
import { tokenResponse } from '../users/service';
import { bookTrial } from './booking';

type TrialListQuery = ListQuery & { status?: TrialStatus; studentId?: string; tutorId?: string };

export const handler = resourceHandler('trials', schedulingRoutes, {
  'trials.slots': async ({ tenant, query }) => trialSlots(tenant, query),

  'trials.book': withCaller<unknown, TrialBooking>(async ({ tenant, caller, body }) => {
    const { trial, course } = await bookTrial(tenant, body, { existing: caller.user });
    forgetCachedUser(tenant.key, caller.user._id);
    await publish(
      'TrialBooked',
      { tenant: tenant.key, trialId: trial._id, studentId: caller.user._id },
      { bestEffort: true },
    );
    return respond(201, { trial, courseId: course._id });
  }),

  'trials.signUp': async ({ tenant, body }) => {
    const input = body as SignUpBody & TrialBooking;
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
    await publish('UserSignedUp', { tenant: tenant.key, userId: student._id }, { bestEffort: true });
    await publish(
      'TrialBooked',
      { tenant: tenant.key, trialId: trial._id, studentId: student._id },
      { bestEffort: true },
    );
    const token = await tokenResponse(tenant.key, { ...student, isTrialApplied: true });
    return respond(201, { ...token, user: token.oauthUser, trial, courseId: course._id });
  },

  'trials.list': withCaller<TrialListQuery, unknown>(async ({ tenant, caller, query }) => {
    const { status, studentId, tutorId, ...paging } = query;
    if (callerHolds(caller, ['trialClass'], ['view'])) {
      return trialsRepository.list(tenant.key, paging, { status, studentId, tutorId });
    }
    // Everyone else sees their own trials (as the student).
    let docs = await studentTrials(tenant.key, caller.user._id);
    if (status) docs = docs.filter((trial) => trial.status === status);
    return {
      limit: paging.limit,
      offset: paging.offset,
      totalDocs: docs.length,
      docs: docs.slice(paging.offset, paging.offset + paging.limit),
    };
  }),

  'trials.recordings': withCaller(async ({ tenant, caller, params }) => {
    const trial = await trialsRepository.get(tenant.key, params.id!);
    const involved = trial && (trial.studentId === caller.user._id || trial.tutorId === caller.user._id);
    // Another user's trial is "not found", not "forbidden": its existence is not theirs to learn.
    if (!trial || (!involved && !callerHolds(caller, ['trialClass'], ['view']))) {
      throw new NotFoundError('Trial not found');
    }
    return { trial };
  }),
});
