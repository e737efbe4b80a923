/**
 * Seeds the demo tenants into a scratch table of the DynamoDB Local at argv[2] and writes its items to the
 * JSON file argv[3]. Run once per test run by the database global setup.
 */
import { writeFile } from 'node:fs/promises';
import { readAllItems } from '../../../infra/local/dynamodb';
import { startLocalStack } from '../../../infra/local/stack';

const [endpoint, outFile] = process.argv.slice(2);
if (!endpoint || !outFile) throw new Error('Usage: seed-items.ts <dynamodb endpoint> <out file>');

const tableName = 'seed-items';
const stack = await startLocalStack({
  apiPort: 0,
  inMemory: true,
  web: false,
  seed: true,
  schedules: false,
  database: { endpoint, tableName },
});
// The seed's events handled first (each tenant's first sitemap): a copy holds no generation left RUNNING.
await stack.events.settled();
await writeFile(outFile, JSON.stringify(await readAllItems(endpoint, tableName)));
await stack.stop();
process.exit(0);
