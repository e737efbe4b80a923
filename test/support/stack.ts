import { randomUUID } from 'node:crypto';
import { open, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { z } from 'zod';
import { readAllItems, type TableItems } from '../../infra/local/dynamodb';
import { type LocalStackOptions, startLocalStack } from '../../infra/local/stack';
import { apiClient } from './api-client';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;

/**
 * The database of one test file: a DynamoDB Local of its own from the run's pool
 * (test/support/global-setup/database.ts, stopped when the file ends), with a new table filled with the demo
 * tenants seeded once for the run. The file sees exactly the seeded state, never another file's writes.
 */
export async function fileDatabase(): Promise<Required<Pick<LocalStackOptions, 'database' | 'items'>>> {
  const file = expect.getState().testPath;
  if (!file) throw new Error('fileDatabase is for a test file’s hooks and tests');
  const leased = await fetch(`${inject('databasePool')}/lease?file=${encodeURIComponent(file)}`, {
    method: 'POST',
  });
  const answer = z
    .object({ endpoint: z.string().optional(), message: z.string().optional() })
    .parse(await leased.json());
  if (!leased.ok || !answer.endpoint) throw new Error(`No DynamoDB Local for ${file}: ${answer.message}`);
  const items = JSON.parse(await readFile(inject('seededItemsFile'), 'utf8')) as TableItems;
  return { database: { endpoint: answer.endpoint, tableName: `file-${randomUUID()}` }, items };
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
  // The file's settings, and what they replace: the worker's next file shares this process (isolate: false).
  const replaced = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
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
    for (const [name, value] of Object.entries(replaced)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
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

/** The lived-in demo's copy to start from, or the duty to seed it and share a copy (or say it failed). */
type LivedInDemo =
  | { items: TableItems }
  | { seed: 'lived-in'; share(stack: Stack, tableName: string): Promise<void>; giveUp(): Promise<void> };

/**
 * The lived-in demo (the demo with a term of history on top) for a file that starts its own stack on it.
 * Its seed takes most of a minute on a busy core, so the run seeds it once: the first file to ask seeds its
 * own table as `npm start` does (`seed`), then hands a copy of that table to the run (`share`, once its
 * seed's events are delivered, before any test writes); every later file starts from that copy (`items`),
 * waiting for it if the first is still seeding. The history is anchored at the first file's start, as a
 * data directory's history is anchored at its first `npm start`. Should the first file fail before it
 * shares, the others seed for themselves.
 */
export async function livedInDemo(): Promise<LivedInDemo> {
  const runDirectory = dirname(inject('seededItemsFile'));
  const copyFile = join(runDirectory, 'lived-in-items.json');
  const failedFile = join(runDirectory, 'lived-in-failed');
  const seedHere = async () => {
    let shared = false;
    return {
      seed: 'lived-in' as const,
      async share(stack: Stack, tableName: string) {
        await stack.events.settled();
        const items = await readAllItems(stack.dynamoEndpoint, tableName);
        // Written whole, then renamed: a waiting file never reads half a copy.
        await writeFile(`${copyFile}.partial`, JSON.stringify(items));
        await rename(`${copyFile}.partial`, copyFile);
        shared = true;
      },
      async giveUp() {
        if (!shared) await writeFile(failedFile, '');
      },
    };
  };
  try {
    // Only one file of the run creates the lock, so only one seeds first.
    await (await open(join(runDirectory, 'lived-in.lock'), 'wx')).close();
    return await seedHere();
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  // The first file's seed and its copy take up to a few minutes on a loaded machine.
  const giveUpAt = Date.now() + 240_000;
  for (;;) {
    try {
      return { items: JSON.parse(await readFile(copyFile, 'utf8')) as TableItems };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    }
    if (
      await readFile(failedFile).then(
        () => true,
        () => false,
      )
    )
      return seedHere();
    if (Date.now() > giveUpAt) throw new Error('The lived-in demo seeded by another file never came');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A stack on a fresh table of the lived-in demo (livedInDemo): the run's copy, or, for the first file to
 * ask, its own seed shared once written. `done` (after the file) lets the waiting files seed for themselves
 * should this file have failed before it shared.
 */
export async function startLivedInStack(
  options: Omit<LocalStackOptions, 'database' | 'items' | 'seed'>,
): Promise<{ stack: Stack; done(): Promise<void> }> {
  const database = await fileDatabase();
  const livedIn = await livedInDemo();
  const done = async () => {
    if ('giveUp' in livedIn) await livedIn.giveUp();
  };
  try {
    const stack = await startLocalStack({
      ...options,
      ...database,
      ...('items' in livedIn ? { items: livedIn.items } : { seed: livedIn.seed }),
    });
    if ('share' in livedIn) await livedIn.share(stack, database.database.tableName);
    return { stack, done };
  } catch (error) {
    await done();
    throw error;
  }
}
