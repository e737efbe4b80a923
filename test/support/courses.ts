import { newId } from '../../functions/lib/ids';
import { courseMemberWrite, coursesRepository, newCourseMember } from '../../functions/repositories/courses';
import { getUser } from '../../functions/repositories/users';
import { writeTransaction } from '../../functions/table/transactions';
import { ConflictError } from '../../shared/http/errors';

/** A course of the demo tenant with these people (tutor first), enrolled as the booking routes would. */
export async function placeCourse(tutorId: string, studentIds: string[]): Promise<string> {
  const _id = `course-chat-${newId()}`;
  const now = new Date().toISOString();
  const course = {
    _id,
    title: `Chat course ${_id.slice(-4)}`,
    description: '',
    curriculum: 'Cambridge IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 10',
    status: 'ACTIVE' as const,
    type: 'Group' as const,
    paymentType: 'SUBSCRIPTION' as const,
    lessonDuration: 60,
    isTrial: false,
    createdAt: now,
    updatedAt: now,
  };
  const member = async (userId: string, role: 'tutor' | 'student') => {
    const user = await getUser('demo', userId);
    if (!user) throw new Error(`no user ${userId}`);
    return newCourseMember(_id, user, role, role === 'tutor' ? 'PRIMARY' : 'SUBSCRIPTION', now);
  };
  await writeTransaction(
    [
      ...coursesRepository.insertItems('demo', course),
      courseMemberWrite('demo', await member(tutorId, 'tutor')),
      ...(await Promise.all(
        studentIds.map(async (id) => courseMemberWrite('demo', await member(id, 'student'))),
      )),
    ],
    () => new ConflictError('course exists'),
  );
  return _id;
}
