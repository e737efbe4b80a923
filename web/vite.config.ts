import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routes } from '../shared/routes/catalogue';
import { clientRouteTable } from '../shared/routes/route-table';

/**
 * Paths are absolute so the local stack can pass this file as `configFile` to Vite's `createServer` from
 * another working directory. The SPA reads its API address from `/learning-portal/config.json` at start
 * (served by the local stack and by CloudFront), so nothing environment-specific is baked into the build.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * `virtual:route-table`: the declared routes without their schemas, inlined as JSON. The table is computed
 * when Vite loads this config, so a dev server needs a restart to see a new route (`npm start` restarts).
 */
function routeTablePlugin(): Plugin {
  const id = 'virtual:route-table';
  return {
    name: 'route-table',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}` ? `export default ${JSON.stringify(clientRouteTable(routes))};` : undefined,
  };
}

export default defineConfig({
  root: webRoot,
  base: '/learning-portal/',
  plugins: [react(), routeTablePlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  // The SPA imports route declarations and schemas from ../shared.
  server: { fs: { allow: [repoRoot] } },
});
