import { DateTime } from 'luxon';
import { DEFAULT_TIME_ZONE } from '../../../shared/scheduling/slots';
import { MISSING_VALUE } from '../config/app-constants';

/** The viewer's IANA zone as the browser reports it (the `deviceTimezone` of the calls), else the default. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Spec 000 section 9: a time shows as hh:mm A in the viewer's zone. */
export function formatTime(iso: string | null | undefined, zone = deviceTimeZone()): string {
  if (!iso) return MISSING_VALUE;
  const time = DateTime.fromISO(iso, { zone });
  return time.isValid ? time.toFormat('hh:mm a') : MISSING_VALUE;
}

/** Date and time: `2026 Nov 25, 04:00 PM`. */
export function formatDateTime(iso: string | null | undefined, zone = deviceTimeZone()): string {
  if (!iso) return MISSING_VALUE;
  const time = DateTime.fromISO(iso, { zone });
  return time.isValid ? time.toFormat('yyyy LLL dd, hh:mm a') : MISSING_VALUE;
}
