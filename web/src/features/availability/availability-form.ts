import { isIanaTimeZone } from '../../../../shared/rules/time-zone';
import { timeZoneEntry, timeZoneLabel, timeZoneList } from '../../../../shared/scheduling/time-zones';
import {
  type Availability,
  type AvailabilityInput,
  adminOnlyAvailabilityStatuses,
  type TutorAvailabilityStatus,
  tutorAvailabilityStatuses,
  tutorAvailabilityStatusLabels,
} from '../../../../shared/schemas/availability';
import type { TeachingSubject } from '../../../../shared/schemas/curriculum';
import type { AuthUser } from '../../../../shared/schemas/user';
import { holdsReader } from '../../lib/permissions';

/** The spec's weekday list runs Sunday to Saturday; the index is the API's `weekday` (0 = Sunday). */
export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

let lastRowId = 0;
/** A row's key for React lists (rows are added and removed; the API has no ids for them). */
export function newRowId(): string {
  lastRowId += 1;
  return `row-${lastRowId}`;
}

/** Wall-clock hours as the time inputs hold them (`HH:mm`; empty while not chosen). */
export interface HoursRow {
  id: string;
  from: string;
  to: string;
}

export interface ExceptionRow {
  id: string;
  date: string;
  kind: 'dayOff' | 'extraHours';
  /** Kept while the kind is day off, so switching back does not lose them; only sent for extra hours. */
  hours: HoursRow[];
}

export interface WindowRow {
  id: string;
  status: 'ENABLE' | 'DISABLE';
  /** `YYYY-MM-DD`, or empty for no bound. */
  startDate: string;
  endDate: string;
}

/** What the availability screen edits: the API body with per-day rows and empty strings for "not set". */
export interface AvailabilityDraft {
  timezone: string;
  status: TutorAvailabilityStatus;
  /** Seven lists of ranges, Sunday first. */
  week: HoursRow[][];
  exceptions: ExceptionRow[];
  windows: WindowRow[];
  subjects: SubjectRow[];
}

export interface SubjectRow extends TeachingSubject {
  id: string;
}

/** A field's message, keyed by its place in the draft: `week.1.0`, `exceptions.2.date`, `subjects.0`... */
export type DraftErrors = Record<string, string>;

const hoursRow = (range: { from: string; to: string }): HoursRow => ({
  id: newRowId(),
  from: range.from,
  to: range.to,
});
const plainHours = (range: HoursRow) => ({ from: range.from, to: range.to });
const byFrom = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  a.from.localeCompare(b.from) || a.to.localeCompare(b.to);

/** The API's weekly list -> seven per-day lists (Sunday first), each sorted by start. */
export function toWeekRows(weeklyHours: AvailabilityInput['weeklyHours']): HoursRow[][] {
  const week: HoursRow[][] = weekdayNames.map(() => []);
  for (const entry of weeklyHours) week[entry.weekday]?.push(hoursRow(entry));
  return week.map((day) => day.sort(byFrom));
}

/** Seven per-day lists -> the API's weekly list, by weekday then start. */
export function fromWeekRows(week: HoursRow[][]): AvailabilityInput['weeklyHours'] {
  return week.flatMap((day, weekday) =>
    day
      .map(plainHours)
      .sort(byFrom)
      .map((range) => ({ weekday, ...range })),
  );
}

export function toDraft(availability: AvailabilityInput | Availability): AvailabilityDraft {
  return {
    timezone: availability.timezone,
    status: availability.status,
    week: toWeekRows(availability.weeklyHours),
    exceptions: availability.exceptions.map((exception) => ({
      id: newRowId(),
      date: exception.date,
      kind: exception.kind,
      hours: exception.kind === 'extraHours' ? exception.hours.map(hoursRow) : [],
    })),
    windows: availability.windows.map((window) => ({
      id: newRowId(),
      status: window.status,
      startDate: window.startDate ?? '',
      endDate: window.endDate ?? '',
    })),
    subjects: availability.subjects.map((subject) => ({ id: newRowId(), ...subject })),
  };
}

/** The PUT body: the whole availability, exceptions by date, empty window dates left out. */
export function toInput(draft: AvailabilityDraft): AvailabilityInput {
  return {
    timezone: draft.timezone.trim(),
    status: draft.status,
    weeklyHours: fromWeekRows(draft.week),
    exceptions: [...draft.exceptions]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((exception) =>
        exception.kind === 'dayOff'
          ? { date: exception.date, kind: 'dayOff' as const }
          : {
              date: exception.date,
              kind: 'extraHours' as const,
              hours: exception.hours.map(plainHours).sort(byFrom),
            },
      ),
    windows: draft.windows.map((window) => ({
      status: window.status,
      ...(window.startDate ? { startDate: window.startDate } : {}),
      ...(window.endDate ? { endDate: window.endDate } : {}),
    })),
    subjects: draft.subjects.map((subject) => ({
      curriculum: subject.curriculum,
      subject: subject.subject,
      grade: subject.grade,
    })),
  };
}

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** One range: both ends set, as `HH:mm`, and the end after the start. */
export function rangeError(range: { from: string; to: string }): string | undefined {
  if (!range.from || !range.to) return 'Choose a start and an end time';
  if (!TIME.test(range.from) || !TIME.test(range.to)) return 'Use times as HH:mm';
  if (range.to <= range.from) return 'The end must be after the start';
  return undefined;
}

/** The indexes of valid ranges that overlap another range of the same list (touching ends are fine). */
export function overlappingRanges(ranges: Array<{ from: string; to: string }>): Set<number> {
  const overlapping = new Set<number>();
  ranges.forEach((a, i) => {
    ranges.forEach((b, j) => {
      if (i === j || rangeError(a) || rangeError(b)) return;
      if (a.from < b.to && b.from < a.to) overlapping.add(i);
    });
  });
  return overlapping;
}

function rangesErrors(ranges: HoursRow[], prefix: string, errors: DraftErrors) {
  const overlapping = overlappingRanges(ranges);
  ranges.forEach((range, i) => {
    const error = rangeError(range) ?? (overlapping.has(i) ? 'Overlaps other hours on this day' : undefined);
    if (error) errors[`${prefix}.${i}`] = error;
  });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Everything the server would refuse, and a few mistakes it would accept (overlaps, duplicates). */
export function validateDraft(draft: AvailabilityDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!isIanaTimeZone(draft.timezone.trim())) errors.timezone = 'Use an IANA time zone such as Europe/London';
  draft.week.forEach((day, weekday) => {
    rangesErrors(day, `week.${weekday}`, errors);
  });

  const seenDates = new Set<string>();
  draft.exceptions.forEach((exception, i) => {
    if (!DATE.test(exception.date)) errors[`exceptions.${i}.date`] = 'Choose a date';
    else if (seenDates.has(exception.date))
      errors[`exceptions.${i}.date`] = 'This date already has an exception';
    seenDates.add(exception.date);
    if (exception.kind === 'extraHours') {
      if (exception.hours.length === 0) errors[`exceptions.${i}.hours`] = 'Add at least one range of hours';
      rangesErrors(exception.hours, `exceptions.${i}.hours`, errors);
    }
  });

  draft.windows.forEach((window, i) => {
    if (window.startDate && window.endDate && window.endDate < window.startDate)
      errors[`windows.${i}.endDate`] = 'The end date must not be before the start date';
  });

  const seenSubjects = new Set<string>();
  draft.subjects.forEach((subject, i) => {
    if (!subject.curriculum || !subject.subject || !subject.grade) {
      errors[`subjects.${i}`] = 'Choose a curriculum, subject and grade';
      return;
    }
    const key = `${subject.curriculum}#${subject.subject}#${subject.grade}`.toLowerCase();
    if (seenSubjects.has(key)) errors[`subjects.${i}`] = 'This subject is already listed';
    seenSubjects.add(key);
  });
  return errors;
}

/** A new range for a list: 09:00-17:00 on an empty day, else the hour after the latest end. */
export function suggestRange(existing: HoursRow[]): HoursRow {
  const ends = existing.map((range) => range.to).filter((to) => TIME.test(to));
  if (ends.length === 0) return { id: newRowId(), from: '09:00', to: '17:00' };
  const latest = ends.sort().at(-1)!;
  const [hours = 0, minutes = 0] = latest.split(':').map(Number);
  if (hours >= 23) return { id: newRowId(), from: '', to: '' };
  const pad = (n: number) => String(n).padStart(2, '0');
  return { id: newRowId(), from: latest, to: `${pad(hours + 1)}:${pad(minutes)}` };
}

/** A new exception's date: the day after the latest one listed, or `today` (the tutor's today). */
export function suggestExceptionDate(existing: ExceptionRow[], today: string): string {
  const latest = existing
    .map((exception) => exception.date)
    .filter((date) => DATE.test(date) && date >= today)
    .sort()
    .at(-1);
  if (!latest) return today;
  const next = new Date(`${latest}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** A select's option names, with the current value first when the catalogue no longer lists it. */
export function optionsWith(names: string[], current: string): string[] {
  return current && !names.includes(current) ? [current, ...names] : names;
}

/** Changing a subject row's curriculum clears its subject and grade; changing the subject clears the grade. */
export function changeSubject(row: SubjectRow, field: keyof TeachingSubject, value: string): SubjectRow {
  switch (field) {
    case 'curriculum':
      return { ...row, curriculum: value, subject: '', grade: '' };
    case 'subject':
      return { ...row, subject: value, grade: '' };
    case 'grade':
      return { ...row, grade: value };
  }
}

/** An admin here: one who may change any tutor's availability (the server's rule). */
export function canEditAnyAvailability(user: AuthUser | undefined): boolean {
  return holdsReader(user, 'anyAvailabilityChange');
}

export interface StatusOption {
  value: TutorAvailabilityStatus;
  label: string;
  disabled: boolean;
}

/** Every status with its label; the admin-only ones are disabled for a tutor. */
export function statusOptions(isAdmin: boolean): StatusOption[] {
  return tutorAvailabilityStatuses.map((value) => ({
    value,
    label: tutorAvailabilityStatusLabels[value],
    disabled: !isAdmin && adminOnlyAvailabilityStatuses.includes(value),
  }));
}

/** A status an admin set holds for the tutor: they cannot change it themselves (the server refuses). */
export function isStatusHeldByAdmin(status: TutorAvailabilityStatus, isAdmin: boolean): boolean {
  return !isAdmin && adminOnlyAvailabilityStatuses.includes(status);
}

/**
 * The time zone select's choices: the fixed list of spec 000 section 9 (shared/scheduling/time-zones.ts).
 * A saved zone the list does not hold as such (an alias, e.g. America/Detroit) stays a choice, labelled as
 * the entry it stands for, so the form shows what is saved until someone picks another.
 */
export function timeZoneOptions(current: string): Array<{ value: string; label: string }> {
  const options = timeZoneList.map((entry) => ({ value: entry.value, label: timeZoneLabel(entry) }));
  if (!current || options.some((option) => option.value === current)) return options;
  const entry = timeZoneEntry(current);
  return [{ value: current, label: entry ? `${timeZoneLabel(entry)} (${current})` : current }, ...options];
}
