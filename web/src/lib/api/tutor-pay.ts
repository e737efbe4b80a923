import { type ApiBody, type ApiQuery, callApi, useApi } from '../api-client';
import { revalidateReads } from './revalidate-reads';

/** GET /lesson-history with the pay columns: a tutor's own lessons and what each pays. */
export function useMyPay(query: ApiQuery<'lessonHistory.list'>) {
  return useApi(['lessonHistory.list', { query: { ...query, includeTutorAmountData: '1' } }]);
}

/** GET /lesson-history/tutor-payments/totals: the signed-in tutor's pay over a period, per currency. */
export function useMyPayTotals(query: ApiQuery<'lessonHistory.payTotals'>) {
  return useApi(['lessonHistory.payTotals', { query }]);
}

/** PUT /lesson-history/tutor-payments/raise-concern; the lessons are read again after it. */
export async function raiseConcern(body: ApiBody<'lessonHistory.raiseConcern'>) {
  const lesson = await callApi('lessonHistory.raiseConcern', { body });
  await revalidateReads(['lessonHistory.list', 'lessonHistory.get', 'lessonHistory.payTotals']);
  return lesson;
}
