import type { FeedbackKind, LessonFeedback } from '../../shared/schemas/lesson-feedback';
import { lessonFeedbackSchema } from '../../shared/schemas/lesson-feedback';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';
import { counters, countWrite, readCount } from '../table/counters';
import type { TransactItem } from '../table/transactions';

const feedbackCollection = (collection: string) =>
  collectionRepository<LessonFeedback, 'tutorId' | 'studentId' | 'section'>({
    collection,
    schema: lessonFeedbackSchema,
    label: 'feedback',
    searchFields: ['comment'],
    sortFields: ['createdAt', 'rating'],
    lists: {
      filters: {
        tutorId: (feedback) => feedback.tutorId,
        studentId: (feedback) => feedback.studentId,
        section: (feedback) => feedback.section,
      },
      indexes: [
        { name: 'tutor', filters: ['tutorId'], order: 'createdAt', count: 'keys' },
        { name: 'student', filters: ['studentId'], order: 'createdAt', count: 'keys' },
        { name: 'lesson', filters: ['section'], order: 'createdAt', count: 'keys' },
      ],
    },
  });

/**
 * Each kind is a collection: newest first, by tutor, by student and by lesson from its list indexes. The
 * record's id names its lesson and student (shared feedbackId), so "once per lesson and student" is the
 * insert's condition that the id is free.
 */
export const feedbackRepositories: Record<FeedbackKind, ReturnType<typeof feedbackCollection>> = {
  tutor: feedbackCollection(collections.tutorFeedbacks),
  student: feedbackCollection(collections.studentFeedbacks),
};

/**
 * A tutor's rating is kept as two counts moved in the transaction of each tutor feedback written, changed
 * or deleted: the sum of the ratings and their number. The mean is read, never stored.
 */
const ratingSum = (tutorId: string) => `TUTORRATING#SUM#${tutorId}`;
const ratingCount = (tutorId: string) => `TUTORRATING#COUNT#${tutorId}`;

export function tutorRatingWrites(
  tenant: string,
  tutorId: string,
  change: { ratingDelta: number; countDelta: -1 | 0 | 1 },
): TransactItem[] {
  return [
    ...(change.ratingDelta !== 0 ? [countWrite(tenant, ratingSum(tutorId), change.ratingDelta)] : []),
    ...(change.countDelta !== 0 ? [countWrite(tenant, ratingCount(tutorId), change.countDelta)] : []),
  ];
}

export async function readTutorRating(
  tenant: string,
  tutorId: string,
): Promise<{ sum: number; count: number }> {
  const [sum, count] = await Promise.all([
    readCount(tenant, ratingSum(tutorId)),
    readCount(tenant, ratingCount(tutorId)),
  ]);
  return { sum, count };
}

/** Several tutors' ratings in batched reads of their counts (a tutor with none: 0 and 0). */
export async function readTutorRatings(
  tenant: string,
  tutorIds: string[],
): Promise<Map<string, { sum: number; count: number }>> {
  const names = tutorIds.flatMap((id) => [ratingSum(id), ratingCount(id)]);
  const found = await counters.getMany(
    tenant,
    names.map((name) => ({ name })),
  );
  const byName = new Map(found.map((counter) => [counter.name, counter.count]));
  return new Map(
    tutorIds.map((id) => [
      id,
      { sum: byName.get(ratingSum(id)) ?? 0, count: byName.get(ratingCount(id)) ?? 0 },
    ]),
  );
}
