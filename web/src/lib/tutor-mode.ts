import type { CourseMember } from '../../../shared/schemas/course';
import type { AuthUser } from '../../../shared/schemas/user';
import { storageKeys } from '../config/storage-keys';
import { canUseTutorModes, setModeFlag, useModeFlag } from './edit-mode';
import { useSession } from './session';

/** Tutor edit mode adds and edits a course's content in place; homework mode shows its submissions. */
export type TutorMode = 'edit' | 'homework';

const flagKeys = { edit: storageKeys.tutorEditMode, homework: storageKeys.tutorHomeworkMode } as const;

export function setTutorMode(mode: TutorMode, on: boolean): void {
  setModeFlag(flagKeys[mode], on);
}

/** A tutor mode's flag, active only for a tutor account (a stale flag from another account does nothing). */
export function useTutorMode(mode: TutorMode): { allowed: boolean; stored: boolean; active: boolean } {
  const session = useSession();
  return useModeFlag(flagKeys[mode], canUseTutorModes(session?.user));
}

/**
 * Whether the user is one of the course's enabled tutors: the tutor modes act on such courses only (the
 * server checks the same on every change, with a 404 for other courses' tutors).
 */
export function isActiveCourseTutor(
  user: Pick<AuthUser, '_id'> | undefined,
  tutors: ReadonlyArray<{ user: { _id: string }; status: CourseMember['status'] }>,
): boolean {
  return !!user && tutors.some((tutor) => tutor.user._id === user._id && tutor.status === 'ENABLE');
}
