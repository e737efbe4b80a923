import type { RequestStatus } from '../../../../shared/scheduling/lesson-changes';
import { callApi } from '../api-client';

export interface LessonRef {
  _id: string;
  kind: string;
}

/** Spec 001 section 9: one of the seven reasons, optionally one of the four categories, and a note. */
export interface ChangeBody {
  reason: string;
  category?: string;
  note?: string;
}

interface ChangeAnswer {
  status: RequestStatus;
}

const routeOf = (lesson: LessonRef, verb: 'Cancel' | 'Reschedule') =>
  `meetings.${lesson.kind === 'ZOOM' ? 'zoom' : 'teams'}${verb}`;

/** PUT /team-meetings/cancel/{id} (or zoom-meetings): done at once, or a request for an admin. */
export function cancelLesson(lesson: LessonRef, body: ChangeBody) {
  return callApi<ChangeAnswer>(routeOf(lesson, 'Cancel'), { params: { id: lesson._id }, body });
}

/** PUT /team-meetings/reschedule/{id} (or zoom-meetings) to one of the tutor's free slots. */
export function rescheduleLesson(lesson: LessonRef, body: ChangeBody & { start: string }) {
  return callApi<ChangeAnswer>(routeOf(lesson, 'Reschedule'), { params: { id: lesson._id }, body });
}
