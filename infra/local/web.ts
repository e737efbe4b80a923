import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

const configFile = resolve(import.meta.dirname, '../../web/vite.config.ts');

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

/** The SPA on Vite's dev server, with the same base path as in the cloud. */
export async function startWeb(port: number, runtime: () => RuntimeConfig) {
  if (!existsSync(configFile)) throw new Error(`The SPA's Vite config is missing: ${configFile}`);
  const { createServer } = await import('vite');
  const server: ViteDevServer = await createServer({
    configFile,
    plugins: [runtimeConfigPlugin(runtime)],
    server: { port, strictPort: port !== 0, host: '0.0.0.0' },
    logLevel: 'warn',
  });
  await server.listen();
  const address = server.httpServer?.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    close: () => server.close(),
  };
}
