import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const databaseSetup = 'test/support/global-setup/database.ts';
const webBuildSetup = 'test/support/global-setup/web-build.ts';

export default defineConfig({
  resolve: {
    // The SPA's build inlines the route modules (web/vite.config.ts); tests compute them from the catalogue.
    alias: {
      'virtual:route-table': fileURLToPath(new URL('./shared/routes/route-table-module.ts', import.meta.url)),
      'virtual:route-access': fileURLToPath(
        new URL('./shared/routes/route-access-module.ts', import.meta.url),
      ),
    },
  },
  test: {
    // Calendars and money are tested in UTC unless a test sets its own zone (as Cal.com does).
    env: { TZ: 'UTC' },
    exclude: ['**/node_modules/**', 'cdk.out/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // DynamoDB Local (a JVM per worker) and Chromium are heavy on a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    // CI reads the counts from this file to print its closing line. The third stops each file's databases
    // when the file ends.
    reporters: [
      'default',
      ['json', { outputFile: 'test-results/vitest.json' }],
      './test/support/global-setup/database-leases.ts',
    ],
    // Each project's global setup runs only when the run has files of that project: a run of unit tests
    // starts no database and builds no SPA.
    projects: [
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/e2e/**/*.test.ts'],
          // A worker's journeys share one process: the platform's modules and Playwright load once per worker.
          isolate: false,
          // The SPA's build starts first: it runs in the background while the databases start.
          globalSetup: [webBuildSetup, databaseSetup],
          // A journey is a sequence of steps, each waiting at most the page's 30 s for the condition it needs
          // (newPage in test/e2e/support/browser.ts), so a stuck step fails there, naming what it waited
          // for. The journey's own budget only bounds one that keeps making progress: on a machine pinned
          // to one core the longest journeys take about a minute.
          testTimeout: 180_000,
          // expect.poll waits for what a page shows after a load or a push; Vitest's default (1 s) is shorter
          // than a page load on a busy 2-core machine. A poll that never succeeds still fails, only later.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'test/infra/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: [databaseSetup],
          // A poll waits for what a push, a stream or a bus delivers; on a busy 2-core machine that can take
          // longer than Vitest's default 1 s (a socket's connect, register and answer took more in CI).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
