import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { type AppError, ConflictError } from '../../shared/http/errors';
import { db, TransactWriteCommand, tableName } from '../lib/db';
import { cancellationReasons } from './items';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB takes at most 100 writes in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

const MAX_ATTEMPTS = 8;

type CommitListener = (items: TransactItem[]) => void;
const commitListeners = new Set<CommitListener>();

/**
 * Hears every transaction that commits in this process: the local stack's stream reader reads the stream at
 * once when one held an outbox item, rather than at its next poll.
 */
export function onTransactionCommitted(listener: CommitListener): () => void {
  commitListeners.add(listener);
  return () => commitListeners.delete(listener);
}

/**
 * Runs one transaction. A condition that fails is the caller's business rule (a slot already claimed, an
 * e-mail already taken): `onConditionFailure` turns the index of the failing write into the error to
 * answer. A conflict with another transaction in flight on a shared item (a tutor's busy list, a counter)
 * is not a rule: the write is retried after a short random wait, so bookings of different slots never
 * fail just because they ran at the same moment.
 */
export async function writeTransaction(
  items: TransactItem[],
  onConditionFailure: (failedIndex: number) => AppError,
  busyMessage = 'The calendar is busy right now. Please try again in a moment.',
): Promise<void> {
  if (items.length > MAX_TRANSACTION_ITEMS) {
    throw new ConflictError('This change touches too many records at once. Please split it up.');
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const reasons = cancellationReasons(error);
      const failed = reasons.indexOf('ConditionalCheckFailed');
      if (failed >= 0) throw onConditionFailure(failed);
      const name = (error as { name?: string }).name;
      const transient =
        reasons.includes('TransactionConflict') ||
        name === 'TransactionConflictException' ||
        name === 'TransactionInProgressException' ||
        name === 'ThrottlingException' ||
        name === 'ProvisionedThroughputExceededException' ||
        // DynamoDB's own advice for a 500; DynamoDB Local answers one when a transaction waited too long
        // for a lock held by others (fifty bookings of one slot on a busy machine).
        name === 'InternalServerError';
      if (!transient) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new ConflictError(busyMessage);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** Math.min(attempt, 5)));
      continue;
    }
    for (const listener of commitListeners) listener(items);
    return;
  }
}

/**
 * Sets the same attributes on every item, all or none (a bulk status update): each write is conditional on
 * its item existing, so an unknown key answers `notFound(index)` and changes none of the others.
 */
export async function updateEveryItem(
  itemKeys: Array<Record<string, string>>,
  values: Record<string, unknown>,
  notFound: (failedIndex: number) => AppError,
): Promise<void> {
  const names = Object.keys(values);
  const UpdateExpression = `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`;
  const ExpressionAttributeNames = Object.fromEntries(names.map((name, i) => [`#a${i}`, name]));
  const ExpressionAttributeValues = Object.fromEntries(names.map((name, i) => [`:v${i}`, values[name]]));
  await writeTransaction(
    itemKeys.map((Key) => ({
      Update: {
        TableName: tableName(),
        Key,
        UpdateExpression,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames,
        ExpressionAttributeValues,
      },
    })),
    notFound,
  );
}

/**
 * Writes another module adds to a caller's transaction (a usage count beside the progress it pays for),
 * and what a failed condition among them means: the error to answer, or undefined to start again from
 * a fresh read.
 */
export interface LinkedWrites {
  items: TransactItem[];
  refused(index: number): Promise<AppError | undefined>;
}
