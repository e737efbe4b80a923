import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { db, resetDb } from './db';
import { SDK_LOGGER_MIDDLEWARE } from './sdk-logging';

const hasLogger = (names: string[]) => names.some((name) => name.startsWith(`${SDK_LOGGER_MIDDLEWARE} `));

describe('the document client', () => {
  afterEach(() => resetDb());

  it('leaves out the SDK’s logger middleware, which a plain client has', () => {
    const plain = new DynamoDBClient({ region: 'local-1' });
    expect(hasLogger(plain.middlewareStack.identify())).toBe(true);
    plain.destroy();

    const names = db().middlewareStack.identify();
    expect(hasLogger(names)).toBe(false);
    // The rest of the stack is the SDK's own (serialization, retries, signing).
    expect(names.length).toBeGreaterThan(5);
  });
});
