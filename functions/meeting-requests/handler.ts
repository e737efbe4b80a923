import { meetingRoutes } from '../../shared/routes/meetings';
import type { RespondBody } from '../../shared/schemas/meeting';
import type { ListQuery } from '../../shared/schemas/paging';
import { requireAdminRole } from '../lib/access';
import { resourceHandler, withCaller } from '../lib/pipeline';
import {
  getRequest,
  listRequests,
  type MeetingRequestFilters,
  requireBackOffice,
  respondToRequest,
  tutorAmountsWanted,
  updateTutorPaymentStatus,
} from '../meetings/requests';

type Query = ListQuery & MeetingRequestFilters;

export const handler = resourceHandler('meeting-requests', meetingRoutes, {
  'meetingRequests.adminList': withCaller<Query, unknown>(async ({ tenant, caller, query }) => {
    requireBackOffice(caller);
    return listRequests(tenant.key, query, {
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    });
  }),
  'meetingRequests.adminGet': withCaller<MeetingRequestFilters, unknown>(
    async ({ tenant, caller, params, query }) => {
      requireBackOffice(caller);
      return getRequest(tenant.key, params.id!, {
        includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
      });
    },
  ),
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
    listRequests(tenant.key, query, {
      onlyFor: caller.user._id,
      includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
    }),
  ),
  'meetingRequests.get': withCaller<MeetingRequestFilters, unknown>(
    async ({ tenant, caller, params, query }) =>
      getRequest(tenant.key, params.id!, {
        onlyFor: caller.user._id,
        includeTutorAmountData: tutorAmountsWanted(caller, query.includeTutorAmountData),
      }),
  ),
});
