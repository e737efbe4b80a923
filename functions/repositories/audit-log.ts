import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';

export interface AuditEntry {
  _id: string;
  action: 'logInAsUser' | 'signUp' | 'trialBooked';
  actorId: string;
  subjectId: string;
  sourceIp?: string;
  createdAt: string;
}

export async function recordAudit(
  tenant: string,
  entry: Omit<AuditEntry, '_id' | 'createdAt'>,
): Promise<AuditEntry> {
  const record: AuditEntry = { ...entry, _id: newId(), createdAt: new Date().toISOString() };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.audit(tenant, record._id), entity: 'audit', ...record },
    }),
  );
  return record;
}

export async function listAudit(tenant: string, limit = 50): Promise<AuditEntry[]> {
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.audit(tenant, '').pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => stripKeys<AuditEntry>(item));
}
