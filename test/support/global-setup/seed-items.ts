/**
 * Seeds the demo tenants into a scratch table of the DynamoDB Local at argv[2] and writes its items to the
 * JSON file argv[3]. Run once per test run by the database global setup.
 */
import { randomBytes, scrypt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { readAllItems, type TableItems } from '../../../infra/local/dynamodb';
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
await writeFile(
  outFile,
  JSON.stringify(await withQuickPasswordChecks(await readAllItems(endpoint, tableName))),
);
await stack.stop();
process.exit(0);

/**
 * The seeded accounts' password hashes made again at scrypt N=2^10 (the cost is stored in each hash, and
 * the sign-in reads it from there): the run signs these accounts in hundreds of times, each check at the
 * production N=2^15 costing about 0.1 s of a busy core. Sign-in still checks the password the same way;
 * accounts a test creates, and the hashing itself (functions/lib/passwords.test.ts), keep the production
 * cost. A hash is replaced only once the seed's password is shown to match it.
 */
async function withQuickPasswordChecks(items: TableItems): Promise<TableItems> {
  // Imported once the stack has set the functions' environment, as the stack imports them.
  const [{ verifyPassword }, { seedTenants }] = await Promise.all([
    import('../../../functions/lib/passwords'),
    import('../../../functions/seed/seed'),
  ]);
  const passwords = new Map(
    seedTenants.flatMap(({ users }) => users.map((user) => [user.email, user.password])),
  );
  return Promise.all(
    items.map(async (item) => {
      const hash = item.passwordHash?.S;
      const password = passwords.get(item.email?.S ?? '');
      if (!hash || !password || !(await verifyPassword(password, hash))) return item;
      return { ...item, passwordHash: { S: await quickHash(password) } };
    }),
  );
}

async function quickHash(password: string): Promise<string> {
  const [N, r, p] = [2 ** 10, 8, 1];
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, 64, { N, r, p }, (error, derived) => (error ? reject(error) : resolve(derived))),
  );
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}
