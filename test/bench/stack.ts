import { logger } from '../../functions/lib/logger';
import { startLocalStack } from '../../infra/local/stack';
import { apiClient } from '../support/api-client';

export type BenchStack = Awaited<ReturnType<typeof startLocalStack>> & { api: ReturnType<typeof apiClient> };

/** One in-memory local stack for all the benchmarks that go through the gateway. */
export async function withBenchStack(run: (stack: BenchStack) => Promise<void>): Promise<void> {
  // Per-request logs go to CloudWatch in the cloud; here they would only measure the terminal.
  // The logger may be built already (imported by a benchmark module), so its level is set, not only the env.
  process.env.LOG_LEVEL = 'ERROR';
  logger.setLogLevel('ERROR');
  const stack = await startLocalStack({
    apiPort: 0,
    inMemory: true,
    web: false,
    seed: true,
    schedules: false,
  });
  try {
    await run({ ...stack, api: apiClient(stack.apiUrl) });
  } finally {
    await stack.stop();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
