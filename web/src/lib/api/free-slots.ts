import { type ApiQuery, useApi } from '../api-client';
import { revalidateReads } from './revalidate-reads';

/** GET /user-availability/slots/{tutorId}: a tutor's free times on a date (null skips the read). */
export function useFreeSlots(tutorId: string, query: ApiQuery<'availability.slots'> | null) {
  return useApi(query ? ['availability.slots', { params: { userId: tutorId }, query }] : null);
}

/** A lesson was booked, moved or cancelled: the tutors' free times read again. */
export const revalidateFreeSlots = () => revalidateReads(['availability.slots']);
