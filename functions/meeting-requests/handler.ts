import { meetingRoutes } from '../../shared/routes/meetings';
import type { RespondBody } from '../../shared/schemas/meeting';
import type { ListQuery } from '../../shared/schemas/paging';
import { requireAdminRole } from '../lib/access';
import { resourceHandler, withCaller } from '../lib/pipeline';
import {
  getRequest,
  listRequests,
  type MeetingRequestFilters,
  respondToRequest,
  updateTutorPaymentStatus,
} from '../meetings/requests';

type Query = ListQuery & MeetingRequestFilters;

export const handler = resourceHandler('meeting-requests', meetingRoutes, {
  'meetingRequests.adminList': async ({ tenant, query }) => listRequests(tenant.key, query as Query),
  'meetingRequests.adminGet': async ({ tenant, params, query }) =>
    getRequest(tenant.key, params.id!, {
      includeTutorAmountData: (query as MeetingRequestFilters).includeTutorAmountData === '1',
    }),
  'meetingRequests.respond': withCaller<unknown, RespondBody>(async ({ tenant, caller, params, body }) =>
    respondToRequest(tenant, caller, params.requestId!, body),
  ),
  'meetingRequests.updateTutorPaymentStatus': withCaller(async ({ tenant, caller, body }) => {
    requireAdminRole(caller);
    const { meetingRequestIds, tutorPaymentStatus } = body as {
      meetingRequestIds: string[];
      tutorPaymentStatus: 'PROCESSING' | 'PAID';
    };
    return updateTutorPaymentStatus(tenant.key, meetingRequestIds, tutorPaymentStatus);
  }),
  'meetingRequests.list': withCaller<Query, unknown>(async ({ tenant, caller, query }) =>
    listRequests(tenant.key, query, caller.user._id),
  ),
  'meetingRequests.get': withCaller<MeetingRequestFilters, unknown>(
    async ({ tenant, caller, params, query }) =>
      getRequest(tenant.key, params.id!, {
        onlyFor: caller.user._id,
        includeTutorAmountData: query.includeTutorAmountData === '1',
      }),
  ),
});
