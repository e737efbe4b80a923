import type { HomeworkSubmission } from '../../shared/schemas/section';
import { collectionRepository } from '../crud/repository';
import { db, QueryCommand, tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';

export type HomeworkSubmissionRecord = HomeworkSubmission;

/** One submission per student and homework: its id names both. Indexed by homework (gsi2), then student. */
export const homeworkSubmissionsRepository = collectionRepository<HomeworkSubmissionRecord>({
  collection: collections.homeworkSubmissions,
  label: 'submission',
  searchFields: ['text'],
  sortFields: ['createdAt', 'updatedAt', 'status'],
  indexKeys: (tenant, record) => ({
    gsi2pk: keys.homeworkSubmissionsIndex(tenant, record.section as string),
    gsi2sk: `${(record.student as { _id: string })._id}#${record.createdAt as string}`,
  }),
});

export function submissionId(sectionId: string, studentId: string): string {
  return `${sectionId}.${studentId}`;
}

export async function sectionSubmissions(
  tenant: string,
  sectionId: string,
  studentId?: string,
): Promise<HomeworkSubmissionRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: studentId ? 'gsi2pk = :pk AND begins_with(gsi2sk, :student)' : 'gsi2pk = :pk',
      ExpressionAttributeValues: {
        ':pk': keys.homeworkSubmissionsIndex(tenant, sectionId),
        ...(studentId ? { ':student': `${studentId}#` } : {}),
      },
    }),
  );
  return (Items ?? []).map((item) => stripKeys<HomeworkSubmissionRecord>(item));
}
