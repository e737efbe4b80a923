import { type MeetingRequest, meetingRequestSchema } from '../../shared/schemas/meeting';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

export type MeetingRequestRecord = MeetingRequest;

/**
 * Lesson requests, newest first, with the list indexes of the back-office filters
 * (functions/crud/list-index.ts): by status and by type; by the lesson's start, alone and by status, for
 * the lesson date filters; and per person involved (requester, students, tutors), which serves a user's
 * own requests and the student and tutor filters. The requester's role is checked per record.
 */
export const meetingRequestsRepository = collectionRepository<
  MeetingRequestRecord,
  'status' | 'type' | 'person' | 'studentId' | 'tutorId',
  'start'
>({
  collection: collections.meetingRequests,
  schema: meetingRequestSchema,
  label: 'lesson request',
  searchFields: ['courseTitle', 'lessonTitle', 'reason'],
  sortFields: ['createdAt', 'start', 'newStart', 'status', 'type'],
  lists: {
    filters: {
      status: (request) => request.status,
      type: (request) => request.type,
      person: (request) => [
        request.requestedBy._id,
        ...request.students.map((s) => s._id),
        ...request.tutors.map((t) => t._id),
      ],
      studentId: (request) => request.students.map((s) => s._id),
      tutorId: (request) => request.tutors.map((t) => t._id),
    },
    orders: { start: (request) => request.start },
    indexes: [
      { name: 'status', filters: ['status'], order: 'createdAt', count: 'days' },
      { name: 'type', filters: ['type'], order: 'createdAt', count: 'days' },
      { name: 'person', filters: ['person'], order: 'createdAt', count: 'keys' },
      { name: 'lessons', filters: [], order: 'start', count: 'days' },
      { name: 'statusLessons', filters: ['status'], order: 'start', count: 'days' },
    ],
  },
});
