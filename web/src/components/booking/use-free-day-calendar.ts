import { useEffect, useMemo, useState } from 'react';
import { type ApiKey, useApi } from '../../lib/api-client';
import { today as todayIn } from '../../lib/zoned-dates';
import { addDays, addMonths, firstOfMonth, lastOfMonth, monthOf } from './calendar-dates';

/** The reads that answer a range's free days: the trial dialog's (a combination) and a tutor's. */
export type FreeDaysKey = ApiKey<'trials.freeDays'> | ApiKey<'availability.freeDays'>;
export interface DayRange {
  from: string;
  to: string;
}

/** The most days one free-days read covers (the server's limit). */
const LOOKAHEAD_DAYS = 42;

/** The bookable part of a month: from today (or the 1st) to its last day; none for a month behind today. */
function bookableRange(month: string, today: string): DayRange | undefined {
  const last = lastOfMonth(month);
  if (last < today) return undefined;
  const first = firstOfMonth(month);
  return { from: first < today ? today : first, to: last };
}

export interface FreeDayCalendar {
  month: string;
  setMonth: (month: string) => void;
  today: string;
  /** The free days of the month shown. */
  freeDays: ReadonlySet<string>;
  loadingDays: boolean;
  lastBookableDay: string | undefined;
  /** Still looking for the first free day (when the dialog opened or what is booked changed). */
  seeking: boolean;
  /** No free day at all between today and the booking horizon. */
  noneWithinHorizon: boolean;
  /** The first free day after the chosen one, when the chosen one has none (undefined while unknown). */
  nextFreeDay: string | undefined;
  /** Choose a day and show its month. */
  jumpTo: (date: string) => void;
}

/**
 * The month calendar's state, shared by the booking dialogs: the free days of the month shown (one read per
 * month, not one per day), the first free day chosen when `searchKey` (what is being booked) is set or
 * changes (looking month after month up to the booking horizon, and saying so when there is none), and the
 * next free day after a chosen day that has none (read ahead past the month when needed). `keyFor` builds
 * the read of a range; it carries the viewer's zone, so a zone change reads the marks again.
 */
export function useFreeDayCalendar(options: {
  zone: string;
  /** What is being booked (combination, tutor); null while it is not chosen yet. */
  searchKey: string | null;
  keyFor: (range: DayRange) => FreeDaysKey;
  date: string;
  onDate: (date: string) => void;
  /**
   * Where the search for the first free day starts (a lesson being moved: its own day, so the calendar
   * opens on its month); today when unset or already past.
   */
  from?: string | undefined;
}): FreeDayCalendar {
  const { zone, searchKey, keyFor, date, onDate } = options;
  const today = todayIn(zone);
  const seekFrom = options.from && options.from > today ? options.from : today;
  const [month, setMonth] = useState(() => monthOf(date || today));
  // The search for the first free day of what is booked: scanning month after month, then done or
  // exhausted (nothing up to the horizon). Anything but a finished search for the current key counts as
  // seeking, from the first render with a new key on.
  const [seek, setSeek] = useState<{ key: string; phase: 'scanning' | 'done' | 'exhausted' } | null>(null);

  // Something new to book: look for its first free day, from this month (or the month of `from`) on. A
  // new zone keeps the chosen day (its times and the marks are read again for the zone).
  const thisMonth = monthOf(seekFrom);
  const seekKey = seek?.key;
  useEffect(() => {
    if (!searchKey) {
      setSeek(null);
      return;
    }
    if (seekKey === searchKey) return;
    setSeek({ key: searchKey, phase: 'scanning' });
    setMonth(thisMonth);
  }, [searchKey, seekKey, thisMonth]);

  const range = bookableRange(month, today);
  const visible = useApi(searchKey && range ? keyFor(range) : null);
  const answer = visible.data;

  useEffect(() => {
    if (!searchKey || seek?.key !== searchKey || seek.phase !== 'scanning' || !answer) return;
    const first = answer.days.find((day) => day >= seekFrom);
    if (first) {
      setSeek({ key: searchKey, phase: 'done' });
      onDate(first);
      return;
    }
    const next = addMonths(firstOfMonth(month), 1);
    if (next <= answer.lastBookableDay) {
      setMonth(monthOf(next));
    } else {
      setSeek({ key: searchKey, phase: 'exhausted' });
      onDate('');
    }
  }, [answer, month, searchKey, seek, onDate, seekFrom]);

  const freeDays = useMemo(() => new Set(answer?.days ?? []), [answer]);
  const lastBookableDay = answer?.lastBookableDay;

  // The next free day after a chosen day without times: in this month's marks, else read ahead.
  const chosenShown = Boolean(date) && monthOf(date) === month && answer !== undefined;
  const laterThisMonth = chosenShown ? answer?.days.find((day) => day > date) : undefined;
  const monthEnd = lastOfMonth(month);
  const readAhead =
    chosenShown && !freeDays.has(date) && !laterThisMonth && lastBookableDay && monthEnd < lastBookableDay;
  const aheadEnd = addDays(monthEnd, LOOKAHEAD_DAYS);
  const ahead = useApi(
    searchKey && readAhead
      ? keyFor({
          from: addDays(monthEnd, 1),
          to: lastBookableDay && aheadEnd > lastBookableDay ? lastBookableDay : aheadEnd,
        })
      : null,
  );
  const nextFreeDay = freeDays.has(date) ? undefined : (laterThisMonth ?? ahead.data?.days[0]);

  return {
    month,
    setMonth,
    today,
    freeDays,
    loadingDays: visible.isLoading,
    lastBookableDay,
    seeking: searchKey !== null && (seek?.key !== searchKey || seek.phase === 'scanning'),
    noneWithinHorizon: searchKey !== null && seek?.key === searchKey && seek.phase === 'exhausted',
    nextFreeDay,
    jumpTo: (day: string) => {
      onDate(day);
      setMonth(monthOf(day));
    },
  };
}
