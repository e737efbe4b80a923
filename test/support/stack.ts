import { afterAll, beforeAll } from 'vitest';
import { startLocalStack } from '../../infra/local/stack';
import { apiClient } from './api-client';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;

/**
 * One in-memory local stack (DynamoDB Local, HTTP gateway, bus) per test file, seeded with the demo and
 * northwind tenants; the API is reached over HTTP exactly as the SPA reaches it.
 */
export function localStackForFile(env: Record<string, string> = {}) {
  const state: { stack?: Stack; api?: ReturnType<typeof apiClient> } = {};
  beforeAll(async () => {
    Object.assign(process.env, env);
    state.stack = await startLocalStack({
      apiPort: 0,
      inMemory: true,
      web: false,
      seed: true,
      schedules: false,
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
