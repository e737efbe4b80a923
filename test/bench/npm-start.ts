import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { median } from './stack';
import { lcpOfFirstVisit } from './web-vitals';

const RUNS = 5;
const repoRoot = resolve(import.meta.dirname, '../..');

/** Starts `npm start` (or `npm run dev`) as a person does, on a new data directory; resolves with the SPA's URL. */
async function startPlatform(dev: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'lp-bench-start-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'infra/local/start.ts', ...(dev ? ['--dev'] : [])],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, API_PORT: '0', WEB_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const spaUrl = await spaAddress(child);
    return { spaUrl, stop: () => stopPlatform(child, dataDir) };
  } catch (error) {
    await stopPlatform(child, dataDir);
    throw error;
  }
}

/** The SPA line of the start banner, once the banner has ended ("Press Ctrl-C to stop."). */
async function spaAddress(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  let spa: string | undefined;
  for await (const line of lines) {
    spa ??= line.match(/^\s+SPA\s+(\S+)/)?.[1];
    if (line.includes('Press Ctrl-C to stop')) {
      if (!spa) throw new Error('npm start printed no SPA address');
      // Keep reading (and discarding) its output, so the child never blocks on a full pipe.
      child.stdout?.resume();
      return spa;
    }
  }
  throw new Error(`npm start ended before it was ready (exit ${child.exitCode})`);
}

async function stopPlatform(child: ChildProcess, dataDir: string) {
  if (child.exitCode === null) {
    child.kill('SIGINT');
    await once(child, 'exit');
  }
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * What a person trying the product waits for: the home page's Largest Contentful Paint in a fresh browser
 * profile, the first visit after `npm start` is ready and then the median of five more, each a cold cache;
 * and, for comparison, the first visit on `npm run dev` (Vite's dev server, every module compiled on request).
 */
export async function measureNpmStart() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // A person's browser is already running: one page of another origin first, so the first visit measured
  // is the platform's first (its server and API cold), not Chromium's own first paint of any page.
  await lcpOfFirstVisit(
    browser,
    'data:text/html,<h1>Learn with expert tutors</h1>',
    'Learn with expert tutors',
  );
  try {
    const built = await startPlatform(false);
    const visits: number[] = [];
    try {
      for (let i = 0; i <= RUNS; i++) {
        visits.push((await lcpOfFirstVisit(browser, built.spaUrl, 'Explore the curriculum')).lcp);
      }
    } finally {
      await built.stop();
    }
    const dev = await startPlatform(true);
    let devFirst: number;
    try {
      devFirst = (await lcpOfFirstVisit(browser, dev.spaUrl, 'Explore the curriculum')).lcp;
    } finally {
      await dev.stop();
    }
    return { first: visits[0]!, later: visits.slice(1), laterMedian: median(visits.slice(1)), devFirst };
  } finally {
    await browser.close();
  }
}
