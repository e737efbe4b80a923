import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { esbuildOptions } from '../../infra/cloud/bundling';
import { demo } from '../support/api-client';
import { type BenchStack, median } from './stack';

const RUNS = 10;

/** Runs a fresh Node process that imports `module`, calls its handler with `event` and prints the status. */
function timeProcess(script: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('exit', (code) => {
      const elapsed = performance.now() - started;
      if (code !== 0 || !output.includes('200'))
        reject(new Error(`cold start run failed (${code}): ${output}`));
      else resolve(elapsed);
    });
  });
}

/**
 * Cold start: a fresh Node process importing the users Lambda bundle (built with the stack's esbuild
 * settings) and answering its first GET /user/authUser, against a bare Node process importing an empty
 * handler, and against a process that only loads the AWS SDK's DynamoDB client and makes one GetItem: the
 * part of any handler's cold start that the stack imposes, which the bundle is judged against (at most 1.2
 * times). Median of 10 each, run alternately so all see the same machine load.
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
    process.stdout.write(String(result.statusCode));
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
    process.stdout.write('200');
  `,
  );
  await writeFile(join(dir, 'run-empty.mjs'), runner('empty.mjs'));

  const env = { ...process.env, LOG_LEVEL: 'ERROR', NODE_OPTIONS: '', NODE_NO_WARNINGS: '1' };
  const baseline: number[] = [];
  const bundle: number[] = [];
  const sdkFloor: number[] = [];
  // Alternated, so a burst of load on the machine falls on all three alike.
  for (let i = 0; i < RUNS; i++) {
    baseline.push(await timeProcess(join(dir, 'run-empty.mjs'), env));
    bundle.push(await timeProcess(join(dir, 'run-users.mjs'), env));
    sdkFloor.push(await timeProcess(join(dir, 'run-sdk-floor.mjs'), env));
  }
  return {
    baseline,
    bundle,
    sdkFloor,
    /** Each run's bundle time over the SDK-only process of the same round. */
    ratios: bundle.map((ms, i) => ms / sdkFloor[i]!),
    baselineMs: median(baseline),
    bundleMs: median(bundle),
    sdkFloorMs: median(sdkFloor),
  };
}
