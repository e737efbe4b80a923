import { DateTime } from 'luxon';
import { useCallback, useState } from 'react';
import { useFreeSlots } from '../../lib/api/free-slots';
import { apiKey } from '../../lib/api-client';
import { isBookableDate } from '../../lib/zoned-dates';
import type { BookingScheduleState } from '../booking/booking-schedule';
import { type DayRange, useFreeDayCalendar } from '../booking/use-free-day-calendar';

/** What a reschedule dialog hands to BookingSchedule, besides its labels: the booking calendar's own state. */
export type RescheduleSchedule = BookingScheduleState;

/**
 * The booking calendar's state for moving a lesson (the student's, tutor's and admin's reschedule
 * dialogs): the tutor's free days and a day's free times with the lesson itself not counted as booked
 * (`sectionId`, so the times next to it are offered) and its own time left out by the server, opening on
 * the lesson's month and its first free day from the lesson's day on. `tutorId` and `duration` may change
 * (an admin moving the lesson to another tutor or length): the times are read again, and a new tutor
 * looks for its first free day again. `active` false (a cancel) reads nothing.
 */
export function useRescheduleSchedule(options: {
  lesson: { _id: string; start?: string | undefined };
  tutorId: string;
  duration?: number | undefined;
  initialZone: string;
  active: boolean;
}): RescheduleSchedule {
  const { lesson, tutorId, duration, initialZone, active } = options;
  const [zone, setZone] = useState(initialZone);
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const lessonDay = lesson.start
    ? (DateTime.fromISO(lesson.start, { zone }).toISODate() ?? undefined)
    : undefined;
  const onDate = useCallback((day: string) => {
    setDate(day);
    setSlot('');
  }, []);
  const keyFor = useCallback(
    (range: DayRange) =>
      apiKey('availability.freeDays', {
        params: { userId: tutorId },
        query: { ...range, sectionId: lesson._id, deviceTimezone: zone, ...(duration ? { duration } : {}) },
      }),
    [tutorId, lesson._id, duration, zone],
  );
  const calendar = useFreeDayCalendar({
    zone,
    searchKey: active && tutorId ? tutorId : null,
    keyFor,
    date,
    onDate,
    from: lessonDay,
  });
  const dateOk = active && Boolean(tutorId) && isBookableDate(date, zone);
  const { data, isLoading } = useFreeSlots(
    tutorId,
    dateOk ? { date, sectionId: lesson._id, deviceTimezone: zone, ...(duration ? { duration } : {}) } : null,
  );
  return {
    calendar,
    zone,
    onZoneChange: (next) => {
      setZone(next);
      setSlot('');
    },
    date,
    onDate,
    slots: dateOk ? data?.docs : [],
    loadingSlots: dateOk && isLoading,
    slot,
    onSlot: setSlot,
  };
}
