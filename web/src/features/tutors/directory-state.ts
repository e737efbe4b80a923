import { timeZoneEntry } from '../../../../shared/scheduling/time-zones';
import { isCountryCode } from '../../../../shared/schemas/countries';

/** The directory's page size: a grid of three columns, four rows. */
export const DIRECTORY_PAGE_SIZE = 12;

/** The spec's fallback zone is Asia/Singapore (spec 000 section 9): a visitor from nowhere we know sees SG. */
const FALLBACK_COUNTRY = 'SG';

/** The country of a time zone (the visitor's, by default), else Singapore's. */
export function countryOfZone(zone: string | undefined): string {
  const code = timeZoneEntry(zone)?.countryCode;
  return code && isCountryCode(code) ? code : FALLBACK_COUNTRY;
}

/** What the directory's address holds: the country, the three filters and the page (from 1). */
export interface DirectoryState {
  country: string;
  curriculum: string;
  subject: string;
  grade: string;
  page: number;
}

export function readDirectoryState(search: URLSearchParams, zone: string | undefined): DirectoryState {
  const country = (search.get('country') ?? '').toUpperCase();
  const page = Number(search.get('page') ?? '1');
  return {
    country: isCountryCode(country) ? country : countryOfZone(zone),
    curriculum: search.get('curriculum') ?? '',
    subject: search.get('subject') ?? '',
    grade: search.get('grade') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * A change of one field: a curriculum clears the subject and grade (they belong to it), and any change but
 * the page's goes back to the first page.
 */
export function changeDirectory(
  state: DirectoryState,
  field: keyof DirectoryState,
  value: string | number,
): DirectoryState {
  if (field === 'page') return { ...state, page: Number(value) };
  const next = { ...state, [field]: String(value), page: 1 };
  return field === 'curriculum' ? { ...next, subject: '', grade: '' } : next;
}

export function directorySearch(state: DirectoryState): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      country: state.country,
      curriculum: state.curriculum,
      subject: state.subject,
      grade: state.grade,
      page: state.page > 1 ? String(state.page) : '',
    }).filter(([, value]) => value !== ''),
  );
}

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `Mon, Wed · 7.5 h a week`, or why not. */
export function availabilityText(
  summary: { weekdays: number[]; weeklyHours: number; unavailable: boolean } | null,
): string {
  if (!summary || summary.unavailable || summary.weeklyHours === 0) return 'No open hours at the moment';
  const days = [1, 2, 3, 4, 5, 6, 0].filter((day) => summary.weekdays.includes(day));
  return `${days.map((day) => weekdayNames[day]).join(', ')} · ${summary.weeklyHours} h a week`;
}
