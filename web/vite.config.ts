import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routes } from '../shared/routes/catalogue';
import { clientRouteTable } from '../shared/routes/route-table';
import { themeCssPlugin } from './build/theme-css';

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
  plugins: [react(), routeTablePlugin(), preloadAppPlugin(), themeCssPlugin()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Chakra's theme module builds its default config with `defineConfig(...)` (an identity function) at load
    // time; as an unknown call it would be kept, and with it every recipe of the theme, which the app's own
    // system (src/theme/system.ts) does not use.
    rolldownOptions: { treeshake: { manualPureFunctions: ['defineConfig'] } },
  },
  // The SPA imports route declarations and schemas from ../shared.
  server: { fs: { allow: [repoRoot] } },
});
