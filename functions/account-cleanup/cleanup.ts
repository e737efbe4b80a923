import { removeAvailability } from '../repositories/availability';
import { feedbackRepositories } from '../repositories/lesson-feedback';
import { renameInLessonHistory } from '../repositories/lesson-history';
import { removeProfileItems } from '../repositories/profiles';
import { DELETED_USER_NAME, getUser } from '../repositories/users';

/**
 * After an account's deletion (its record anonymised in the transaction that wrote the UserDeleted event):
 * its profile items go, a tutor's availability and teaching index go (no one books a deleted tutor), and
 * the records that keep a copy of its name (feedback, lesson history) show the anonymised one. Lessons read
 * names from the user record, so they need nothing. Every step is idempotent: the bus's retry finishes it.
 */
export async function cleanUpDeletedAccount(tenant: string, userId: string): Promise<void> {
  const user = await getUser(tenant, userId);
  if (!user?.deletedAt) return;
  await removeProfileItems(tenant, userId);
  await removeAvailability(tenant, userId);
  await renameInLessonHistory(tenant, userId, DELETED_USER_NAME);
  for (const repository of Object.values(feedbackRepositories)) {
    for (const filter of ['tutorId', 'studentId'] as const) {
      const ids: string[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await repository.list(tenant, { limit: 100, offset }, { [filter]: userId });
        ids.push(...page.docs.map((feedback) => feedback._id));
        if (page.docs.length < 100) break;
      }
      for (const id of ids) {
        const feedback = await repository.get(tenant, id);
        if (!feedback) continue;
        const person = filter === 'tutorId' ? 'tutor' : 'student';
        await repository.update(tenant, id, { [person]: { ...feedback[person], ...DELETED_USER_NAME } });
      }
    }
  }
}
