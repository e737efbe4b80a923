import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Connect, InlineConfig, Plugin } from 'vite';
import { robotsTxt } from '../../shared/rules/sitemap';
import { LOOPBACK } from './listen';
import type { LocalSiteEdge } from './site-edge';

const configFile = resolve(import.meta.dirname, '../../web/vite.config.ts');
/**
 * Vite loads web/vite.config.ts with its module runner, which resolves the extensionless TypeScript imports
 * of shared/ as the app does (the default loader bundles the config and warns about each of them).
 */
export const VITE_CONFIG_LOADER = 'runner';

export interface RuntimeConfig {
  apiUrl: string;
  wsUrl: string;
  stage: string;
}

/**
 * Serves `/learning-portal/config.json` (in the cloud a file deployed next to the SPA) and sends `/` to the
 * portal's base path.
 */
function runtimeConfigPlugin(runtime: () => RuntimeConfig): Plugin {
  const middleware: Connect.NextHandleFunction = (request, response, next) => {
    if (request.url === '/learning-portal/config.json') {
      response.setHeader('content-type', 'application/json');
      response.setHeader('cache-control', 'no-store');
      response.end(JSON.stringify(runtime()));
      return;
    }
    if (request.url === '/' || request.url === '') {
      response.statusCode = 302;
      response.setHeader('location', '/learning-portal/');
      response.end();
      return;
    }
    next();
  };
  return {
    name: 'local-runtime-config',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

/**
 * Vite's own requests (modules, HMR client, pre-bundled deps) and the build's assets are never site pages
 * (the edge function lets `/learning-portal/assets/` through too).
 */
const NOT_SITE_PAGES = /^\/(learning-portal\/)?(@|node_modules\/|src\/|__|assets\/)/;

/**
 * The edge's work, locally: `/robots.txt`, `/sitemap.xml` (and its parts) of the Host's tenant, and a 301/302 for a
 * redirected path, before the SPA answers.
 */
function siteEdgePlugin(site: LocalSiteEdge): Plugin {
  const middleware: Connect.NextHandleFunction = (request, response, next) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url) return next();
    const url = new URL(request.url, 'http://local');
    if (NOT_SITE_PAGES.test(url.pathname)) return next();
    const hostname = (request.headers.host ?? 'localhost').replace(/:\d+$/, '').toLowerCase();
    const answer = async () => {
      const name = url.pathname.slice(1);
      if (name === 'robots.txt') {
        const host = request.headers.host ?? 'localhost';
        response.setHeader('content-type', 'text/plain; charset=utf-8');
        response.end(robotsTxt(`http://${host}`));
        return;
      }
      if (/^sitemap(-\d+)?\.xml$/.test(name)) {
        const xml = await site.sitemapFile(hostname, name);
        response.statusCode = xml === undefined ? 404 : 200;
        response.setHeader(
          'content-type',
          xml === undefined ? 'text/plain' : 'application/xml; charset=utf-8',
        );
        response.end(xml ?? 'No sitemap has been generated yet');
        return;
      }
      const redirect = await site.redirectFor(hostname, url.pathname);
      if (!redirect) return next();
      response.statusCode = redirect.statusCode;
      response.setHeader('location', redirect.to);
      response.setHeader('cache-control', 'no-store');
      response.end();
    };
    answer().catch(next);
  };
  return {
    name: 'local-site-edge',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}

/**
 * Builds the SPA into `outDir` and keeps it built: Vite's build in watch mode remakes it when a source
 * changes (a second or two). Resolves once the first build is there; build errors after that are printed,
 * and the last good build stays served.
 */
async function watchedBuild(shared: InlineConfig, outDir: string) {
  const { build } = await import('vite');
  const watcher = await build({ ...shared, build: { outDir, emptyOutDir: true, watch: {} } });
  if (!('on' in watcher)) throw new Error('Vite did not start a watching build');
  await new Promise<void>((resolveFirst, rejectFirst) => {
    let first = true;
    watcher.on('event', (event) => {
      if (event.code === 'BUNDLE_END') void event.result.close();
      if (event.code === 'ERROR') {
        void event.result?.close();
        if (first) rejectFirst(event.error);
        else console.error(`The SPA did not rebuild: ${event.error.message}`);
        first = false;
      }
      if (event.code === 'END') {
        if (first) resolveFirst();
        first = false;
      }
    });
  });
  return watcher;
}

/**
 * The SPA with the same base path as in the cloud, in one of three ways:
 * - `rebuildInto` (`npm start`): a production build made at start and remade on each change, served as
 *   CloudFront serves it, so a first visit loads a few chunks instead of compiling hundreds of modules;
 * - `builtDir` (the browser tests): a build made once for the run, served the same way;
 * - neither (`npm run dev`): Vite's dev server, modules compiled on request, hot reload.
 */
export async function startWeb(
  port: number,
  runtime: () => RuntimeConfig,
  options: {
    site?: LocalSiteEdge;
    builtDir?: string;
    rebuildInto?: string;
    /** The address to listen on: this machine only (127.0.0.1) unless asked otherwise. */
    host?: string;
    /** The stack's data directory (database, mails, signing key): never served, wherever it is. */
    dataDir?: string;
  } = {},
) {
  if (!existsSync(configFile)) throw new Error(`The SPA's Vite config is missing: ${configFile}`);
  const { createServer, normalizePath, preview } = await import('vite');
  const plugins = [runtimeConfigPlugin(runtime), ...(options.site ? [siteEdgePlugin(options.site)] : [])];
  const shared: InlineConfig = { configFile, configLoader: VITE_CONFIG_LOADER, plugins, logLevel: 'warn' };
  const host = options.host ?? LOOPBACK;
  const listen = { port, strictPort: port !== 0, host };
  // Added to web/vite.config.ts's own list (Vite concatenates the two).
  const deny = options.dataDir ? [`${normalizePath(resolve(options.dataDir))}/**`] : [];
  const watcher = options.rebuildInto ? await watchedBuild(shared, options.rebuildInto) : undefined;
  const builtDir = options.rebuildInto ?? options.builtDir;
  const server = builtDir
    ? await preview({ ...shared, build: { outDir: builtDir }, preview: listen })
    : await createServer({ ...shared, server: { ...listen, fs: { deny } } }).then((dev) => dev.listen());
  const address = server.httpServer?.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    host: typeof address === 'object' && address ? address.address : host,
    close: async () => {
      options.site?.close();
      await watcher?.close();
      await server.close();
    },
  };
}
