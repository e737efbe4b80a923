import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { VITE_CONFIG_LOADER } from '../../../infra/local/web';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SPA's production build for this run, which every browser journey serves. */
    webBuildDir: string;
  }
}

/**
 * Builds the SPA once for the run. The browser journeys serve this build, as CloudFront does, instead of
 * each starting Vite's dev server: there every new browser profile fetched and compiled hundreds of
 * modules per page, which on a slow machine took 6 to 12 seconds a page.
 */
export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(join(tmpdir(), 'lp-web-build-'));
  await build({
    configFile: resolve(import.meta.dirname, '../../../web/vite.config.ts'),
    configLoader: VITE_CONFIG_LOADER,
    // Errors only: the size advice on the app's largest chunk is the build's own business (npm run build).
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  project.provide('webBuildDir', outDir);
  return () => rm(outDir, { recursive: true, force: true });
}
