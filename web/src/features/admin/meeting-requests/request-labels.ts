import { DateTime } from 'luxon';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import type { RequestStatus } from '../../../../../shared/scheduling/lesson-changes';
import type { MeetingRequest } from '../../../../../shared/schemas/meeting';
import { personName } from '../../../components/admin/person-names';

export const typeLabels = enumLabels.requestType;
export const statusLabels = enumLabels.requestStatus;
export const statusPalettes: Record<RequestStatus, string> = {
  PENDING: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
};
export const roleLabels = enumLabels.requesterRole;
export function requestedByLabel(request: Pick<MeetingRequest, 'requestedBy' | 'requestedByRole'>): string {
  return `${personName(request.requestedBy)} (${roleLabels[request.requestedByRole] ?? request.requestedByRole})`;
}

/** An ISO instant as a `datetime-local` value in the viewer's zone, and back. */
export function toLocalInput(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const time = DateTime.fromISO(iso, { zone });
  return time.isValid ? time.toFormat("yyyy-MM-dd'T'HH:mm") : '';
}

export function fromLocalInput(value: string, zone: string): string | undefined {
  if (!value) return undefined;
  const time = DateTime.fromISO(value, { zone });
  return time.isValid ? (time.toUTC().toISO() ?? undefined) : undefined;
}

/** Minutes between two instants, or undefined when either is missing. */
export function minutesBetween(start: string | null | undefined, end: string | null | undefined) {
  return start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000) : undefined;
}
