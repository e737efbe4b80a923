import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack } from '../../../infra/local/stack';
import { localTokenSecret, TOKEN_SECRET_FILE } from '../../../infra/local/token-secret';
import { startWeb } from '../../../infra/local/web';
import { apiClient, demo } from '../../support/api-client';
import { fileDatabase } from '../../support/stack';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Temporary directories of this file, removed when it ends. */
const temporary: string[] = [];
const temporaryDir = async (prefix: string) => {
  const directory = await mkdtemp(join(tmpdir(), prefix));
  temporary.push(directory);
  return directory;
};
afterAll(async () => {
  for (const directory of temporary) await rm(directory, { recursive: true, force: true });
});

describe('the local token signing key', () => {
  it('is random per data directory, kept in it for this user only, and the same on every start', async () => {
    // Prepare
    const first = await temporaryDir('lp-secret-');
    const second = await temporaryDir('lp-secret-');

    // Act: two stacks starting on one new directory at once, then a restart, then another directory
    const [a, b] = await Promise.all([localTokenSecret(first), localTokenSecret(first)]);
    const restarted = await localTokenSecret(first);
    const other = await localTokenSecret(second);

    // Assess
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(b).toBe(a);
    expect(restarted).toBe(a);
    expect(other).not.toBe(a);
    expect((await readFile(join(first, TOKEN_SECRET_FILE), 'utf8')).trim()).toBe(a);
    expect((await stat(join(first, TOKEN_SECRET_FILE))).mode & 0o777).toBe(0o600);
  });

  it('refuses a key file that holds no usable key', async () => {
    const dir = await temporaryDir('lp-secret-');
    await writeFile(join(dir, TOKEN_SECRET_FILE), 'short');
    await expect(localTokenSecret(dir)).rejects.toThrow(/holds no usable signing key/);
  });
});

describe('the local stack', () => {
  type Stack = Awaited<ReturnType<typeof startLocalStack>>;
  const started = new Set<Stack>();
  const stop = async (stack: Stack) => {
    started.delete(stack);
    await stack.stop();
  };
  afterAll(async () => {
    for (const stack of started) await stop(stack);
  });
  const start = async (dataDir: string, host?: string) => {
    const stack = await startLocalStack({
      apiPort: 0,
      dataDir,
      ...(host ? { host } : {}),
      web: false,
      schedules: false,
      ...(await fileDatabase()),
    });
    started.add(stack);
    return stack;
  };

  it('keeps sessions across a restart on the same data, and another data directory refuses them', async () => {
    // Prepare: a session on one data directory
    const dataDir = await temporaryDir('lp-data-');
    const first = await start(dataDir);
    const session = await apiClient(first.apiUrl).signIn(demo.student.email, demo.student.password);
    await stop(first);

    // Act
    const restarted = await start(dataDir);
    const sameData = await apiClient(restarted.apiUrl).call('users.authUser', session);
    await stop(restarted);
    const elsewhere = await start(await temporaryDir('lp-data-'));
    const otherData = await apiClient(elsewhere.apiUrl).call('users.authUser', session);

    // Assess
    expect(sameData.status).toBe(200);
    expect(otherData.status).toBe(401);
    expect(process.env.TOKEN_SECRET).toBe(await localTokenSecret(elsewhere.dataDir));
    // Three stack starts, each copying the seeded table.
  }, 120_000);

  it('listens on 127.0.0.1 only unless a host is asked for', async () => {
    const local = await start(await temporaryDir('lp-data-'));
    expect(local.listening).toEqual({ api: '127.0.0.1' });
    const everywhere = await start(await temporaryDir('lp-data-'), '0.0.0.0');
    expect(everywhere.listening).toEqual({ api: '0.0.0.0' });
  });
});

describe('the dev server (npm start’s SPA)', () => {
  // A data directory where a careless DATA_DIR could put it: inside the web root the dev server serves
  // (under a folder git ignores); and one under the checkout's .data, npm start's default.
  const dataDir = join(repoRoot, 'web', 'test-results', `data-${randomUUID()}`);
  const defaultDataDir = join(repoRoot, '.data', `test-${randomUUID()}`);
  const secret = `secret-${randomUUID()}`;
  let web: Awaited<ReturnType<typeof startWeb>>;

  beforeAll(async () => {
    for (const directory of [dataDir, defaultDataDir]) {
      await mkdir(directory, { recursive: true });
      await writeFile(join(directory, TOKEN_SECRET_FILE), secret);
    }
    web = await startWeb(
      0,
      () => ({ apiUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1', stage: 'local' }),
      {
        dataDir,
      },
    );
  });
  afterAll(async () => {
    await web?.close();
    for (const directory of [dataDir, defaultDataDir]) await rm(directory, { recursive: true, force: true });
  });

  const get = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${web.port}${path}`);
    return { status: response.status, text: await response.text() };
  };

  it('listens on 127.0.0.1 only', () => {
    expect(web.host).toBe('127.0.0.1');
  });

  it('serves the shared code the SPA imports', async () => {
    const shared = await get(`/learning-portal/@fs${repoRoot}/shared/rules/email.ts`);
    expect(shared.status).toBe(200);
    expect(shared.text).toContain('normalizeEmail');
  });

  it.each([
    ['the local stack’s source', `${repoRoot}/infra/local/stack.ts`, 'startLocalStack'],
    ['a function’s source', `${repoRoot}/functions/lib/config.ts`, 'configSchema'],
    ['the default data directory', `${defaultDataDir}/${TOKEN_SECRET_FILE}`, secret],
    ['the data directory, even inside the web root', `${dataDir}/${TOKEN_SECRET_FILE}`, secret],
  ])('refuses %s through /@fs/ in every form', async (_label, file, content) => {
    for (const path of [
      `/@fs${file}`,
      `/learning-portal/@fs${file}`,
      `/learning-portal/@fs${file}?raw`,
      `/learning-portal/@fs${file}?import&raw`,
      `/learning-portal/@fs${file}?url`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).not.toBe(200);
      expect(answer.text, path).not.toContain(content);
    }
  });

  it('refuses the data directory under the web root as a plain path too', async () => {
    const relative = dataDir.slice(join(repoRoot, 'web').length);
    for (const path of [
      `/learning-portal${relative}/${TOKEN_SECRET_FILE}`,
      `${relative}/${TOKEN_SECRET_FILE}`,
    ]) {
      const answer = await get(path);
      expect(answer.text, path).not.toContain(secret);
    }
  });
});
