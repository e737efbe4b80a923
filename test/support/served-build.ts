import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Plugin, preview } from 'vite';

const configFile = resolve(import.meta.dirname, '../../web/vite.config.ts');

/** The production build, served the way CloudFront serves it: static files plus config.json. */
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
  await build({ configFile, logLevel: 'silent', build: { outDir, emptyOutDir: true, ...splitPackages } });
  const runtimeConfig: Plugin = {
    name: 'bench-runtime-config',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url !== '/learning-portal/config.json') return next();
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ apiUrl, wsUrl: apiUrl.replace(/^http/, 'ws'), stage: 'production' }));
      });
    },
  };
  const server = await preview({
    configFile,
    logLevel: 'silent',
    plugins: [runtimeConfig],
    build: { outDir },
    preview: { port: 0, host: 'localhost' },
  });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}`,
    outDir,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
