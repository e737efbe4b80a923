import type { ScheduledLesson } from '../../../../../shared/routes/schedule';
import { useApi } from '../../../lib/api-client';
import { roomRefreshInterval } from '../room-view';

/**
 * GET /schedule/{sectionId}: the lesson with its course, tutor, students and join times (its tutor and
 * students, or a schedule viewer; anyone else gets a 404). Read again every 15 seconds while people may
 * still join, so the room shows who has arrived.
 */
export function useRoomLesson(sectionId: string | undefined) {
  return useApi<ScheduledLesson>(sectionId ? ['schedule.get', { params: { sectionId } }] : null, {
    refreshInterval: (lesson) => roomRefreshInterval(lesson),
  });
}
