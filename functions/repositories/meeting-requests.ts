import type { MeetingRequest } from '../../shared/schemas/meeting';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

export type MeetingRequestRecord = MeetingRequest;

export const meetingRequestsRepository = collectionRepository<MeetingRequestRecord>({
  collection: collections.meetingRequests,
  label: 'lesson request',
  searchFields: ['courseTitle', 'lessonTitle', 'reason'],
  sortFields: ['createdAt', 'start', 'newStart', 'status', 'type'],
});
