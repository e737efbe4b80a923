import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { servedBuild } from '../support/served-build';
import type { BenchStack } from './stack';
import { median } from './stack';

const RUNS = 5;

/**
 * Largest Contentful Paint of a page in a fresh headless Chromium profile (cold cache), and the JavaScript
 * it loaded before it was done, gzipped (as CloudFront serves it, level 9).
 */
export async function measureWebVitals(stack: BenchStack) {
  const site = await servedBuild(stack.apiUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
