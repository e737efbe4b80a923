import { meetingRoutes } from '../../shared/routes/meetings';
import { requireBackOffice } from '../lib/access';
import { resourceHandler } from '../lib/pipeline';
import {
  getRequest,
  listRequests,
  respondToRequest,
  tutorAmountsWanted,
  updateTutorPaymentStatus,
} from '../meetings/requests';

/**
 * The admin request calls show every request of the tenant. Student and tutor roles hold lesson history
 * `view` and `rescheduleOrCancellationTab` for their own lessons, so the permission alone is not enough:
 * the caller's role must be a back-office one (students and tutors use GET /meeting-requests).
 */
const everyRequest = 'Only the back-office can see every lesson request';
/** Tutor roles hold the `tutorPaymentStatus` column permission (to see the status), not to change it. */
const paymentStatus = 'Only the back-office can change payment status';

export const handler = resourceHandler('meeting-requests', meetingRoutes, {
  'meetingRequests.adminList': async ({ tenant, caller, query }) => {
    requireBackOffice(caller, everyRequest);
    return listRequests(tenant.key, query, {
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    });
  },
  'meetingRequests.adminGet': async ({ tenant, caller, params, query }) => {
    requireBackOffice(caller, everyRequest);
    return getRequest(tenant.key, params.id, {
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    });
  },
  'meetingRequests.respond': async ({ tenant, caller, params, body }) =>
    respondToRequest(tenant, caller, params.requestId, body),
  'meetingRequests.updateTutorPaymentStatus': async ({ tenant, caller, body }) => {
    requireBackOffice(caller, paymentStatus);
    const { meetingRequestIds, tutorPaymentStatus } = body;
    return updateTutorPaymentStatus(tenant.key, meetingRequestIds, tutorPaymentStatus);
  },
  'meetingRequests.list': async ({ tenant, caller, query }) =>
    listRequests(tenant.key, query, {
      onlyFor: caller.user._id,
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    }),
  'meetingRequests.get': async ({ tenant, caller, params, query }) =>
    getRequest(tenant.key, params.id, {
      onlyFor: caller.user._id,
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    }),
});
