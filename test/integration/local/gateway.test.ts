import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyHandler } from '../../../infra/local/handler-loader';
import { startHttpGateway } from '../../../infra/local/http-gateway';
import { routeMatcher } from '../../../infra/local/route-matcher';
import { route } from '../../../shared/routes/define';

const routes = [
  route({
    id: 'things.get',
    method: 'GET',
    path: '/things/{id}',
    resource: 'echo',
    access: { kind: 'public' },
    summary: '',
  }),
  route({
    id: 'things.check',
    method: 'GET',
    path: '/things/verify-delete/{id}',
    resource: 'echo',
    access: { kind: 'public' },
    summary: '',
  }),
  route({
    id: 'things.create',
    method: 'POST',
    path: '/things',
    resource: 'echo',
    access: { kind: 'public' },
    summary: '',
  }),
  route({
    id: 'boom.get',
    method: 'GET',
    path: '/boom',
    resource: 'boom',
    access: { kind: 'public' },
    summary: '',
  }),
];

describe('route matcher', () => {
  const matcher = routeMatcher(routes);

  it('prefers a literal segment over a parameter', () => {
    expect(matcher.match('GET', '/things/verify-delete/42')).toMatchObject({
      route: { id: 'things.check' },
      pathParameters: { id: '42' },
    });
    expect(matcher.match('GET', '/things/42')).toMatchObject({
      route: { id: 'things.get' },
      pathParameters: { id: '42' },
    });
  });

  it('decodes parameters and refuses other methods and lengths', () => {
    expect(matcher.match('GET', '/things/a%20b')?.pathParameters).toEqual({ id: 'a b' });
    expect(matcher.match('DELETE', '/things/42')).toBeUndefined();
    expect(matcher.match('GET', '/things/42/more')).toBeUndefined();
  });
});

describe('local HTTP gateway', () => {
  let events: APIGatewayProxyEventV2[] = [];
  let gateway: Awaited<ReturnType<typeof startHttpGateway>>;
  let outboxDir: string;

  beforeAll(async () => {
    outboxDir = await mkdtemp(join(tmpdir(), 'outbox-'));
    await writeFile(
      join(outboxDir, 'a.json'),
      JSON.stringify({
        id: 'a',
        to: 'x@y.z',
        subject: 'Hi',
        text: 't',
        html: '<p>t</p>',
        createdAt: '2026-01-01T00:00:00Z',
      }),
    );
    const handlers: Record<string, AnyHandler> = {
      echo: async (event: APIGatewayProxyEventV2) => {
        events.push(event);
        return { statusCode: 201, headers: { 'x-echo': 'yes' }, body: JSON.stringify({ ok: true }) };
      },
      boom: async () => {
        throw new Error('handler crashed');
      },
    };
    gateway = await startHttpGateway({
      port: 0,
      routes,
      loader: async (resource) => handlers[resource]!,
      allowOrigin: (origin) => origin === 'http://localhost:5173',
      outboxDir,
    });
  });
  afterAll(() => gateway.close());

  it('hands the handler an API Gateway payload 2.0 event', async () => {
    events = [];
    const response = await fetch(`${gateway.url}/things/verify-delete/7?a=1&a=2&b=x`, {
      headers: { 'X-Custom': 'v', cookie: 'c1=1; c2=2' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-echo')).toBe('yes');
    // A length, as API Gateway sends, rather than chunked encoding.
    expect(response.headers.get('content-length')).toBe(String('{"ok":true}'.length));
    expect(response.headers.get('transfer-encoding')).toBeNull();
    const event = events[0]!;
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /things/verify-delete/{id}',
      rawPath: '/things/verify-delete/7',
      rawQueryString: 'a=1&a=2&b=x',
      pathParameters: { id: '7' },
      queryStringParameters: { a: '1,2', b: 'x' },
      cookies: ['c1=1', 'c2=2'],
      isBase64Encoded: false,
      requestContext: {
        routeKey: 'GET /things/verify-delete/{id}',
        stage: '$default',
        http: { method: 'GET' },
      },
    });
    expect(event.headers['x-custom']).toBe('v');
    expect(event.requestContext.requestId).toBeTruthy();
  });

  it('passes text bodies as text and binary bodies as base64', async () => {
    events = [];
    await fetch(`${gateway.url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    await fetch(`${gateway.url}/things`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array([0, 1, 2, 255]),
    });
    expect(events[0]).toMatchObject({ body: '{"a":1}', isBase64Encoded: false });
    expect(events[1]).toMatchObject({
      body: Buffer.from([0, 1, 2, 255]).toString('base64'),
      isBase64Encoded: true,
    });
  });

  it('answers like API Gateway for unknown routes, crashes and oversized bodies', async () => {
    const unknown = await fetch(`${gateway.url}/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    const crash = await fetch(`${gateway.url}/boom`);
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({ message: 'Internal Server Error' });
    const big = await fetch(`${gateway.url}/things`, { method: 'POST', body: 'x'.repeat(11 * 1024 * 1024) });
    expect(big.status).toBe(413);
  });

  it('answers the CORS preflight for the SPA origin only', async () => {
    const ok = await fetch(`${gateway.url}/things/1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(ok.headers.get('access-control-allow-headers')).toContain('x-user-id');
    const other = await fetch(`${gateway.url}/things/1`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the local mailbox as HTML and JSON', async () => {
    const json = (await (await fetch(`${gateway.url}/_local/mailbox.json`)).json()) as Array<{
      subject: string;
    }>;
    expect(json.map((m) => m.subject)).toEqual(['Hi']);
    const html = await (await fetch(`${gateway.url}/_local/mailbox`)).text();
    expect(html).toContain('Local mailbox');
    expect(html).toContain('<p>t</p>');
  });
});
