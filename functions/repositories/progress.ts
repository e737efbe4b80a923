import * as z from 'zod';
import { AppError, ConflictError } from '../../shared/http/errors';
import type { SubTopicProgressEntry } from '../../shared/learning/progress';
import { subTopicProgressEntrySchema } from '../../shared/schemas/learning-data';
import { db, PutCommand, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writtenIf } from '../table/items';
import { type LinkedWrites, type TransactItem, writeTransaction } from '../table/transactions';

/**
 * A student's progress, one item per sub-topic under the student (sk PROGRESS#<subjectId>#<subTopicId>), so
 * a subject's progress is one Query by prefix and two pages viewed at once never overwrite each other's
 * sub-topic. Each item carries a revision: a write is conditional on the revision it read.
 */
const storedEntrySchema = subTopicProgressEntrySchema.extend({ rev: z.number() });
type StoredEntry = z.infer<typeof storedEntrySchema>;

const progress = defineEntity({
  name: 'progress',
  schema: storedEntrySchema,
  keyAttributes: ['userId', 'subjectId', 'subTopicId'],
  key: (tenant, entry) => keys.progressEntry(tenant, entry.userId, entry.subjectId, entry.subTopicId),
});

export function getProgressEntry(
  tenant: string,
  userId: string,
  subjectId: string,
  subTopicId: string,
): Promise<StoredEntry | undefined> {
  return progress.get(tenant, { userId, subjectId, subTopicId }, { consistent: true });
}

/** The entry's Put: new (nothing there yet) or conditional on the revision read (not expressible as a WriteCondition). */
function entryPut(tenant: string, entry: StoredEntry, readRev: number | undefined) {
  return {
    TableName: tableName(),
    Item: progress.item(tenant, entry),
    ...(readRev === undefined
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'rev = :rev', ExpressionAttributeValues: { ':rev': readRev } }),
  };
}

/** A condition of the transaction failed on write `index` (0 is the entry itself). */
class FailedCondition extends AppError {
  constructor(readonly index: number) {
    super(409, 'Condition failed');
  }
}

const busy = 'Your progress was being saved elsewhere at the same time. Please try again.';

/**
 * Writes the entry if nobody wrote it since `readRev` was read (undefined: it did not exist), together
 * with the linked writes when there are any (one transaction: both land or neither). True when written,
 * false when the entry changed meanwhile or a linked write asks to try again; the linked writes' own
 * refusal (a usage limit) is thrown.
 */
async function putIfUnchanged(
  tenant: string,
  entry: StoredEntry,
  readRev: number | undefined,
  linked: LinkedWrites | undefined,
): Promise<boolean> {
  const put = entryPut(tenant, entry, readRev);
  if (!linked) {
    return writtenIf(db().send(new PutCommand(put)));
  }
  try {
    const items: TransactItem[] = [{ Put: put }, ...linked.items];
    await writeTransaction(items, (index) => new FailedCondition(index), busy);
    return true;
  } catch (error) {
    if (!(error instanceof FailedCondition)) throw error;
    if (error.index === 0) return false;
    const refusal = await linked.refused(error.index - 1);
    if (refusal) throw refusal;
    return false;
  }
}

/**
 * Applies `change` to the stored entry (read, compute, conditional write), again on a fresh read when
 * another write came first: the rules stay pure and no event is lost. `linked` gives writes to commit in
 * the same transaction (the usage the change spends), computed afresh on each attempt.
 */
export async function updateProgressEntry(
  tenant: string,
  ids: { userId: string; subjectId: string; subTopicId: string },
  change: (current: SubTopicProgressEntry | undefined) => SubTopicProgressEntry,
  linked?: () => Promise<LinkedWrites | undefined>,
): Promise<SubTopicProgressEntry> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const current = await getProgressEntry(tenant, ids.userId, ids.subjectId, ids.subTopicId);
    const next = change(current && withoutRevision(current));
    const writes = linked ? await linked() : undefined;
    if (await putIfUnchanged(tenant, { ...next, rev: (current?.rev ?? 0) + 1 }, current?.rev, writes)) {
      return next;
    }
  }
  throw new ConflictError(busy);
}

/** The student's entries, of one subject or of all (a student's sub-topics: hundreds at most). */
export async function progressEntries(
  tenant: string,
  userId: string,
  subjectId?: string,
): Promise<SubTopicProgressEntry[]> {
  const entries = await progress.query({
    partition: keys.user(tenant, userId).pk,
    sortKey: { beginsWith: keys.progressPrefix(subjectId) },
  });
  return entries.map(withoutRevision);
}

function withoutRevision({ rev: _rev, ...entry }: StoredEntry): SubTopicProgressEntry {
  return entry;
}
