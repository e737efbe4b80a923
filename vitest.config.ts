import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The SPA's build inlines the route table (web/vite.config.ts); tests compute it from the catalogue.
    alias: {
      'virtual:route-table': fileURLToPath(new URL('./shared/routes/route-table-module.ts', import.meta.url)),
    },
  },
  test: {
    // Calendars and money are tested in UTC unless a test sets its own zone (as Cal.com does).
    env: { TZ: 'UTC' },
    include: [
      'shared/**/*.test.ts',
      'functions/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'cdk.out/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // DynamoDB Local (a JVM per file) and Chromium are heavy on a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
    // CI reads the counts from this file to print its closing line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
