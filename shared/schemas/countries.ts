import rawTimeZones from '@vvo/tzdb/raw-time-zones.json';

/**
 * The countries a person can name (their own, their nationality, the tutor directory's country filter):
 * the ISO 3166 codes of the IANA time zone database as @vvo/tzdb keeps them, with their English names,
 * by name. The same source as the fixed time zone list (shared/scheduling/time-zones.ts).
 */
export interface Country {
  code: string;
  name: string;
}

export const countryList: readonly Country[] = [
  ...new Map(rawTimeZones.map((zone) => [zone.countryCode, zone.countryName])).entries(),
]
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

const nameByCode = new Map(countryList.map((country) => [country.code, country.name]));

export function isCountryCode(code: string): boolean {
  return nameByCode.has(code);
}

/** `SG` -> `Singapore`; an unknown code is shown as it is. */
export function countryName(code: string): string {
  return nameByCode.get(code) ?? code;
}
