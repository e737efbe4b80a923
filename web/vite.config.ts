import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Paths are absolute so the local stack can pass this file as `configFile` to Vite's `createServer` from
 * another working directory. The SPA reads its API address from `/learning-portal/config.json` at start
 * (served by the local stack and by CloudFront), so nothing environment-specific is baked into the build.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webRoot,
  base: '/learning-portal/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  // The SPA imports route declarations and schemas from ../shared.
  server: { fs: { allow: [repoRoot] } },
});
