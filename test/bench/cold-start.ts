import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/cloud/bundling';
import { demo } from '../support/api-client';
import { type BenchStack, median } from './stack';

/** Rounds of the three processes: the ratio's median needs at least 15 on a machine others share. */
export const COLD_START_RUNS = 15;

/**
 * Runs a fresh Node process (one of the scripts below: it prints its answer's status and the CPU time it
 * used, in ms); resolves the wall time from spawn to exit, and that CPU time.
 */
function timeProcess(script: string, env: NodeJS.ProcessEnv): Promise<{ wallMs: number; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('exit', (code) => {
      const wallMs = performance.now() - started;
      const [status, cpu] = output.trim().split(' ');
      if (code !== 0 || status !== '200') reject(new Error(`cold start run failed (${code}): ${output}`));
      else resolve({ wallMs, cpuMs: Number(cpu) });
    });
  });
}

/** What each script prints last: the status, and the CPU time the process has used (user and system). */
const printStatusAndCpu = (status: string) =>
  `const cpu = process.cpuUsage(); process.stdout.write(${status} + ' ' + (cpu.user + cpu.system) / 1000);`;

/**
 * Cold start: a fresh Node process importing the users Lambda bundle (built with the stack's esbuild
 * settings) and answering its first GET /user/authUser, against a bare Node process importing an empty
 * handler, and against a process that only loads the AWS SDK's DynamoDB client and makes one GetItem: the
 * part of any handler's cold start that the stack imposes, which the bundle is judged against (at most 1.2
 * times, in CPU time: see cpuRatios). Median of 15 rounds, the three processes run in turn within a round
 * (the bundle and the floor swapping places every round) so all see the same machine load.
 */
export async function measureColdStart(stack: BenchStack) {
  // Inside node_modules, so the bundle finds the AWS SDK the way the Lambda runtime provides it.
  await mkdir('node_modules/.cache', { recursive: true });
  const dir = resolve(await mkdtemp('node_modules/.cache/cold-start-'));
  await build({
    ...esbuildOptions,
    entryPoints: ['functions/users/handler.ts'],
    outfile: join(dir, 'users.mjs'),
  });
  await writeFile(
    join(dir, 'empty.mjs'),
    'export const handler = async () => ({ statusCode: 200, body: "{}" });\n',
  );

  const student = await stack.api.signIn(demo.student.email, demo.student.password);
  const event = {
    version: '2.0',
    routeKey: 'GET /user/authUser',
    rawPath: '/user/authUser',
    rawQueryString: '',
    headers: {
      authorization: `Bearer ${student.token}`,
      'x-user-id': student.userId,
      'x-tenant-key': 'demo',
    },
    requestContext: {
      requestId: 'cold-start',
      http: {
        method: 'GET',
        path: '/user/authUser',
        sourceIp: '127.0.0.1',
        protocol: 'HTTP/1.1',
        userAgent: 'bench',
      },
    },
    isBase64Encoded: false,
  };
  const runner = (module: string) => `
    const { handler } = await import(${JSON.stringify(join(dir, module))});
    const result = await handler(${JSON.stringify(event)}, { getRemainingTimeInMillis: () => 29000 });
    ${printStatusAndCpu('String(result.statusCode)')}
  `;
  await writeFile(join(dir, 'run-users.mjs'), runner('users.mjs'));
  // The floor the stack sets: the AWS SDK's DynamoDB client loaded as the bundle loads it, and one GetItem.
  await writeFile(
    join(dir, 'run-sdk-floor.mjs'),
    `
    import { createRequire } from 'node:module';
    const { DynamoDBClient, GetItemCommand } = createRequire(import.meta.url)('@aws-sdk/client-dynamodb');
    const client = new DynamoDBClient({ region: process.env.AWS_REGION, endpoint: process.env.DYNAMODB_ENDPOINT });
    await client.send(new GetItemCommand({ TableName: process.env.TABLE_NAME, Key: { pk: { S: 'TENANT#demo' }, sk: { S: 'TENANT' } } }));
    ${printStatusAndCpu("'200'")}
  `,
  );
  await writeFile(join(dir, 'run-empty.mjs'), runner('empty.mjs'));

  const env = { ...process.env, LOG_LEVEL: 'ERROR', NODE_OPTIONS: '', NODE_NO_WARNINGS: '1' };
  const baseline: number[] = [];
  const bundle: number[] = [];
  const sdkFloor: number[] = [];
  const bundleCpu: number[] = [];
  const sdkFloorCpu: number[] = [];
  // Alternated, so a burst of load on the machine falls on all three alike.
  for (let i = 0; i < COLD_START_RUNS; i++) {
    baseline.push((await timeProcess(join(dir, 'run-empty.mjs'), env)).wallMs);
    // Whichever runs second in a round may meet a machine warmed (or loaded) by the first: swap them.
    const bundleFirst = i % 2 === 0;
    const sdkBefore = bundleFirst ? undefined : await timeProcess(join(dir, 'run-sdk-floor.mjs'), env);
    const users = await timeProcess(join(dir, 'run-users.mjs'), env);
    const sdk = sdkBefore ?? (await timeProcess(join(dir, 'run-sdk-floor.mjs'), env));
    bundle.push(users.wallMs);
    bundleCpu.push(users.cpuMs);
    sdkFloor.push(sdk.wallMs);
    sdkFloorCpu.push(sdk.cpuMs);
  }
  return {
    baseline,
    bundle,
    sdkFloor,
    /** Each run's bundle time over the SDK-only process of the same round. */
    ratios: bundle.map((ms, i) => ms / sdkFloor[i]!),
    /**
     * The same ratio in CPU time used by each process, the figure judged: on a core other work shares, wall
     * times stretch by however much of the core the others took in that moment, CPU times far less.
     */
    cpuRatios: bundleCpu.map((ms, i) => ms / sdkFloorCpu[i]!),
    baselineMs: median(baseline),
    bundleMs: median(bundle),
    sdkFloorMs: median(sdkFloor),
    bundleCpu,
    sdkFloorCpu,
  };
}
