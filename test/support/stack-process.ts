/**
 * A local stack in a process of its own, for tests that kill it (test/integration/local/event-outbox-restart):
 * `tsx stack-process.ts '<json options>'`. It prints one JSON line once it serves (`{ apiUrl }`), another
 * once every event it found is delivered (`{ settled: true }`, when it delivers events), and stops cleanly
 * on SIGTERM (dropping its table). A SIGKILL stops it wherever it is.
 */
import { readFile } from 'node:fs/promises';
import type { TableItems } from '../../infra/local/dynamodb';
import { startLocalStack } from '../../infra/local/stack';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  endpoint: string;
  tableName: string;
  dataDir: string;
  itemsFile?: string;
  deliverEvents: boolean;
};
const items = options.itemsFile
  ? (JSON.parse(await readFile(options.itemsFile, 'utf8')) as TableItems)
  : undefined;
const stack = await startLocalStack({
  apiPort: 0,
  dataDir: options.dataDir,
  database: { endpoint: options.endpoint, tableName: options.tableName },
  ...(items ? { items } : {}),
  web: false,
  schedules: false,
  deliverEvents: options.deliverEvents,
});
console.log(JSON.stringify({ apiUrl: stack.apiUrl }));
if (options.deliverEvents) {
  await stack.events.settled();
  console.log(JSON.stringify({ settled: true }));
}
process.once('SIGTERM', () => {
  void stack.stop().finally(() => process.exit(0));
});
