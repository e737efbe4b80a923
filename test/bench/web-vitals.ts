import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { resetConfig } from '../../functions/lib/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { servedBuild } from '../support/served-build';
import type { BenchStack } from './stack';
import { median } from './stack';

const RUNS = 5;

/**
 * The floor: the home page's hero as static HTML and inline CSS, no JavaScript, served by the same server.
 * Its LCP is what this machine and Chromium take to paint that text at all, so a slow machine shows as
 * such beside the pages' figures.
 */
const floorPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo Academy</title>
<style>body{margin:0;font-family:system-ui,sans-serif}
.hero{background:linear-gradient(to bottom right,#0d9488,#2dd4bf);color:#fff;padding:96px 16px;text-align:center}
h1{font-size:3rem;margin:0 auto 24px;max-width:56rem}p{font-size:1.125rem;opacity:.9}</style></head>
<body><div class="hero"><h1>Learn with expert tutors at Demo Academy</h1>
<p>Live one-to-one and group classes, curriculum lessons, quizzes and past papers.</p></div></body></html>
`;

/**
 * Largest Contentful Paint of one visit of `url` in a fresh headless Chromium profile (cold cache), once
 * `readyText` shows, and the scripts of the page's own origin it loaded. A visit with no LCP entry is an
 * error, never a 0 ms that would count as met.
 */
export async function lcpOfFirstVisit(browser: Browser, url: string, readyText: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const origin = new URL(url).origin;
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const requested = new URL(request.url());
    if (request.resourceType() === 'script' && requested.origin === origin) scripts.add(requested.pathname);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number | null };
    w.__lcp = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.getByText(readyText, { exact: true }).filter({ visible: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // LCP is final once the page has painted its content; a short settle lets the observer report it.
    await page.waitForTimeout(200);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number | null }).__lcp);
    if (lcp === null) throw new Error(`No largest-contentful-paint entry arrived for ${url}`);
    return { lcp, scripts: [...scripts] };
  } finally {
    await context.close();
  }
}

/**
 * Largest Contentful Paint of the home and a subject page, cold cache, and the JavaScript each loaded
 * before it was done, gzipped (as CloudFront serves it, level 9), beside the floor page's.
 */
export async function measureWebVitals(stack: BenchStack) {
  const site = await servedBuild(stack.apiUrl);
  await writeFile(join(site.outDir, 'lcp-floor.html'), floorPage);
  // The API answers CORS for the site's own origin only: here the site is this served build.
  const localOrigin = process.env.WEB_ORIGIN;
  process.env.WEB_ORIGIN = site.url;
  resetConfig();
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
    const { lcp, scripts } = await lcpOfFirstVisit(browser, `${site.url}/learning-portal${path}`, readyText);
    let jsBytes = 0;
    for (const script of scripts) jsBytes += await gzipSize(script);
    if (process.env.BENCH_VERBOSE) {
      for (const script of scripts)
        console.log(`  ${path} ${script} ${((await gzipSize(script)) / 1024).toFixed(1)} KB`);
    }
    return { lcp, jsKb: jsBytes / 1024, scripts: scripts.length };
  }

  try {
    // One warm-up visit each, so the API's first-request costs (tenant, caches) are not the page's.
    await visit('/', 'Explore the curriculum');
    await visit('/cambridge-igcse/mathematics', 'Algebra and graphs');
    const floor = [];
    const home = [];
    const subject = [];
    for (let i = 0; i < RUNS; i++) {
      floor.push(await visit('/lcp-floor.html', 'Learn with expert tutors at Demo Academy'));
      home.push(await visit('/', 'Explore the curriculum'));
      subject.push(await visit('/cambridge-igcse/mathematics', 'Algebra and graphs'));
    }
    return {
      floorLcp: floor.map((r) => r.lcp),
      homeLcp: home.map((r) => r.lcp),
      subjectLcp: subject.map((r) => r.lcp),
      floorLcpMs: median(floor.map((r) => r.lcp)),
      homeLcpMs: median(home.map((r) => r.lcp)),
      subjectLcpMs: median(subject.map((r) => r.lcp)),
      homeJsKb: median(home.map((r) => r.jsKb)),
      homeScripts: home[0]!.scripts,
      subjectJsKb: median(subject.map((r) => r.jsKb)),
    };
  } finally {
    process.env.WEB_ORIGIN = localOrigin;
    resetConfig();
    await browser.close();
    await site.close();
  }
}
