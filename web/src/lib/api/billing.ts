import type { SWRConfiguration } from 'swr';
import { type ApiAnswer, type ApiQuery, apiKey, callApi, useApi } from '../api-client';

/**
 * The billing reads and calls shared by the billing pages, the course page and the header. A read of the
 * caller's own has no userId, so the header and a page showing the same account share one SWR entry.
 */

/** GET /course-credits: credits per credit course and plan minutes left, of the caller or (userId) their child. */
export function useCourseCredits(
  userId: string | undefined,
  enabled = true,
  config?: SWRConfiguration<ApiAnswer<'courseCredits.list'>>,
) {
  const key = userId ? apiKey('courseCredits.list', { query: { userId } }) : apiKey('courseCredits.list');
  return useApi(enabled ? key : null, config);
}

/** GET /payment-history of the caller or their child, a page of it. */
export function usePaymentHistory(
  query: ApiQuery<'paymentHistory.list'> | null,
  config?: SWRConfiguration<ApiAnswer<'paymentHistory.list'>>,
) {
  return useApi(query ? ['paymentHistory.list', { query }] : null, config);
}

/** GET /transaction-logs of the caller or their child, a page of it. */
export function useTransactionLogs(query: ApiQuery<'transactionLogs.list'> | null) {
  return useApi(query ? ['transactionLogs.list', { query }] : null);
}

/**
 * "Manage billing": a Customer Portal session for the payer's Stripe customer, then the browser goes there
 * (spec 000 section 7: `session.url`). Someone who never paid has no billing account yet (the server says so).
 */
export async function openCustomerPortal(userId: string | undefined): Promise<void> {
  const answer = await callApi('payments.customerPortalData', userId ? { query: { userId } } : {});
  window.location.assign(answer.session.url);
}
