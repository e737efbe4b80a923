import type { AvailabilityInput } from '../../../../../shared/schemas/availability';
import { callApi } from '../../../lib/api-client';

/** PUT /user-availability/{userId}: replaces the tutor's whole availability; answers what was stored. */
export function updateAvailability(userId: string, body: AvailabilityInput) {
  return callApi('availability.update', { params: { userId }, body });
}
