import { isJoinOpen } from '../scheduling/join-window';

/*
 * A parent's home (#16 item 13): for each child on the parent's user-mapper, the next lessons, the homework
 * due and the latest progress, on one page without switching account. These are the choices of what is
 * shown; the server reads the records (functions/family/overview.ts) and the portal home draws them.
 */

/** How many of the child's next lessons are listed. */
export const FAMILY_LESSON_COUNT = 5;
/** How far ahead lessons are looked for: "no lessons booked for Maya in the next 8 weeks". */
export const FAMILY_LESSON_WEEKS = 8;
/** A lesson under way is still listed (its Join may be open): the longest lesson lasts three hours. */
export const FAMILY_LESSON_LOOKBACK_MINUTES = 180;
/** Homework whose due time passed less than this long ago is still listed (as overdue). */
export const FAMILY_HOMEWORK_OVERDUE_DAYS = 7;
/** At most this many homework are listed per child, the soonest due first. */
export const FAMILY_HOMEWORK_COUNT = 8;
/** How many of the child's most recently studied sub-topics are listed. */
export const FAMILY_PROGRESS_COUNT = 5;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The instants the child's calendar is read between: a lesson under way, then the weeks ahead. */
export function lessonWindow(now: Date): { from: string; to: string } {
  return {
    from: new Date(now.getTime() - FAMILY_LESSON_LOOKBACK_MINUTES * MINUTE_MS).toISOString(),
    to: new Date(now.getTime() + FAMILY_LESSON_WEEKS * 7 * DAY_MS).toISOString(),
  };
}

interface CalendarLine {
  start: string;
  end: string;
  status: string;
}

/**
 * The next lessons: not yet ended (a lesson under way included), active or cancelled (a parent wants to
 * know a lesson will not take place; a completed one is over), by start, at most FAMILY_LESSON_COUNT; each
 * with whether it can be joined now (shared/scheduling/join-window.ts, the Join button's own rule).
 */
export function nextLessons<L extends CalendarLine>(
  lines: readonly L[],
  now: Date,
): Array<L & { joinOpen: boolean }> {
  return lines
    .filter((l) => Date.parse(l.end) > now.getTime() && (l.status === 'ACTIVE' || l.status === 'CANCELLED'))
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, FAMILY_LESSON_COUNT)
    .map((l) => ({
      ...l,
      joinOpen: isJoinOpen({ start: new Date(l.start), end: new Date(l.end), status: l.status, now }),
    }));
}

interface HomeworkSection {
  _id: string;
  kind: string;
  status: string;
  audience: string;
  homework?: { dueAt: string | null } | undefined;
}

/**
 * Homework the child still has to hand in: a student's homework (kind HOMEWORK, active, for students) with a
 * due time ahead or at most FAMILY_HOMEWORK_OVERDUE_DAYS past, that the child has not handed in; soonest
 * due first, at most FAMILY_HOMEWORK_COUNT. Homework without a due time is left out: nothing is "due".
 */
export function homeworkDue<S extends HomeworkSection>(
  sections: readonly S[],
  handedIn: ReadonlySet<string>,
  now: Date,
): Array<{ section: S; dueAt: string; overdue: boolean }> {
  const since = now.getTime() - FAMILY_HOMEWORK_OVERDUE_DAYS * DAY_MS;
  return sections
    .flatMap((section) => {
      const dueAt = section.homework?.dueAt;
      if (section.kind !== 'HOMEWORK' || section.status !== 'ACTIVE' || section.audience !== 'STUDENT')
        return [];
      if (!dueAt || Date.parse(dueAt) < since || handedIn.has(section._id)) return [];
      return [{ section, dueAt, overdue: Date.parse(dueAt) < now.getTime() }];
    })
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
    .slice(0, FAMILY_HOMEWORK_COUNT);
}

/** The child's most recently studied sub-topics, latest first, at most FAMILY_PROGRESS_COUNT. */
export function recentProgress<E extends { updatedAt: string }>(entries: readonly E[]): E[] {
  return [...entries].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, FAMILY_PROGRESS_COUNT);
}
