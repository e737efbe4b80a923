import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { robotsTxt } from '../../shared/rules/sitemap';
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
  return {
    name: 'local-runtime-config',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
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
      });
    },
  };
}

/** Vite's own requests (modules, HMR client, pre-bundled deps) are never site pages. */
const VITE_INTERNAL = /^\/(learning-portal\/)?(@|node_modules\/|src\/|__)/;

/**
 * The edge's work, locally: `/robots.txt`, `/sitemap.xml` (and its parts) of the Host's tenant, and a 301/302 for a
 * redirected path, before the SPA answers.
 */
function siteEdgePlugin(site: LocalSiteEdge): Plugin {
  return {
    name: 'local-site-edge',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url) return next();
        const url = new URL(request.url, 'http://local');
        if (VITE_INTERNAL.test(url.pathname)) return next();
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
      });
    },
  };
}

/** The SPA on Vite's dev server, with the same base path as in the cloud. */
export async function startWeb(port: number, runtime: () => RuntimeConfig, site?: LocalSiteEdge) {
  if (!existsSync(configFile)) throw new Error(`The SPA's Vite config is missing: ${configFile}`);
  const { createServer } = await import('vite');
  const server: ViteDevServer = await createServer({
    configFile,
    configLoader: VITE_CONFIG_LOADER,
    plugins: [runtimeConfigPlugin(runtime), ...(site ? [siteEdgePlugin(site)] : [])],
    server: { port, strictPort: port !== 0, host: '0.0.0.0' },
    logLevel: 'warn',
  });
  await server.listen();
  const address = server.httpServer?.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: async () => {
      site?.close();
      await server.close();
    },
  };
}
