import { resolve } from 'node:path';
import { type Plugin, preview } from 'vite';
import { VITE_CONFIG_LOADER } from '../../infra/local/web';

/**
 * Serves a production build of the SPA (OUT_DIR) with config.json naming API_URL, then prints its address
 * on stdout. Run in its own process by `servedBuild`.
 */
const outDir = process.env.OUT_DIR!;
const apiUrl = process.env.API_URL!;

const runtimeConfig: Plugin = {
  name: 'served-build-runtime-config',
  configurePreviewServer(server) {
    server.middlewares.use((request, response, next) => {
      if (request.url !== '/learning-portal/config.json') return next();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ apiUrl, wsUrl: apiUrl.replace(/^http/, 'ws'), stage: 'production' }));
    });
  },
};

const server = await preview({
  configFile: resolve(import.meta.dirname, '../../web/vite.config.ts'),
  configLoader: VITE_CONFIG_LOADER,
  logLevel: 'silent',
  plugins: [runtimeConfig],
  build: { outDir },
  preview: { port: 0, host: 'localhost' },
});
const address = server.httpServer.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`http://localhost:${port}`);
