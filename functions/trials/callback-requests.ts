import { TooManyRequestsError } from '../../shared/http/errors';
import type { CallbackRequest, CallbackRequestBody } from '../../shared/schemas/callback-request';
import { newId } from '../lib/ids';
import { callbackRequestWrite } from '../repositories/callback-requests';
import { claimAttemptsWith } from '../repositories/login-throttles';

/**
 * Callback requests come from a public form, so they are throttled: at most 10 an hour from one address (a
 * school's families may share one) and 3 an hour for one e-mail address or phone number. Both counts and the
 * stored request are one transaction of conditional writes, so parallel requests get no more, and a request
 * refused by one limit takes nothing from the other.
 */
export const CALLBACK_WINDOW_MS = 60 * 60 * 1000;
export const MAX_CALLBACKS = { callbackAddress: 10, callbackContact: 3 } as const;

/** The contact a request is counted against: the e-mail address, else the phone number's digits. */
export function callbackContactKey(input: Pick<CallbackRequestBody, 'email' | 'phone'>): string {
  if (input.email) return `email:${input.email}`;
  return `phone:${(input.phone ?? '').replace(/\D/g, '')}`;
}

export async function requestCallback(
  tenant: string,
  input: CallbackRequestBody,
  who: { sourceIp: string; userId?: string },
): Promise<CallbackRequest> {
  const request: CallbackRequest = {
    _id: newId(),
    name: input.name,
    ...(input.email ? { email: input.email } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.note ? { note: input.note } : {}),
    ...(input.curriculum ? { curriculum: input.curriculum } : {}),
    ...(input.subject ? { subject: input.subject } : {}),
    ...(input.grade ? { grade: input.grade } : {}),
    ...(input.courseId ? { courseId: input.courseId } : {}),
    ...(input.deviceTimezone ? { timezone: input.deviceTimezone } : {}),
    ...(who.userId ? { userId: who.userId } : {}),
    status: 'NEW',
    createdAt: new Date().toISOString(),
  };
  const claim = await claimAttemptsWith(
    tenant,
    [
      { kind: 'callbackAddress', value: who.sourceIp, max: MAX_CALLBACKS.callbackAddress },
      { kind: 'callbackContact', value: callbackContactKey(input), max: MAX_CALLBACKS.callbackContact },
    ],
    CALLBACK_WINDOW_MS,
    [callbackRequestWrite(tenant, request)],
  );
  if (!claim.claimed) {
    const minutes = Math.max(1, Math.ceil((claim.windowEndsMs - Date.now()) / 60_000));
    throw new TooManyRequestsError(
      `Too many callback requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { retryAfterSeconds: minutes * 60 },
    );
  }
  return request;
}
