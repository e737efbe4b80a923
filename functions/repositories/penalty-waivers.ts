import { type PenaltyWaiver, penaltyWaiverSchema } from '../../shared/schemas/penalty-waiver';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

/**
 * Penalty waivers, newest first; by tutor (a tutor's own list, and the tutor filter), by student and by
 * course from their list indexes, each also by the lesson's date (`date`: the lesson's start, or the entry's
 * creation for a waiver about no lesson). The lesson history row and the meeting request filters name at most
 * a few waivers: checked per record within the scan limit of the best index.
 */
export const penaltyWaiversRepository = collectionRepository<
  PenaltyWaiver,
  'tutorId' | 'studentId' | 'courseId',
  'date'
>({
  collection: collections.penaltyWaivers,
  schema: penaltyWaiverSchema,
  label: 'penalty waiver',
  searchFields: ['reason', 'courseTitle'],
  sortFields: ['createdAt', 'lessonStart'],
  lists: {
    filters: {
      tutorId: (waiver) => waiver.tutorId,
      studentId: (waiver) => waiver.studentIds,
      courseId: (waiver) => waiver.courseId ?? undefined,
    },
    orders: { date: (waiver) => waiver.lessonStart ?? waiver.createdAt },
    indexes: [
      { name: 'tutor', filters: ['tutorId'], order: 'createdAt', count: 'keys' },
      { name: 'student', filters: ['studentId'], order: 'createdAt', count: 'keys' },
      { name: 'course', filters: ['courseId'], order: 'createdAt', count: 'keys' },
      { name: 'dates', filters: [], order: 'date', count: 'days' },
      { name: 'tutorDates', filters: ['tutorId'], order: 'date', count: 'keys' },
    ],
  },
});
