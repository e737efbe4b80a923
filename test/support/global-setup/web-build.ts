import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { VITE_CONFIG_LOADER } from '../../../infra/local/web';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SPA's production build for this run, which every browser journey serves (once `webBuildResult` says so). */
    webBuildDir: string;
    /** A file written when the build ends: `{ "ok": true }`, or `{ "error": … }` with Vite's output. */
    webBuildResult: string;
  }
}

const viteCli = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/**
 * Builds the SPA once for the run. The browser journeys serve this build, as CloudFront does, instead of
 * each starting Vite's dev server: there every new browser profile fetched and compiled hundreds of
 * modules per page, which on a slow machine took 6 to 12 seconds a page. The build runs in a process of
 * its own while the databases start and the tests run; a journey waits for it (test/e2e/support/browser.ts)
 * before it starts its stack, so the run's start no longer waits for it.
 */
export default async function setup(project: TestProject) {
  const directory = await mkdtemp(join(tmpdir(), 'lp-web-build-'));
  const outDir = join(directory, 'site');
  const resultFile = join(directory, 'result.json');
  const build = spawn(
    process.execPath,
    [
      viteCli,
      'build',
      '--config',
      resolve(import.meta.dirname, '../../../web/vite.config.ts'),
      '--configLoader',
      VITE_CONFIG_LOADER,
      '--outDir',
      outDir,
      '--emptyOutDir',
      // Errors only: the size advice on the app's largest chunk is the build's own business (npm run build).
      '--logLevel',
      'error',
    ],
    { cwd: resolve(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += String(chunk);
  };
  build.stdout.on('data', collect);
  build.stderr.on('data', collect);
  // Written whole, then renamed: a journey never reads half a result.
  const ended = once(build, 'exit').then(async ([code]) => {
    const result = code === 0 ? { ok: true } : { error: `The SPA's build failed (exit ${code}):\n${output}` };
    await writeFile(`${resultFile}.partial`, JSON.stringify(result));
    await rename(`${resultFile}.partial`, resultFile);
  });
  project.provide('webBuildDir', outDir);
  project.provide('webBuildResult', resultFile);
  return async () => {
    if (build.exitCode === null) build.kill('SIGTERM');
    await ended;
    await rm(directory, { recursive: true, force: true });
  };
}
