import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../../infra/local/dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's pool of DynamoDB Locals: `POST {pool}/lease` with the test file's path answers an endpoint. */
    databasePool: string;
    /** The demo tenants seeded once for the run, as items (JSON) that each test file copies into its table. */
    seededItemsFile: string;
  }
}

type Database = Awaited<ReturnType<typeof startDynamoDbLocal>>;

/**
 * The run's pool: its lease address, and the DynamoDB Locals files hold (`leased`, by file path), each
 * file's stopped when the file ends (`releaseFileDatabases`, called by the reporter
 * test/support/global-setup/database-leases.ts).
 */
interface Pool {
  url: string;
  seededItemsFile: string;
  users: number;
  leased: Map<string, Database[]>;
  stop(): Promise<void>;
}

// The integration and browser projects each run this setup; both share one pool, held by the main process.
const SHARED = Symbol.for('learning-platform.test-databases');
type Holder = { [SHARED]?: Promise<Pool> };

const seedScript = resolve(import.meta.dirname, 'seed-items.ts');

/**
 * Every test file gets a DynamoDB Local of its own, started for it, and stopped when the file ends. One
 * shared for a worker's whole life grew slower file after file: DynamoDB Local keeps every stream record
 * of every table, dropped ones included, for 24 hours (as DynamoDB does), and every request, reads too,
 * slows as they pile up (the same file took 28.5 s first on a JVM and 109.5 s after ten others). A JVM
 * start costs about 2 s of CPU, so the pool keeps one started per worker ahead of the files that will ask.
 * The demo tenants are seeded once (the seed hashes passwords and writes the catalogue) and each file copies
 * those items into its table.
 */
export default async function setup(project: TestProject) {
  const holder = globalThis as Holder;
  holder[SHARED] ??= startPool(Math.max(1, project.vitest.config.maxWorkers));
  const pool = await holder[SHARED];
  pool.users += 1;
  project.provide('databasePool', pool.url);
  project.provide('seededItemsFile', pool.seededItemsFile);
  return async () => {
    pool.users -= 1;
    if (pool.users > 0) return;
    delete holder[SHARED];
    await pool.stop();
  };
}

/** Stops the databases the test file `filePath` leased: it has ended, hooks and all. */
export async function releaseFileDatabases(filePath: string): Promise<void> {
  const pool = await (globalThis as Holder)[SHARED];
  const databases = pool?.leased.get(resolve(filePath));
  if (!pool || !databases) return;
  pool.leased.delete(resolve(filePath));
  await Promise.all(databases.map((database) => database.stop()));
}

async function startPool(workers: number): Promise<Pool> {
  const start = () => startDynamoDbLocal({ shortRun: true });
  const seeding = await start();
  const spares = Array.from({ length: workers }, start);
  const leased = new Map<string, Database[]>();
  const directory = await mkdtemp(join(tmpdir(), 'lp-seeded-'));
  const seededItemsFile = join(directory, 'items.json');
  const stopAll = async () => {
    const started = await Promise.allSettled(spares);
    const all = [...started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])), ...leased.values()];
    await Promise.all(all.flat().map((database) => database.stop()));
  };
  try {
    // In a process of its own: the seed runs the functions, which configure themselves from process.env.
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', seedScript, seeding.endpoint, seededItemsFile],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    await stopAll();
    throw error;
  } finally {
    await seeding.stop();
  }

  /** A started database for the file, and another started in its place for the next file. */
  async function lease(filePath: string): Promise<Database> {
    const next = spares.shift() ?? start();
    spares.push(start());
    const database = await next;
    const key = resolve(filePath);
    leased.set(key, [...(leased.get(key) ?? []), database]);
    return database;
  }

  const server = createServer((request, response) => {
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://pool');
    const file = url.searchParams.get('file');
    if (request.method !== 'POST' || url.pathname !== '/lease' || !file) {
      answer(400, { message: 'POST /lease?file=<test file path>' });
      return;
    }
    lease(file).then(
      (database) => answer(200, { endpoint: database.endpoint }),
      (error: Error) => answer(500, { message: `No DynamoDB Local started: ${error.message}` }),
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    seededItemsFile,
    users: 0,
    leased,
    async stop() {
      await closeServer(server);
      await stopAll();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((closed) => server.close(() => closed()));
}
