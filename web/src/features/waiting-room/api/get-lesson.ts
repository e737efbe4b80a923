import { useScheduledLesson } from '../../../lib/api/schedule';
import { roomRefreshInterval } from '../room-view';

/**
 * GET /schedule/{sectionId}: the lesson with its course, tutor, students and join times (its tutor and
 * students, or a schedule viewer; anyone else gets a 404). Read again every 15 seconds while people may
 * still join, so the room shows who has arrived.
 */
export function useRoomLesson(sectionId: string | undefined) {
  return useScheduledLesson(sectionId, { refreshInterval: (lesson) => roomRefreshInterval(lesson) });
}
