import * as z from 'zod';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import type { TransactItem } from '../table/transactions';

const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(['logInAsUser', 'endImpersonation', 'signUp', 'trialBooked', 'bankDetailsChanged']),
  actorId: z.string(),
  subjectId: z.string(),
  sourceIp: z.string().optional(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The tenant's audit trail: one partition, newest first by time-ordered id. */
const auditEntries = defineEntity({
  name: 'audit',
  schema: auditEntrySchema,
  keyAttributes: ['_id'],
  key: (tenant, entry) => keys.audit(tenant, entry._id),
});

type NewAuditEntry = Omit<AuditEntry, '_id' | 'createdAt'>;

const auditRecord = (entry: NewAuditEntry, id: string): AuditEntry => ({
  ...entry,
  _id: id,
  createdAt: new Date().toISOString(),
});

/** An audit entry, for the transaction of what it records. */
export function auditWrite(tenant: string, entry: NewAuditEntry): TransactItem {
  return auditEntries.putWrite(tenant, auditRecord(entry, newId()));
}

/**
 * Records an entry. `id` makes it idempotent: the audit consumer passes the event's id (time-ordered, like
 * newId), so a second run for one event writes the same entry again rather than another.
 */
export function recordAudit(tenant: string, entry: NewAuditEntry, id = newId()): Promise<void> {
  return auditEntries.put(tenant, auditRecord(entry, id));
}

export function listAudit(tenant: string, limit = 50): Promise<AuditEntry[]> {
  return auditEntries.query({ partition: keys.audit(tenant, '').pk, descending: true, limit });
}
