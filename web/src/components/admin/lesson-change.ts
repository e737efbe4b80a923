import { DateTime } from 'luxon';
import { changeToast, type RequestStatus } from '../../../../shared/scheduling/lesson-changes';
import type { AuthUser } from '../../../../shared/schemas/user';
import { canCall } from '../../lib/permissions';

export type ChangeMode = 'CANCEL' | 'RESCHEDULE';
const changeModes: ChangeMode[] = ['RESCHEDULE', 'CANCEL'];

const changeVerbs: { CANCEL: 'Cancel'; RESCHEDULE: 'Reschedule' } = {
  CANCEL: 'Cancel',
  RESCHEDULE: 'Reschedule',
};

/** PUT /admin/{team,zoom}-meetings/{cancel,reschedule}/{id}: the call of a lesson's kind. */
export function adminChangeRoute<Mode extends ChangeMode>(
  kind: string,
  mode: Mode,
): `meetings.${'zoom' | 'teams'}Admin${(typeof changeVerbs)[Mode]}` {
  return `meetings.${kind === 'ZOOM' ? 'zoom' : 'teams'}Admin${changeVerbs[mode]}`;
}

/** The changes the user may make to a lesson of this kind: those whose admin route they may call. */
export function allowedChanges(user: AuthUser | undefined, kind: string): ChangeMode[] {
  return changeModes.filter((mode) => canCall(user, adminChangeRoute(kind, mode)));
}

/** Whether the user may change some lesson, Teams or Zoom (the lesson lists' actions column). */
export function canChangeLessons(user: AuthUser | undefined): boolean {
  return allowedChanges(user, 'TEAMS').length > 0 || allowedChanges(user, 'ZOOM').length > 0;
}

/** The success toast of an admin's change (spec 001 section 8): the shared rule, by the lesson's kind. */
export function adminChangeToast(kind: string, mode: ChangeMode, status: RequestStatus): string {
  return changeToast(kind, mode, status);
}

/** The date (`YYYY-MM-DD`) and time (`HH:mm`) of an instant in a zone, to start the reschedule form from. */
export function dateAndTimeIn(iso: string | undefined, zone: string): { date: string; time: string } {
  const at = iso ? DateTime.fromISO(iso, { zone }) : undefined;
  return at?.isValid ? { date: at.toISODate() ?? '', time: at.toFormat('HH:mm') } : { date: '', time: '' };
}

/** An admin may cancel or reschedule a lesson that is still scheduled (the server applies it at once). */
export function canChangeLesson(lesson: { kind: string; status?: string; start?: string }): boolean {
  return (lesson.kind === 'TEAMS' || lesson.kind === 'ZOOM') && lesson.status === 'ACTIVE' && !!lesson.start;
}
