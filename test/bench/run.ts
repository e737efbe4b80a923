/**
 * `npm run bench`: the figures the issues name, measured on this machine and written to
 * test/bench/results/latest.json (and printed as a table). Benchmarks, not tests: nothing here asserts.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { measureBundleSizes } from './bundle-size';
import { measureColdStart } from './cold-start';
import { measurePagingCost } from './paging';
import { withBenchStack } from './stack';
import { measureWarmAuthUser } from './warm-auth-user';

interface Figure {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
}

async function main() {
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const figures: Figure[] = [];

  if (wanted('bundles')) {
    for (const bundle of await measureBundleSizes()) {
      figures.push({
        name: `bundle size: ${bundle.resource}`,
        value: bundle.kb,
        unit: 'KB',
        target: '<= 350 KB',
        met: bundle.withinTarget,
      });
    }
  }

  await withBenchStack(async (stack) => {
    if (wanted('cold-start')) {
      const cold = await measureColdStart(stack);
      figures.push(
        {
          name: 'cold start: bare node + empty handler (median of 10)',
          value: cold.baselineMs,
          unit: 'ms',
          target: 'baseline',
          met: true,
        },
        {
          name: 'cold start: users bundle, first GET /user/authUser (median of 10)',
          value: cold.bundleMs,
          unit: 'ms',
          target: 'baseline + 120 ms',
          met: cold.bundleMs - cold.baselineMs <= 120,
        },
        {
          name: 'cold start: overhead over baseline',
          value: cold.bundleMs - cold.baselineMs,
          unit: 'ms',
          target: '<= 120 ms',
          met: cold.bundleMs - cold.baselineMs <= 120,
        },
      );
    }
    if (wanted('warm')) {
      const warm = await measureWarmAuthUser(stack);
      figures.push(
        {
          name: 'warm GET /user/authUser, 32 connections, 10 s: p50',
          value: warm.p50,
          unit: 'ms',
          target: 'info',
          met: true,
        },
        {
          name: 'warm GET /user/authUser, 32 connections, 10 s: p99',
          value: warm.p99,
          unit: 'ms',
          target: '<= 20 ms',
          met: warm.p99 <= 20,
        },
        {
          name: 'warm GET /user/authUser: requests/s',
          value: warm.requestsPerSecond,
          unit: 'req/s',
          target: 'info',
          met: true,
        },
      );
    }
    if (wanted('paging')) {
      const paging = await measurePagingCost(stack);
      for (const row of paging.rows) {
        figures.push({
          name: `page of 20, ${row.records} records, offset ${row.offset} (median)`,
          value: row.medianMs,
          unit: 'ms',
          target: 'info',
          met: true,
        });
      }
      for (const ratio of paging.ratios) {
        figures.push({
          name: `paging ratio 50,000 / 1,000 records at offset ${ratio.offset}`,
          value: ratio.ratio,
          unit: 'x',
          target: '<= 1.3',
          met: ratio.ratio <= 1.3,
        });
      }
    }
  });

  const width = Math.max(...figures.map((f) => f.name.length));
  console.log(`\n${'figure'.padEnd(width)}  ${'value'.padStart(10)}  unit   target           met`);
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(width)}  ${f.value.toFixed(2).padStart(10)}  ${f.unit.padEnd(5)}  ${f.target.padEnd(15)}  ${f.met ? 'yes' : 'NO'}`,
    );
  }
  const dir = join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'latest.json');
  await writeFile(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), figures }, null, 2)}\n`,
  );
  console.log(`\nWritten to ${file}`);
}

function machine() {
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
  };
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
