import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import type { TableItems } from '../../infra/local/dynamodb';
import { type LocalStackOptions, startLocalStack } from '../../infra/local/stack';
import { apiClient } from './api-client';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;

/**
 * The database of one test file: a new table in its worker's DynamoDB Local (started once per worker by
 * test/support/global-setup/database.ts), filled with the demo tenants seeded once for the run. The file
 * sees exactly the seeded state, never another file's writes, and the table is dropped when it stops.
 */
export async function fileDatabase(): Promise<Pick<LocalStackOptions, 'database' | 'items'>> {
  const endpoints = inject('dynamoEndpoints');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const endpoint = endpoints[(worker - 1) % endpoints.length];
  if (!endpoint)
    throw new Error('No DynamoDB Local for this worker: is the database global setup configured?');
  const items = JSON.parse(await readFile(inject('seededItemsFile'), 'utf8')) as TableItems;
  return { database: { endpoint, tableName: `file-${randomUUID()}` }, items };
}

/**
 * One local stack (HTTP gateway, bus, its own table of seeded demo and northwind tenants) per test file;
 * the API is reached over HTTP exactly as the SPA reaches it.
 */
export function localStackForFile(
  env: Record<string, string> = {},
  options: Pick<LocalStackOptions, 'webSocketLimits'> = {},
) {
  const state: { stack?: Stack; api?: ReturnType<typeof apiClient> } = {};
  beforeAll(async () => {
    Object.assign(process.env, env);
    state.stack = await startLocalStack({
      apiPort: 0,
      inMemory: true,
      web: false,
      schedules: false,
      ...options,
      ...(await fileDatabase()),
    });
    state.api = apiClient(state.stack.apiUrl);
  });
  afterAll(async () => {
    await state.stack?.stop();
  });
  return {
    get stack(): Stack {
      if (!state.stack) throw new Error('The local stack is not started yet');
      return state.stack;
    },
    get api(): ReturnType<typeof apiClient> {
      if (!state.api) throw new Error('The local stack is not started yet');
      return state.api;
    },
  };
}
