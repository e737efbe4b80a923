import { type CallbackRequest, callbackRequestSchema } from '../../shared/schemas/callback-request';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import type { PageRequest } from '../table/query';
import type { TransactItem } from '../table/transactions';

/** Callback requests: one partition per tenant, newest first by their time-ordered id. */
const callbackRequests = defineEntity({
  name: 'callbackRequest',
  schema: callbackRequestSchema,
  keyAttributes: ['_id'],
  key: (tenant, request) => keys.callbackRequest(tenant, request._id),
});

/** The request's Put, for the transaction that also counts it against the throttle. */
export function callbackRequestWrite(tenant: string, request: CallbackRequest): TransactItem {
  return callbackRequests.putWrite(tenant, request, 'absent');
}

export function pageCallbackRequests(tenant: string, page: PageRequest) {
  return callbackRequests.page({ partition: keys.callbackRequest(tenant, '').pk, descending: true }, page);
}
