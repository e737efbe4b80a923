import { db, PutCommand, QueryCommand, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';
import type { TransactItem } from '../table/transactions';

export interface AuditEntry {
  _id: string;
  action: 'logInAsUser' | 'signUp' | 'trialBooked';
  actorId: string;
  subjectId: string;
  sourceIp?: string;
  createdAt: string;
}

type NewAuditEntry = Omit<AuditEntry, '_id' | 'createdAt'>;

function auditItem(tenant: string, entry: NewAuditEntry, id: string) {
  const record: AuditEntry = { ...entry, _id: id, createdAt: new Date().toISOString() };
  return { ...keys.audit(tenant, record._id), entity: 'audit', ...record };
}

/** An audit entry, for the transaction of what it records. */
export function auditWrite(tenant: string, entry: NewAuditEntry): TransactItem {
  return { Put: { TableName: tableName(), Item: auditItem(tenant, entry, newId()) } };
}

/**
 * Records an entry. `id` makes it idempotent: the audit consumer passes the event's id (time-ordered, like
 * newId), so a second run for one event writes the same entry again rather than another.
 */
export async function recordAudit(tenant: string, entry: NewAuditEntry, id = newId()): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: auditItem(tenant, entry, id) }));
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
