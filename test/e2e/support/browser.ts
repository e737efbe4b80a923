import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { startLocalStack } from '../../../infra/local/stack';
import type { TokenResponse } from '../../../shared/schemas/auth';
import { storageKeys } from '../../../web/src/config/storage-keys';
import { apiClient } from '../../support/api-client';
import { fileDatabase, startLivedInStack } from '../../support/stack';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Headless, and nothing running in the background that would reach the network or skew timings. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const screenshotDir = join(import.meta.dirname, '..', 'screenshots');
const failureDir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'failures');

type Stack = Awaited<ReturnType<typeof startLocalStack>>;

import type { OutboxMail as Mail } from '../../../infra/local/mailbox';

export type { Mail };

/** How `signedInPage` opens its profile: the context's options, the tenant, and local-storage flags to add. */
export type SignedInPageOptions = Omit<BrowserContextOptions, 'storageState'> & {
  /** The tenant the account belongs to; 'demo' unless given. */
  tenant?: string;
  /** Further local-storage entries of the SPA's origin, e.g. `{ tutorEditMode: 'true' }`. */
  localStorage?: Record<string, string>;
};

/**
 * One local stack (API with its own table of the seeded demo tenants, the SPA) and one Chromium per test
 * file. The SPA is the production build made once for the run (test/support/global-setup/web-build.ts),
 * served as CloudFront serves it; `devServer` serves it from Vite's dev server instead, as `npm start` does.
 * A missing Chromium fails the file: browser tests never skip silently. `seed: 'lived-in'` adds the
 * lived-in demo's history (functions/seed/history-seed.ts) to the file's table (`livedInDemo`).
 */
export function browserStackPerFile(options: { devServer?: boolean; seed?: 'lived-in' } = {}) {
  const state: {
    stack?: Stack;
    browser?: Browser;
    contexts: BrowserContext[];
    livedInDone?: () => Promise<void>;
  } = { contexts: [] };

  // The first journeys of a run start while the SPA is still being built (a minute on a busy machine).
  if (!options.devServer) beforeAll(() => webBuilt(inject('webBuildResult')), 300_000);
  // Writing the lived-in history takes most of a minute on one busy core, past the default hook time.
  const startTimeout = options.seed ? 300_000 : undefined;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install Debian's chromium package`);
    }
    const stackOptions = {
      apiPort: 0,
      webPort: 0,
      inMemory: true,
      web: options.devServer ? true : { builtDir: inject('webBuildDir') },
      schedules: false,
    };
    // The demo with its term of history on top, as `npm start` shows it: seeded by the run's first file
    // that asks, copied by the others.
    if (options.seed === 'lived-in') {
      const livedIn = await startLivedInStack(stackOptions);
      state.stack = livedIn.stack;
      state.livedInDone = livedIn.done;
    } else {
      state.stack = await startLocalStack({ ...stackOptions, ...(await fileDatabase()) });
    }
    state.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, startTimeout);

  // CI shows only what a run prints: a failed journey prints what each of its open pages showed.
  beforeEach(({ task, onTestFailed }) => {
    const before = state.contexts.length;
    onTestFailed(() => reportPages(task.name, state.contexts.slice(before)));
  });

  afterAll(async () => {
    await state.livedInDone?.();
    for (const context of state.contexts) await context.close().catch(() => undefined);
    await state.browser?.close();
    await state.stack?.stop();
  });

  const stack = (): Stack => {
    if (!state.stack) throw new Error('The local stack is not started yet');
    return state.stack;
  };

  const webUrl = (): string => {
    const url = stack().webUrl;
    if (!url) throw new Error('The local stack runs without the SPA');
    return url;
  };

  const portalUrl = (path = '/'): string => `${webUrl()}/learning-portal${path === '/' ? '/' : path}`;

  const newPage = async (options: BrowserContextOptions = {}): Promise<Page> => {
    if (!state.browser) throw new Error('Chromium is not started yet');
    const context = await state.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    state.contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return page;
  };

  return {
    stack,
    /** The SPA address of a router path, e.g. `portalUrl('/login')`. */
    portalUrl,
    /** A fresh browser profile (its own localStorage) with one page. */
    newPage,
    /**
     * A fresh browser profile already signed in as `account`, with one page, at `portalUrl(path)` when a path
     * is given. The token comes from the API's password grant and the session is stored as the login form
     * stores it (web/src/lib/session.ts `startSession`), so a journey about something else starts where it
     * means to: no login page, no portal home and no second start of the app first. Journeys about signing
     * in (the form, its redirects, a parent's choice of account) use `newPage` and the form.
     */
    async signedInPage(
      account: { email: string; password: string },
      path?: string,
      options: SignedInPageOptions = {},
    ): Promise<Page> {
      const { tenant = 'demo', localStorage: extra = {}, ...contextOptions } = options;
      const answer = await apiClient(stack().apiUrl).call<TokenResponse>('auth.token', {
        tenant,
        body: { grant_type: 'password', username: account.email, password: account.password },
      });
      const user = answer.body.oauthUser;
      if (answer.status !== 200 || !user) {
        throw new Error(
          `Signing in as ${account.email} (tenant ${tenant}) failed: ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
      const session: Record<string, string> = {
        [storageKeys.authToken]: answer.body.access_token,
        [storageKeys.authUser]: JSON.stringify(user),
      };
      if (user.userMapper) session[storageKeys.userMapper] = JSON.stringify(user.userMapper);
      const entries = Object.entries({ ...session, ...extra }).map(([name, value]) => ({ name, value }));
      const page = await newPage({
        ...contextOptions,
        storageState: { cookies: [], origins: [{ origin: new URL(webUrl()).origin, localStorage: entries }] },
      });
      if (path !== undefined) await page.goto(portalUrl(path));
      return page;
    },
    /** The local mailbox, newest first. */
    async mailbox(): Promise<Mail[]> {
      const response = await fetch(`${stack().apiUrl}/_local/mailbox.json`);
      if (!response.ok) throw new Error(`The mailbox answered ${response.status}`);
      return (await response.json()) as Mail[];
    },
  };
}

/**
 * Prints the address and the accessibility tree of every page still open when `test` failed, and saves a
 * screenshot of each under test-results/failures: enough to tell from a CI log what the page showed.
 */
async function reportPages(test: string, contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  mkdirSync(failureDir, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((error: Error) => `(no snapshot: ${error.message})`);
    const file = join(failureDir, `${test.slice(0, 60).replace(/[^\w-]+/g, '-')}-${index}.png`);
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
    const shown = tree.length > 6_000 ? `${tree.slice(0, 6_000)}\n… (${tree.length} characters)` : tree;
    console.error(`\n[failed: ${test}] page ${index + 1} of ${pages.length}: ${page.url()}\n${shown}\n`);
  }
}

/** Waits for the run's SPA build (test/support/global-setup/web-build.ts); a failed build fails the file. */
async function webBuilt(resultFile: string): Promise<void> {
  for (;;) {
    const result = await readFile(resultFile, 'utf8').then(
      (text) => JSON.parse(text) as { ok?: true; error?: string },
      () => undefined,
    );
    if (result?.error) throw new Error(result.error);
    if (result?.ok) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}

/** The whole page, or with `fullPage: false` what the viewport shows (a dialog on a phone). */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // Transitions are finished first, so a screenshot never catches a control half-way through its change.
  await page.screenshot({
    path: join(screenshotDir, `${name}.png`),
    fullPage: options.fullPage ?? true,
    animations: 'disabled',
  });
}

/**
 * Waits for the toast titled `title` and closes it, so that a later toast with the same title can only come
 * from a later action (a toast stays for seconds: on a fast machine the next action's toast joins it).
 */
export async function closeToast(page: Page, title: string): Promise<void> {
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title }).first();
  await toast.waitFor();
  await toast.locator('[data-part="close-trigger"]').click();
  await toast.waitFor({ state: 'detached' });
}

/** A unique address per run, so journeys never collide with seeded or earlier accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}
