import { DateTime } from 'luxon';

/** The parts of the viewer's day the booking dialogs group free times by, in order. */
export const dayParts = ['Morning', 'Afternoon', 'Evening'] as const;
export type DayPart = (typeof dayParts)[number];

/**
 * Which part of the day a wall-clock hour belongs to: morning before 12:00, afternoon from 12:00 to
 * 17:00, evening from 17:00. The small hours (a tutor far away teaching in the viewer's night) count as
 * morning, as their AM label says.
 */
export function dayPartOf(hour: number): DayPart {
  if (hour < 12) return 'Morning';
  if (hour < 17) return 'Afternoon';
  return 'Evening';
}

/**
 * Free times grouped by the part of the day their start falls in, in the viewer's zone; only parts that
 * hold a time, in day order, each keeping the order it was given.
 */
export function groupByDayPart<Slot extends { start: string }>(
  slots: readonly Slot[],
  zone: string,
): Array<{ part: DayPart; slots: Slot[] }> {
  const groups = new Map<DayPart, Slot[]>();
  for (const slot of slots) {
    const start = DateTime.fromISO(slot.start, { zone });
    if (!start.isValid) continue;
    const part = dayPartOf(start.hour);
    groups.set(part, [...(groups.get(part) ?? []), slot]);
  }
  return dayParts.flatMap((part) => {
    const inPart = groups.get(part);
    return inPart ? [{ part, slots: inPart }] : [];
  });
}
