import * as z from 'zod';
import { ConflictError } from '../../shared/http/errors';
import { handInTimes } from '../../shared/rules/homework-times';
import {
  type HomeworkSubmission,
  homeworkSubmissionSchema,
  sectionSchema,
} from '../../shared/schemas/section';
import { collectionRepository } from '../crud/repository';
import { collections, keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { eventWrite } from './outbox';

/**
 * A submission as stored: the answer's text and attachments by shape, not by the hand-in form's checks
 * (an attachment saved before a check existed still reads back). Its hand-in and review times are kept
 * apart (a review never moves the hand-in); submissions stored before they were kept have neither, and
 * {@link presentSubmission} reads them from the creation and the last save.
 */
const submissionRecordSchema = homeworkSubmissionSchema.extend({
  section: z.string(),
  text: z.string(),
  attachments: z.array(sectionSchema.shape.resource.unwrap()),
  submittedAt: z.string().optional(),
  reviewedAt: z.string().nullable().optional(),
});
type SubmissionRecord = z.infer<typeof submissionRecordSchema>;
export type HomeworkSubmissionRecord = SubmissionRecord;

/** A stored submission as the API answers it: both times always there. */
export function presentSubmission(record: HomeworkSubmissionRecord): HomeworkSubmission {
  return { ...record, ...handInTimes(record) };
}

/** A homework's submissions, by student then time of hand-in. */
const byHomework = (tenant: string, submission: SubmissionRecord) => ({
  gsi2pk: keys.homeworkSubmissionsIndex(tenant, submission.section),
  gsi2sk: `${submission.student._id}#${submission.createdAt}`,
});

/** One submission per student and homework: its id names both. Indexed by homework (gsi2), then student. */
export const homeworkSubmissionsRepository = collectionRepository<HomeworkSubmissionRecord>({
  collection: collections.homeworkSubmissions,
  schema: submissionRecordSchema,
  label: 'submission',
  searchFields: ['text'],
  sortFields: ['createdAt', 'updatedAt', 'status'],
  indexKeys: byHomework,
  // A review tells the student (functions/notifications), in the review's own transaction.
  related: {
    writes: (tenant, before, after) =>
      after && after.status === 'REVIEWED' && before?.status !== 'REVIEWED'
        ? [eventWrite('HomeworkReviewed', { tenant, submissionId: after._id })]
        : [],
    // An event's Put has no condition to fail.
    refused: () => new ConflictError('This submission was changed by someone else. Reload and try again.'),
  },
});

/**
 * The same items as the collection repository above writes them (its key, creation order and gsi2), declared
 * so they are read typed: a homework's submissions come from gsi2.
 */
const submissions = defineEntity({
  name: collections.homeworkSubmissions,
  schema: submissionRecordSchema,
  keyAttributes: ['_id'],
  key: (tenant, submission) => keys.collectionItem(tenant, collections.homeworkSubmissions, submission._id),
  indexes: (tenant, submission) => ({
    ...keys.collectionOrder(tenant, collections.homeworkSubmissions, submission.createdAt, submission._id),
    ...byHomework(tenant, submission),
  }),
});

export function submissionId(sectionId: string, studentId: string): string {
  return `${sectionId}.${studentId}`;
}

export function sectionSubmissions(
  tenant: string,
  sectionId: string,
  studentId?: string,
): Promise<HomeworkSubmissionRecord[]> {
  return submissions.query({
    index: 'gsi2',
    partition: keys.homeworkSubmissionsIndex(tenant, sectionId),
    ...(studentId ? { sortKey: { beginsWith: `${studentId}#` } } : {}),
  });
}
