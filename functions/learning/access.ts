import { NotFoundError } from '../../shared/http/errors';
import { actsForLinkedAccount } from '../access/linked-accounts';
import { callerHolds } from '../lib/access';
import type { Caller } from '../lib/request';
import { userMemberships } from '../repositories/courses';
import { getUser, type UserRecord } from '../repositories/users';

/**
 * Who may see a student's learning data (progress, sessions, bookmarks, onboarding, usage):
 * - the student themselves;
 * - the account acting for them through a user-mapper: their parent (functions/access/linked-accounts.ts
 *   has the rule; a sibling never reads a sibling's data);
 * - a tutor of a course the student is enrolled in, where the data kind allows tutors (progress, sessions,
 *   bookmarks: what a tutor teaches from);
 * - an admin who views users (adminUsers view).
 * Anyone else, and any user of another tenant, gets a 404: the record does not exist from where they stand.
 */
export type LearnerDataKind = 'teaching' | 'private';

export const isUserAdmin = (caller: Caller) => callerHolds(caller, ['adminUsers'], ['view']);

/** Whether the tutor teaches the student: a course where the tutor is an enabled tutor and the student enrolled. */
export async function teaches(tenant: string, tutorId: string, studentId: string): Promise<boolean> {
  const [tutorCourses, studentCourses] = await Promise.all([
    userMemberships(tenant, tutorId),
    userMemberships(tenant, studentId),
  ]);
  const taught = new Set(
    tutorCourses.filter((m) => m.role === 'tutor' && m.status === 'ENABLE').map((m) => m.course),
  );
  return studentCourses.some(
    (m) => m.role === 'student' && m.enrolment === 'ENROLLED' && taught.has(m.course),
  );
}

/** Checks the caller may read `userId`'s data of this kind, and answers that user (404 otherwise). */
export async function requireLearnerAccess(
  tenant: string,
  caller: Caller,
  userId: string,
  kind: LearnerDataKind,
): Promise<UserRecord> {
  const notFound = new NotFoundError('Student not found');
  if (caller.user._id === userId) return caller.user;
  const user = await getUser(tenant, userId);
  if (!user) throw notFound;
  if (isUserAdmin(caller)) return user;
  if (await actsForLinkedAccount(tenant, caller, userId)) return user;
  if (kind === 'teaching' && caller.user.type === 'tutor' && (await teaches(tenant, caller.user._id, userId)))
    return user;
  throw notFound;
}
