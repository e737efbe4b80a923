import { execFile } from 'node:child_process';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/cloud/bundling';
import { median } from './stack';

interface CaseRuns {
  name: string;
  projection: number[];
  stringify: number[];
}

/**
 * The warm cost of projectToSchema (functions/lib/project-response.ts, run on every 2xx answer) per
 * response, for a small answer (GET /user/authUser) and a large one (a page of 20 courses), with the
 * JSON.stringify of the same answer for scale. Measured in a bundle built as the Lambdas are, in a process
 * of its own: run from source under tsx, every `z.ZodObject` the projection reads goes through module
 * interop getters that the bundle does not have. Each figure is the median of 15 batches of 2,000 calls.
 */
export async function measureProjection() {
  await mkdir('node_modules/.cache', { recursive: true });
  const dir = resolve(await mkdtemp('node_modules/.cache/projection-'));
  const outfile = join(dir, 'projection.mjs');
  await build({ ...esbuildOptions, entryPoints: ['test/bench/projection-run.ts'], outfile });
  const { stdout } = await promisify(execFile)(process.execPath, [outfile], {
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const cases: CaseRuns[] = JSON.parse(stdout);
  return cases.map((c) => ({ ...c, projectionUs: median(c.projection), stringifyUs: median(c.stringify) }));
}
