import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, inject, it } from 'vitest';
import { readOutbox } from '../../../infra/local/mailbox';
import { apiClient, demo } from '../../support/api-client';
import { fileDatabase } from '../../support/stack';

const script = resolve(import.meta.dirname, '../../support/stack-process.ts');
const children = new Set<ChildProcess>();
const directories: string[] = [];
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

/** Starts the stack in its own process; answers it and the JSON lines it prints, as they come. */
function startStackProcess(options: Record<string, unknown>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk);
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  const died = exited.then((code) => {
    throw new Error(`The stack process exited (${code}):\n${errors}`);
  });
  died.catch(() => undefined);
  /** The next JSON line the process prints (what it says once it serves, once it has delivered). */
  async function next(): Promise<Record<string, unknown>> {
    for (;;) {
      const line = await Promise.race([lines.next(), died]);
      if (line.done) throw new Error(`The stack process said nothing more:\n${errors}`);
      if (line.value.startsWith('{')) return JSON.parse(line.value);
    }
  }
  /** SIGKILL: no clean-up, no flush, as a crash or a pulled plug. */
  async function kill() {
    child.kill('SIGKILL');
    await exited;
    children.delete(child);
  }
  async function stop() {
    child.kill('SIGTERM');
    await exited;
    children.delete(child);
  }
  return { next, kill, stop };
}

it('a process killed between the commit and the delivery loses no event, and a replay sends nothing twice', async () => {
  // Prepare: a table of its own, in a data directory the three processes share
  const { database } = await fileDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'lp-restart-'));
  directories.push(dataDir);
  const options = { endpoint: database!.endpoint, tableName: database!.tableName, dataDir };
  const mailsTo = async (email: string) =>
    (await readOutbox(join(dataDir, 'outbox'))).filter((mail) => mail.to === email);

  // Act: the request commits its event, and the process dies before anything reads the stream
  const first = startStackProcess({ ...options, itemsFile: inject('seededItemsFile'), deliverEvents: false });
  const { apiUrl } = await first.next();
  const answer = await apiClient(String(apiUrl)).call('auth.forgotPassword', {
    body: { email: demo.student3.email },
  });
  expect(answer.status).toBe(200);
  await first.kill();
  expect(await mailsTo(demo.student3.email)).toEqual([]);

  // Assess: the next process on the same data directory delivers it
  const second = startStackProcess({ ...options, deliverEvents: true });
  await second.next();
  expect(await second.next()).toEqual({ settled: true });
  expect(await mailsTo(demo.student3.email)).toHaveLength(1);
  await second.kill();

  // Assess: a process that lost its stream positions (killed before it saved them) replays the stream
  // from the start, and the consumer's claim passes the event over
  await rm(join(dataDir, 'stream-positions.json'));
  const third = startStackProcess({ ...options, deliverEvents: true });
  await third.next();
  expect(await third.next()).toEqual({ settled: true });
  expect(await mailsTo(demo.student3.email)).toHaveLength(1);
  await third.stop();
  // Three process starts (each imports the handlers afresh): allow for a busy 2-core machine.
}, 180_000);
