import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError } from '../../shared/http/errors';
import { db, resetDb } from '../lib/db';
import { writeTransaction } from './transactions';

const item = { Put: { TableName: 'transactions-test', Item: { pk: 'a', sk: 'b' } } };

/** A table whose first answers are the given failures, then a commit; counts the attempts. */
function tableFailingWith(failures: Error[]) {
  let attempts = 0;
  vi.spyOn(db(), 'send').mockImplementation(async (command: unknown) => {
    if (!(command instanceof TransactWriteCommand)) throw new Error('Only TransactWriteItems is expected');
    const failure = failures[attempts++];
    if (failure) throw failure;
    return {};
  });
  return () => attempts;
}

function named(name: string, message = name): Error {
  return Object.assign(new Error(message), { name });
}

function cancelled(...reasons: string[]): Error {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: reasons.map((Code) => ({ Code })),
  });
}

describe('writeTransaction', () => {
  beforeEach(() => {
    vi.stubEnv('AWS_REGION', 'local-1');
    resetDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    resetDb();
  });

  it('retries a conflict with another transaction, a throttle and a lock wait, then commits', async () => {
    const attempts = tableFailingWith([
      cancelled('None', 'TransactionConflict'),
      named('ThrottlingException'),
      // What DynamoDB Local answers when a transaction waited too long for a lock held by others.
      named('InternalServerError', 'This action timed out because it too long waiting for a lock.'),
    ]);
    await writeTransaction([item], () => new ConflictError('taken'));
    expect(attempts()).toBe(4);
  });

  it('answers the caller’s error for a failed condition at once, naming the write that failed', async () => {
    const attempts = tableFailingWith([cancelled('None', 'ConditionalCheckFailed')]);
    const failure = writeTransaction([item, item], (index) => new ConflictError(`write ${index} failed`));
    await expect(failure).rejects.toThrow('write 1 failed');
    expect(attempts()).toBe(1);
  });

  it('gives up on a lasting conflict with a 409 saying to try again, never a 500', async () => {
    const attempts = tableFailingWith(
      Array.from({ length: 20 }, () => named('TransactionConflictException')),
    );
    await expect(writeTransaction([item], () => new ConflictError('taken'))).rejects.toMatchObject({
      statusCode: 409,
      message: 'The calendar is busy right now. Please try again in a moment.',
    });
    expect(attempts()).toBe(8);
  });

  it('throws anything else on unchanged', async () => {
    tableFailingWith([named('ValidationException', 'One or more parameter values were invalid')]);
    await expect(writeTransaction([item], () => new ConflictError('taken'))).rejects.toThrow(
      'One or more parameter values were invalid',
    );
  });
});
