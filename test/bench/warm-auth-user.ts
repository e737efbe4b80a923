import autocannon from 'autocannon';
import { demo } from '../support/api-client';
import type { BenchStack } from './stack';

/** Warm GET /user/authUser through the local gateway: 32 connections for 10 seconds. */
export async function measureWarmAuthUser(stack: BenchStack, durationSeconds = 10) {
  const student = await stack.api.signIn(demo.student.email, demo.student.password);
  const headers = {
    authorization: `Bearer ${student.token}`,
    'x-user-id': student.userId,
    'x-tenant-key': 'demo',
  };
  // Warm up: load the handler and fill the tenant and role caches, as a warm Lambda has them.
  for (let i = 0; i < 50; i++) await fetch(`${stack.apiUrl}/user/authUser`, { headers });
  const result = await autocannon({
    url: `${stack.apiUrl}/user/authUser`,
    connections: 32,
    duration: durationSeconds,
    headers,
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} requests failed during the warm benchmark`);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
  };
}
