import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'vite';
import { VITE_CONFIG_LOADER } from '../../infra/local/web';

const configFile = resolve(import.meta.dirname, '../../web/vite.config.ts');
const serverScript = resolve(import.meta.dirname, 'serve-build.ts');

/**
 * The production build, served the way CloudFront serves it (static files plus config.json) and, like
 * CloudFront, apart from the API: from its own process, so its files never wait behind the API's
 * handlers on the test's event loop.
 */
export async function servedBuild(apiUrl: string) {
  const outDir = await mkdtemp(join(tmpdir(), 'lp-web-'));
  // BENCH_SPLIT_PACKAGES=1 puts each npm package in its own chunk, to see what a page's JavaScript is made of.
  const splitPackages = process.env.BENCH_SPLIT_PACKAGES
    ? {
        rollupOptions: {
          output: {
            manualChunks: (id: string) =>
              id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]?.replace('/', '_'),
          },
        },
      }
    : {};
  await build({
    configFile,
    configLoader: VITE_CONFIG_LOADER,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, ...splitPackages },
  });
  const server = spawn(process.execPath, ['--import', 'tsx', serverScript], {
    env: { ...process.env, OUT_DIR: outDir, API_URL: apiUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let url: string;
  try {
    url = await firstLine(server);
  } catch (error) {
    server.kill();
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    outDir,
    async close() {
      if (server.exitCode === null) {
        server.kill();
        await once(server, 'exit');
      }
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** The server's address, which it prints once it listens. */
async function firstLine(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The build's web server exited (${code}) before it listened`);
  });
  const listening = once(lines, 'line').then(([line]) => line as string);
  return Promise.race([listening, exited]);
}
