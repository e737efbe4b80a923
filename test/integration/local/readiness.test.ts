import { afterAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { STARTING_MESSAGE, startLocalStack } from '../../../infra/local/stack';
import { apiClient } from '../../support/api-client';
import { fileDatabase } from '../../support/stack';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;
const stacks: Stack[] = [];
afterAll(async () => {
  for (const stack of stacks) await stack.stop();
});

/** The HTTP status and body of a refused WebSocket handshake (or 101 when it is accepted). */
function handshake(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

const newcomer = {
  firstname: 'Early',
  lastname: 'Bird',
  email: 'early.bird@example.com',
  password: 'long-enough-1',
};

it('answers 503 with a message until the stack is ready, so an early sign-up creates nothing', async () => {
  // Prepare / Act: requests made once the servers listen, before the table is filled
  const early: {
    signUp?: { status: number; body: unknown };
    preflight?: number;
    ws?: { status: number; body: string };
  } = {};
  const stack = await startLocalStack({
    apiPort: 0,
    inMemory: true,
    web: false,
    schedules: false,
    ...(await fileDatabase()),
    onListening: async ({ apiUrl, wsUrl }) => {
      const api = apiClient(apiUrl);
      early.signUp = await api.call('auth.signUp', {
        body: newcomer,
        headers: { origin: 'http://localhost:5173' },
      });
      early.preflight = (
        await fetch(`${apiUrl}/oauth/token`, {
          method: 'OPTIONS',
          headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
        })
      ).status;
      early.ws = await handshake(`${wsUrl}?token=x&userId=y`);
    },
  });
  stacks.push(stack);
  const api = apiClient(stack.apiUrl);

  // Assess: refused with the reason, readable by the SPA (CORS), WebSocket handshakes too
  expect(early.signUp).toMatchObject({ status: 503, body: { message: STARTING_MESSAGE } });
  expect(early.preflight).toBe(204);
  expect(early.ws).toEqual({ status: 503, body: JSON.stringify({ message: STARTING_MESSAGE }) });

  // Assess: once ready, the same e-mail signs up as a student, so the early attempt wrote nothing
  const signUp = await api.call<{ oauthUser: { role: { name: string } } }>('auth.signUp', { body: newcomer });
  expect(signUp.status).toBe(201);
  expect(signUp.body.oauthUser.role.name).toBe('Student');
  const signIn = await api.signIn(newcomer.email, newcomer.password);
  expect(signIn.token).toBeTruthy();
});

it('sends the SPA the CORS headers with the 503, so the toast can show why', async () => {
  // Prepare / Act
  const headers: { allowed?: string | null; other?: string | null; retryAfter?: string | null } = {};
  const stack = await startLocalStack({
    apiPort: 0,
    inMemory: true,
    web: false,
    schedules: false,
    ...(await fileDatabase()),
    onListening: async ({ apiUrl }) => {
      const allowed = await fetch(`${apiUrl}/tenants/app`, { headers: { origin: 'http://localhost:5173' } });
      headers.allowed = allowed.headers.get('access-control-allow-origin');
      headers.retryAfter = allowed.headers.get('retry-after');
      const other = await fetch(`${apiUrl}/tenants/app`, { headers: { origin: 'https://evil.example' } });
      headers.other = other.headers.get('access-control-allow-origin');
    },
  });
  stacks.push(stack);

  // Assess
  expect(headers).toEqual({ allowed: 'http://localhost:5173', retryAfter: '2', other: null });
});
