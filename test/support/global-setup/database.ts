import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../../infra/local/dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One DynamoDB Local per worker: the worker with VITEST_POOL_ID n uses entry n - 1. */
    dynamoEndpoints: string[];
    /** The demo tenants seeded once for the run, as items (JSON) that each test file copies into its table. */
    seededItemsFile: string;
  }
}

type Databases = { endpoints: string[]; seededItemsFile: string; users: number; stop(): Promise<void> };

// The integration and browser projects each run this setup; both share one set, held by the main process.
const SHARED = Symbol.for('learning-platform.test-databases');
type Holder = { [SHARED]?: Promise<Databases> };

const seedScript = resolve(import.meta.dirname, 'seed-items.ts');

/**
 * Starts one DynamoDB Local per worker (a JVM start costs seconds on a slow machine: once per worker, not
 * once per file) and seeds the demo tenants once (the seed hashes passwords and writes the catalogue: most
 * of a file's start-up before). Each test file then gets a fresh table of its own holding a copy of the
 * seeded items, so no file sees another file's writes.
 */
export default async function setup(project: TestProject) {
  const holder = globalThis as Holder;
  holder[SHARED] ??= startDatabases(project.vitest.config.maxWorkers);
  const databases = await holder[SHARED];
  databases.users += 1;
  project.provide('dynamoEndpoints', databases.endpoints);
  project.provide('seededItemsFile', databases.seededItemsFile);
  return async () => {
    databases.users -= 1;
    if (databases.users > 0) return;
    delete holder[SHARED];
    await databases.stop();
  };
}

async function startDatabases(workers: number): Promise<Databases> {
  const started = await Promise.all(
    Array.from({ length: Math.max(1, workers) }, () => startDynamoDbLocal({ shortRun: true })),
  );
  const [seedingDatabase] = started;
  if (!seedingDatabase) throw new Error('No DynamoDB Local started');
  const stopAll = () => Promise.all(started.map((database) => database.stop())).then(() => undefined);
  const directory = await mkdtemp(join(tmpdir(), 'lp-seeded-'));
  const seededItemsFile = join(directory, 'items.json');
  try {
    // In a process of its own: the seed runs the functions, which configure themselves from process.env.
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', seedScript, seedingDatabase.endpoint, seededItemsFile],
      { maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    endpoints: started.map((database) => database.endpoint),
    seededItemsFile,
    users: 0,
    async stop() {
      await stopAll();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
