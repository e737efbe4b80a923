import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { demo } from '../support/api-client';
import type { BenchStack } from './stack';

const require = createRequire(import.meta.url);

/**
 * Warm GET /user/authUser through the local gateway: 32 connections for 10 seconds. The load comes from
 * autocannon in a second process, so the generator does not share the gateway's event loop.
 */
export async function measureWarmAuthUser(stack: BenchStack, durationSeconds = 10) {
  const student = await stack.api.signIn(demo.student.email, demo.student.password);
  const headers = {
    authorization: `Bearer ${student.token}`,
    'x-user-id': student.userId,
    'x-tenant-key': 'demo',
  };
  // Warm up: load the handler and fill the per-container caches, as a warm Lambda has them.
  for (let i = 0; i < 50; i++) await fetch(`${stack.apiUrl}/user/authUser`, { headers });

  const args = [
    require.resolve('autocannon/autocannon.js'),
    '--json',
    '-c',
    '32',
    '-d',
    String(durationSeconds),
  ];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(`${stack.apiUrl}/user/authUser`);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += String(chunk);
    });
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited ${code}`))));
  });
  const result = JSON.parse(output) as {
    latency: { p50: number; p99: number };
    requests: { average: number; total: number };
    non2xx: number;
  };
  if (result.non2xx > 0) throw new Error(`${result.non2xx} requests failed during the warm benchmark`);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
  };
}
