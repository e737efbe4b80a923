import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Trial } from '../../shared/schemas/trial';
import { collectionRepository } from '../crud/repository';
import { db, tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';

export type TrialRecord = Trial;

/** Trials are an admin collection (list, filters) and are also indexed by student (gsi2). */
export const trialsRepository = collectionRepository<TrialRecord>({
  collection: collections.trials,
  label: 'trial',
  searchFields: ['subject', 'curriculum', 'grade'],
  sortFields: ['startDate', 'createdAt', 'status'],
  indexKeys: (tenant, record) => ({
    gsi2pk: keys.userTrialsIndex(tenant, record.studentId as string),
    gsi2sk: `${record.createdAt as string}#${record._id as string}`,
  }),
});

export async function studentTrials(tenant: string, studentId: string): Promise<TrialRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.userTrialsIndex(tenant, studentId) },
      ScanIndexForward: false,
    }),
  );
  return (Items ?? []).map((item) => stripKeys<TrialRecord>(item));
}
