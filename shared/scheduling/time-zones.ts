import rawTimeZones from '@vvo/tzdb/raw-time-zones.json';
import { DEFAULT_TIME_ZONE } from './slots';

/**
 * Spec 000 section 9: the fixed list of time zones a person picks from, each with its country, a name to
 * show, the IANA zone it stands for and the country's code. Taken from the IANA database as @vvo/tzdb keeps
 * it (one entry per distinct zone of a country, with the zones it stands for), so it follows the database's
 * releases rather than being typed out here.
 */
export interface TimeZoneEntry {
  countryName: string;
  /** e.g. "Eastern Time (New York)". */
  name: string;
  /** The IANA zone: what is stored and computed with. */
  value: string;
  countryCode?: string;
}

const utc: TimeZoneEntry = { countryName: 'Coordinated Universal Time', name: 'UTC', value: 'UTC' };

/** The list, by country and then by name, with UTC first. */
export const timeZoneList: readonly TimeZoneEntry[] = [
  utc,
  ...rawTimeZones
    .map(
      (zone): TimeZoneEntry => ({
        countryName: zone.countryName,
        name: zone.mainCities[0] ? `${zone.alternativeName} (${zone.mainCities[0]})` : zone.alternativeName,
        value: zone.name,
        countryCode: zone.countryCode,
      }),
    )
    .sort((a, b) => a.countryName.localeCompare(b.countryName) || a.name.localeCompare(b.name)),
];

const entryByValue = new Map(timeZoneList.map((entry) => [entry.value, entry]));

/** Every IANA name an entry stands for (its zone and the zones grouped under it), to its entry. */
const entryByZone: ReadonlyMap<string, TimeZoneEntry> = new Map([
  ['Etc/UTC', utc],
  ...rawTimeZones.flatMap((zone) => {
    const entry = entryByValue.get(zone.name);
    return entry ? [...zone.group, zone.name].map((name) => [name, entry] as const) : [];
  }),
  ['UTC', utc],
]);

/** The list's entry for an IANA zone, an alias included (Asia/Calcutta is India's Asia/Kolkata). */
export function timeZoneEntry(zone: string | undefined): TimeZoneEntry | undefined {
  return zone ? entryByZone.get(zone) : undefined;
}

/** The listed zone a stored or reported zone stands for, else the spec's fallback, Asia/Singapore. */
export function listedTimeZone(zone: string | undefined): string {
  return timeZoneEntry(zone)?.value ?? DEFAULT_TIME_ZONE;
}

/** How an entry reads in a picker: "Singapore: Singapore Time (Singapore)". */
export function timeZoneLabel(entry: TimeZoneEntry): string {
  return entry.value === 'UTC' ? 'UTC' : `${entry.countryName}: ${entry.name}`;
}
