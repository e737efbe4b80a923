import type { CancelBody, RescheduleBody } from '../../../../shared/schemas/meeting';
import { callApi } from '../api-client';

export interface LessonRef {
  _id: string;
  kind: string;
}

/** Spec 001 section 9: one of the seven reasons, optionally one of the four categories, and a note. */
export type ChangeBody = CancelBody;

/** The user's call of a change, by the lesson's meeting kind: `meetings.teamsCancel`, `meetings.zoomReschedule`... */
function routeOf<Verb extends 'Cancel' | 'Reschedule'>(
  lesson: LessonRef,
  verb: Verb,
): `meetings.${'zoom' | 'teams'}${Verb}` {
  return `meetings.${lesson.kind === 'ZOOM' ? 'zoom' : 'teams'}${verb}`;
}

/** PUT /team-meetings/cancel/{id} (or zoom-meetings): done at once, or a request for an admin. */
export function cancelLesson(lesson: LessonRef, body: ChangeBody) {
  return callApi(routeOf(lesson, 'Cancel'), { params: { id: lesson._id }, body });
}

/** PUT /team-meetings/reschedule/{id} (or zoom-meetings) to one of the tutor's free slots. */
export function rescheduleLesson(lesson: LessonRef, body: Omit<RescheduleBody, 'tutorId'>) {
  return callApi(routeOf(lesson, 'Reschedule'), { params: { id: lesson._id }, body });
}
