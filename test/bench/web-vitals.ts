import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build, type Plugin, preview } from 'vite';
import { CHROMIUM_PATH } from '../e2e/support/browser';
import type { BenchStack } from './stack';
import { median } from './stack';

const configFile = resolve(import.meta.dirname, '../../web/vite.config.ts');
const RUNS = 5;

/** The production build, served the way CloudFront serves it: static files plus config.json. */
async function servedBuild(apiUrl: string) {
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

/**
 * Largest Contentful Paint of a page in a fresh headless Chromium profile (cold cache), and the JavaScript
 * it loaded before it was done, gzipped (as CloudFront serves it, level 9).
 */
export async function measureWebVitals(stack: BenchStack) {
  const site = await servedBuild(stack.apiUrl);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const gzipped = new Map<string, number>();
  const gzipSize = async (path: string) => {
    if (!gzipped.has(path)) {
      const bytes = await readFile(join(site.outDir, path.replace(/^\/learning-portal\//, '')));
      gzipped.set(path, gzipSync(bytes, { level: 9 }).byteLength);
    }
    return gzipped.get(path)!;
  };

  async function visit(path: string, readyText: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.origin === site.url) scripts.add(url.pathname);
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${site.url}/learning-portal${path}`, { waitUntil: 'load' });
    await page.getByText(readyText, { exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // LCP is final once the page has painted its content; a short settle lets the observer report it.
    await page.waitForTimeout(200);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    let jsBytes = 0;
    for (const script of scripts) jsBytes += await gzipSize(script);
    if (process.env.BENCH_VERBOSE) {
      for (const script of scripts)
        console.log(`  ${path} ${script} ${((await gzipSize(script)) / 1024).toFixed(1)} KB`);
    }
    await context.close();
    return { lcp, jsKb: jsBytes / 1024, scripts: scripts.size };
  }

  try {
    // One warm-up visit each, so the API's first-request costs (tenant, caches) are not the page's.
    await visit('/', 'Explore the curriculum');
    await visit('/cambridge-igcse/mathematics', 'Algebra and graphs');
    const home = [];
    const subject = [];
    for (let i = 0; i < RUNS; i++) {
      home.push(await visit('/', 'Explore the curriculum'));
      subject.push(await visit('/cambridge-igcse/mathematics', 'Algebra and graphs'));
    }
    return {
      homeLcpMs: median(home.map((r) => r.lcp)),
      subjectLcpMs: median(subject.map((r) => r.lcp)),
      homeJsKb: median(home.map((r) => r.jsKb)),
      homeScripts: home[0]!.scripts,
      subjectJsKb: median(subject.map((r) => r.jsKb)),
    };
  } finally {
    await browser.close();
    await site.close();
  }
}
