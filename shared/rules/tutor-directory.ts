import type { TeachingSubject } from '../schemas/curriculum';
import type { AvailabilitySummary } from '../schemas/tutor-directory';

/**
 * The public tutor directory's rules (spec 002 "Courses and tutors"; the admin's tutorSorting of specs 000
 * and 001): who is listed, in which order, which subjects a filter keeps, and the availability summary.
 */

/** What decides a user's place in the directory. */
export interface Listable {
  _id: string;
  type: string;
  firstname: string;
  lastname: string;
  country?: string | undefined;
  directoryHidden?: boolean | undefined;
  /** A deleted (anonymised) account is listed nowhere. */
  deletedAt?: string | undefined;
}

/** A tutor is listed in their country's directory unless hidden; a tutor without a country is not listed. */
export function isListed(user: Listable | undefined): user is Listable & { country: string } {
  return (
    user !== undefined &&
    user.type === 'tutor' &&
    !!user.country &&
    user.directoryHidden !== true &&
    !user.deletedAt
  );
}

/** `Tom Turing` -> `tom turing`: the name order of the directory (case and extra spaces ignored). */
export function listingNameKey(user: { firstname: string; lastname: string }): string {
  return `${user.firstname} ${user.lastname}`.trim().toLowerCase().replace(/\s+/g, ' ').replaceAll('#', ' ');
}

/**
 * The directory's order: the tutors the admin sorted, in their order, then everyone else as given (the
 * listing's name order). `sorted` may name tutors who are not in `byName` (another country, hidden, gone):
 * they are left out.
 */
export function directoryOrder<T extends { userId: string }>(
  byName: readonly T[],
  sorted: readonly string[],
): T[] {
  const found = new Map(byName.map((entry) => [entry.userId, entry]));
  const first = sorted.flatMap((id) => {
    const entry = found.get(id);
    return entry ? [entry] : [];
  });
  const placed = new Set(first.map((entry) => entry.userId));
  return [...first, ...byName.filter((entry) => !placed.has(entry.userId))];
}

export interface SubjectFilter {
  curriculum?: string | undefined;
  subject?: string | undefined;
  grade?: string | undefined;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a taught combination matches each part of the filter that is given (case ignored). */
export function matchesFilter(taught: TeachingSubject, filter: SubjectFilter): boolean {
  return (
    (!filter.curriculum || same(taught.curriculum, filter.curriculum)) &&
    (!filter.subject || same(taught.subject, filter.subject)) &&
    (!filter.grade || same(taught.grade, filter.grade))
  );
}

export const hasFilter = (filter: SubjectFilter) => !!(filter.curriculum || filter.subject || filter.grade);

/**
 * Every combination of a curriculum list that a filter matches: the teaching index is keyed by the full
 * combination, so a filter that leaves some parts open reads each combination it stands for.
 */
export function filterCombinations(
  curricula: ReadonlyArray<{
    name: string;
    grades: readonly string[];
    subjects: ReadonlyArray<{ name: string }>;
  }>,
  filter: SubjectFilter,
): TeachingSubject[] {
  return curricula.flatMap((curriculum) =>
    curriculum.subjects.flatMap((subject) =>
      curriculum.grades
        .map((grade) => ({ curriculum: curriculum.name, subject: subject.name, grade }))
        .filter((combination) => matchesFilter(combination, filter)),
    ),
  );
}

const minutesOf = (time: string) => {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
};

/**
 * When a tutor teaches, from their weekly hours (in their own zone): the weekdays with hours and the hours
 * a week, to the quarter hour. `to` of 00:00 or 24:00 ends the day.
 */
export function availabilitySummary(availability: {
  timezone: string;
  status: string;
  weeklyHours: ReadonlyArray<{ weekday: number; from: string; to: string }>;
}): AvailabilitySummary {
  const minutes = availability.weeklyHours.reduce((sum, range) => {
    const end = minutesOf(range.to) === 0 ? 24 * 60 : minutesOf(range.to);
    return sum + Math.max(0, end - minutesOf(range.from));
  }, 0);
  return {
    timezone: availability.timezone,
    weekdays: [...new Set(availability.weeklyHours.map((range) => range.weekday))].sort((a, b) => a - b),
    weeklyHours: Math.round((minutes / 60) * 4) / 4,
    unavailable: availability.status !== 'available',
  };
}
