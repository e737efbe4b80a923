import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from '../lib/db';
import { batchGetItems } from './batch';

type Key = { pk: string; sk: string };
const TABLE = 'batch-test';

/**
 * DynamoDB may answer a BatchGetItem with some keys unprocessed (throttling, the 16 MB answer limit): a
 * reader that ignores them returns fewer records than asked, silently. This fake table answers every call
 * with at most `perCall` of the keys asked and hands the rest back as UnprocessedKeys.
 */
function throttledTable(perCall: number, items: Map<string, Record<string, unknown>>) {
  const calls: Key[][] = [];
  vi.spyOn(db(), 'send').mockImplementation(async (command: unknown) => {
    if (!(command instanceof BatchGetCommand)) throw new Error('Only BatchGetItem is expected');
    const asked = (command.input.RequestItems?.[TABLE]?.Keys ?? []) as Key[];
    calls.push(asked);
    const served = asked.slice(0, perCall);
    const left = asked.slice(perCall);
    return {
      Responses: { [TABLE]: served.flatMap((key) => items.get(key.pk) ?? []) },
      ...(left.length ? { UnprocessedKeys: { [TABLE]: { Keys: left } } } : {}),
    };
  });
  return calls;
}

describe('batchGetItems', () => {
  beforeEach(() => {
    vi.stubEnv('TABLE_NAME', TABLE);
    vi.stubEnv('AWS_REGION', 'local-1');
    resetDb();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    resetDb();
  });

  const keysOf = (count: number): Key[] =>
    Array.from({ length: count }, (_, i) => ({ pk: `item-${i}`, sk: 'item' }));

  it('asks again for unprocessed keys until every item is read, 100 keys a call at most', async () => {
    const items = new Map(keysOf(250).map((key, i) => [key.pk, { ...key, n: i }]));
    const calls = throttledTable(30, items);

    const found = await batchGetItems(keysOf(250));

    expect(found.map((item) => item.n).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 250 }, (_, i) => i),
    );
    expect(Math.max(...calls.map((keys) => keys.length))).toBeLessThanOrEqual(100);
    // Three chunks of 84, 83 and 83 keys, each served 30 at a time.
    expect(calls).toHaveLength(3 * 3);
  });

  it('leaves out keys with no item, and reads nothing for no keys', async () => {
    const items = new Map(keysOf(3).map((key) => [key.pk, key]));
    throttledTable(1, items);
    expect(await batchGetItems([...keysOf(3), { pk: 'missing', sk: 'item' }])).toHaveLength(3);
    expect(await batchGetItems([])).toEqual([]);
  });

  it('gives up with an error rather than answer fewer items when keys stay unprocessed', async () => {
    const items = new Map(keysOf(5).map((key) => [key.pk, key]));
    throttledTable(0, items);
    // The backoff between attempts runs on a fake clock: the test waits for no real time.
    vi.useFakeTimers();
    const reading = expect(batchGetItems(keysOf(5))).rejects.toThrow(
      'DynamoDB kept keys unprocessed; giving up',
    );
    await vi.runAllTimersAsync();
    await reading;
  });
});
