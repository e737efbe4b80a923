/**
 * The SEQUENCE of a lesson's event in the iCalendar feed (RFC 5545 3.8.7.4): calendar apps keep the copy
 * with the highest one, so every change must raise it. A lesson keeps no revision count, but each change
 * moves its updatedAt forward: the whole seconds from its creation to its last change only ever grow, and
 * are 0 for a lesson never changed (or a line written before these times were kept).
 */
export function calendarSequence(createdAt: string | undefined, updatedAt: string | undefined): number {
  if (!createdAt || !updatedAt) return 0;
  const seconds = Math.floor((Date.parse(updatedAt) - Date.parse(createdAt)) / 1000);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
