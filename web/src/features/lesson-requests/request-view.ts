import { enumLabels } from '../../../../shared/rules/enum-labels';
import { type RequestStatus, requestStatuses } from '../../../../shared/scheduling/lesson-changes';
import { formatDateTime, formatTime } from '../../lib/time-zone';

export const statusPalette: Record<RequestStatus, string> = {
  PENDING: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
};

export const typeLabels = enumLabels.requestType;

export interface RequestPageQuery {
  status: RequestStatus | '';
  type: 'CANCEL' | 'RESCHEDULE' | '';
  /** Zero-based. */
  page: number;
  /** The request shown in full, if any. */
  id: string;
}

/** The "My requests" view from its address; anything unknown falls back to the whole list's first page. */
export function requestPageQuery(search: URLSearchParams): RequestPageQuery {
  const status = search.get('status') ?? '';
  const type = search.get('type') ?? '';
  const page = Number(search.get('page') ?? '0');
  return {
    status: (requestStatuses as readonly string[]).includes(status) ? (status as RequestStatus) : '',
    type: type === 'CANCEL' || type === 'RESCHEDULE' ? type : '',
    page: Number.isInteger(page) && page > 0 && page < 100_000 ? page : 0,
    id: search.get('id') ?? '',
  };
}

/** `2026 Nov 25, 04:00 PM – 05:00 PM` in the viewer's zone; a dash when there is no time. */
export function timeRange(
  start: string | null | undefined,
  end: string | null | undefined,
  zone: string,
): string {
  if (!start) return '-';
  return `${formatDateTime(start, zone)} – ${formatTime(end, zone)}`;
}
