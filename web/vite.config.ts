import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routes } from '../shared/routes/catalogue';
import { clientRouteTable, routeAccessTable } from '../shared/routes/route-table';
import { themeCssPlugin } from './build/theme-css';

/**
 * Paths are absolute so the local stack can pass this file as `configFile` to Vite's `createServer` from
 * another working directory. The SPA reads its API address from `/learning-portal/config.json` at start
 * (served by the local stack and by CloudFront), so nothing environment-specific is baked into the build.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const sharedRoot = fileURLToPath(new URL('../shared', import.meta.url));
// Resolved: a checkout may link node_modules from elsewhere, and Vite compares real paths.
const nodeModules = realpathSync(fileURLToPath(new URL('../node_modules', import.meta.url)));

/**
 * What the dev server may serve through `/@fs/`: the SPA, the shared code it imports and its packages, not
 * the rest of the checkout (the functions, infra/, the local stack's data with its password hashes and
 * signing key). Vite's own deny list is restated, since a list given replaces it, and `.data` (the local
 * stack's default data directory) is added wherever it is; the local stack adds its actual data directory.
 */
const fsAllow = [webRoot, sharedRoot, nodeModules];
const fsDeny = [
  '.env',
  '.env.*',
  '*.{crt,pem,key,p12,pfx,cer,der}',
  '.npmrc',
  '.yarnrc.yml',
  '**/.git/**',
  '**/.data/**',
];

/**
 * A module computed from the route declarations when Vite loads this config and inlined as JSON, so the
 * browser gets what it needs of the routes without their zod schemas. A dev server needs a restart to see
 * a new route (`npm start` restarts).
 * - `virtual:route-table`: method, path and encoding of each route, for the HTTP client;
 * - `virtual:route-access`: each route's access rule, for `canCall` (only the pages that check access load it).
 */
function routeModulePlugin(id: string, table: () => unknown): Plugin {
  return {
    name: id,
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? `export default ${JSON.stringify(table())};` : undefined),
  };
}

/**
 * The entry (src/main.tsx) only requests config.json and imports the app (src/app/start.tsx); this lists the
 * app's chunks in index.html as `<link rel="modulepreload">`, so the browser fetches them while it parses
 * the page, in parallel with the entry, instead of once the entry has run.
 */
function preloadAppPlugin(): Plugin {
  const appModule = fileURLToPath(new URL('./src/app/start.tsx', import.meta.url));
  let base = '/';
  return {
    name: 'preload-app',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const app = chunks.find((chunk) => chunk.moduleIds.includes(appModule));
        if (!app) throw new Error(`preload-app: no chunk for ${appModule}`);
        const files = new Set<string>();
        const visit = (chunk: (typeof chunks)[number] | undefined) => {
          // The entry is in index.html already.
          if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) visit(chunks.find((c) => c.fileName === imported));
        };
        visit(app);
        return [...files].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: '/learning-portal/',
  plugins: [
    react(),
    routeModulePlugin('virtual:route-table', () => clientRouteTable(routes)),
    routeModulePlugin('virtual:route-access', () => routeAccessTable(routes)),
    preloadAppPlugin(),
    themeCssPlugin(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Chakra's theme module builds its default config with `defineConfig(...)` (an identity function) at load
    // time; as an unknown call it would be kept, and with it every recipe of the theme, which the app's own
    // system (src/theme/system.ts) does not use.
    rolldownOptions: { treeshake: { manualPureFunctions: ['defineConfig'] } },
  },
  server: { fs: { allow: fsAllow, deny: fsDeny } },
});
