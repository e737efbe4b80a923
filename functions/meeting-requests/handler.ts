import { meetingRoutes } from '../../shared/routes/meetings';
import { hiddenCourseIds } from '../access/course-visibility';
import { requireAdminRole } from '../lib/access';
import { resourceHandler } from '../lib/pipeline';
import {
  getRequest,
  listRequests,
  requireBackOffice,
  respondToRequest,
  tutorAmountsWanted,
  updateTutorPaymentStatus,
} from '../meetings/requests';

export const handler = resourceHandler('meeting-requests', meetingRoutes, {
  'meetingRequests.adminList': async ({ tenant, caller, query }) => {
    requireBackOffice(caller);
    return listRequests(tenant.key, query, {
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    });
  },
  'meetingRequests.adminGet': async ({ tenant, caller, params, query }) => {
    requireBackOffice(caller);
    return getRequest(tenant.key, params.id, {
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    });
  },
  'meetingRequests.respond': async ({ tenant, caller, params, body }) =>
    respondToRequest(tenant, caller, params.requestId, body),
  'meetingRequests.updateTutorPaymentStatus': async ({ tenant, caller, body }) => {
    requireAdminRole(caller);
    const { meetingRequestIds, tutorPaymentStatus } = body;
    return updateTutorPaymentStatus(tenant.key, meetingRequestIds, tutorPaymentStatus);
  },
  // A student's own list leaves out requests about a draft course's lessons (shared/rules/course-visibility.ts).
  'meetingRequests.list': async ({ tenant, caller, query }) =>
    listRequests(tenant.key, query, {
      onlyFor: caller.user._id,
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
      hiddenCourses: await hiddenCourseIds(tenant.key, caller),
    }),
  'meetingRequests.get': async ({ tenant, caller, params, query }) =>
    getRequest(tenant.key, params.id, {
      onlyFor: caller.user._id,
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
      hiddenCourses: await hiddenCourseIds(tenant.key, caller),
    }),
});
