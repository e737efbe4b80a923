import { IANAZone } from 'luxon';

export { DEFAULT_TIME_ZONE } from '../scheduling/slots';

/** True for an IANA zone name the runtime knows (e.g. `Europe/London`); offsets and abbreviations are refused. */
export function isIanaTimeZone(zone: string): boolean {
  return zone.includes('/') || zone === 'UTC' ? IANAZone.isValidZone(zone) : false;
}
