import { type ClassTiming, classTiming } from '../../../../shared/scheduling/class-timing';
import { formatDateTime } from '../../lib/time-zone';

/**
 * A lesson history join time as the back-office shows it: the instant in the viewer's zone (a dash when
 * nobody joined) and, when someone did, the class timing chip of that join (On Time / N Min Late).
 */
export function joinTimeCell(
  joinedAt: string | null | undefined,
  lesson: { start: string; end: string },
  zone: string,
): { text: string; timing: ClassTiming | null } {
  if (!joinedAt) return { text: formatDateTime(null, zone), timing: null };
  const timing = classTiming({
    start: new Date(lesson.start),
    end: new Date(lesson.end),
    joinedAt: new Date(joinedAt),
    now: new Date(lesson.end),
  });
  return { text: formatDateTime(joinedAt, zone), timing };
}
