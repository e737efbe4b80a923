import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ensureTable, localDynamoClient, startDynamoDbLocal } from '../../../infra/local/dynamodb';

describe('DynamoDB Local', () => {
  it('keeps data across a restart on the same directory, and runs transactions', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ddb-'));
    const first = await startDynamoDbLocal({ dataDir });
    await ensureTable(first.endpoint, 'persist');
    const documents = DynamoDBDocumentClient.from(localDynamoClient(first.endpoint));
    await documents.send(new PutCommand({ TableName: 'persist', Item: { pk: 'a', sk: 'b', value: 42 } }));

    // A transaction whose condition fails writes nothing at all.
    await expect(
      documents.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: 'persist', Item: { pk: 'c', sk: 'd' } } },
            {
              ConditionCheck: {
                TableName: 'persist',
                Key: { pk: 'a', sk: 'b' },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    documents.destroy();
    await first.stop();

    const second = await startDynamoDbLocal({ dataDir });
    await ensureTable(second.endpoint, 'persist');
    const again = DynamoDBDocumentClient.from(localDynamoClient(second.endpoint));
    const { Item } = await again.send(new GetCommand({ TableName: 'persist', Key: { pk: 'a', sk: 'b' } }));
    expect(Item?.value).toBe(42);
    const { Item: none } = await again.send(
      new GetCommand({ TableName: 'persist', Key: { pk: 'c', sk: 'd' } }),
    );
    expect(none).toBeUndefined();
    again.destroy();
    await second.stop();
    // Two cold JVM starts: allow for a busy 2-core machine.
  }, 120_000);
});
