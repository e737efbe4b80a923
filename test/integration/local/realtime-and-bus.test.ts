import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startEventBus } from '../../../infra/local/event-bus';
import { startHttpGateway } from '../../../infra/local/http-gateway';
import { attachWebSocketGateway } from '../../../infra/local/ws-gateway';
import { EVENT_SOURCE, type EventRule } from '../../../shared/events/catalogue';
import { malformedFrames, rawWebSocket } from './raw-websocket';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('local WebSocket gateway and @connections API', () => {
  const received: Array<{
    type?: string;
    routeKey: string;
    connectionId: string;
    body?: string;
    authorizer?: Record<string, unknown>;
  }> = [];
  let gateway: Awaited<ReturnType<typeof startHttpGateway>>;
  let ws: ReturnType<typeof attachWebSocketGateway>;
  let management: ApiGatewayManagementApiClient;
  const wsUrl = () => `${gateway.url.replace('http', 'ws')}/ws`;

  beforeAll(async () => {
    const options: Parameters<typeof startHttpGateway>[0] = {
      port: 0,
      routes: [],
      loader: async () => {
        throw new Error('no HTTP handlers here');
      },
      allowOrigin: () => false,
    };
    gateway = await startHttpGateway(options);
    // A stand-in for the realtime Lambda: the authorizer takes token=good, $connect refuses refuse=yes.
    ws = attachWebSocketGateway(gateway.server, async () => async (event) => {
      const { routeKey, connectionId, authorizer } = event.requestContext;
      received.push({ type: event.type, routeKey, connectionId, body: event.body, authorizer });
      if (event.type === 'REQUEST') {
        if (event.queryStringParameters?.token !== 'good') throw new Error('Unauthorized');
        return {
          principalId: 'u1',
          policyDocument: {
            Version: '2012-10-17',
            Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
          },
          context: { tenant: 'demo', userId: 'u1' },
        };
      }
      if (routeKey === '$connect' && event.queryStringParameters?.refuse === 'yes')
        return { statusCode: 403 };
      return { statusCode: 200 };
    });
    options.connections = ws.registry;
    management = new ApiGatewayManagementApiClient({ endpoint: gateway.url, region: 'local-1', credentials });
  });
  afterAll(async () => {
    ws.close();
    await gateway.close();
  });

  const refusal = (socket: WebSocket) =>
    new Promise<string>((resolve) => socket.once('error', (error) => resolve(error.message)));

  it('refuses a connection its authorizer refuses (401) and one its $connect handler refuses', async () => {
    expect(await refusal(new WebSocket(`${wsUrl()}?token=bad`))).toContain('401');
    expect(received.some((r) => r.routeKey === '$connect' && r.type === undefined)).toBe(false);
    expect(await refusal(new WebSocket(`${wsUrl()}?token=good&refuse=yes`))).toContain('403');
  });

  it('routes messages by action with the authorizer context, and lets handlers use the management API', async () => {
    received.length = 0;
    const socket = new WebSocket(`${wsUrl()}?token=good`);
    await new Promise((resolve) => socket.once('open', resolve));
    expect(received.map((r) => [r.type ?? 'route', r.routeKey])).toEqual([
      ['REQUEST', '$connect'],
      ['route', '$connect'],
    ]);
    const connectionId = received[1]!.connectionId;
    expect(received[1]!.authorizer).toEqual({ tenant: 'demo', userId: 'u1', principalId: 'u1' });

    socket.send(JSON.stringify({ action: 'sendMessage', text: 'hi' }));
    socket.send('not json');
    await expect
      .poll(() => received.map((r) => r.routeKey))
      .toEqual(expect.arrayContaining(['sendMessage', '$default']));
    const sendMessage = received.find((r) => r.routeKey === 'sendMessage')!;
    expect(sendMessage.connectionId).toBe(connectionId);
    expect(sendMessage.authorizer).toMatchObject({ tenant: 'demo', userId: 'u1' });

    const message = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(data.toString())),
    );
    await management.send(
      new PostToConnectionCommand({
        ConnectionId: connectionId,
        Data: new TextEncoder().encode('{"hello":1}'),
      }),
    );
    expect(await message).toBe('{"hello":1}');

    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);

    const closed = new Promise((resolve) => socket.once('close', resolve));
    await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    await closed;
    await expect
      .poll(() => received.find((r) => r.routeKey === '$disconnect')?.authorizer)
      .toMatchObject({ tenant: 'demo', userId: 'u1' });
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new Uint8Array([1]) })),
    ).rejects.toMatchObject({ name: 'GoneException' });
  });

  it.each(malformedFrames)(
    'closes only the connection that sent $name, and the handler still hears it end',
    async ({ bytes, closeCode }) => {
      received.length = 0;
      const raw = await rawWebSocket(wsUrl(), { token: 'good' });
      const connectionId = received.find(
        (r) => r.routeKey === '$connect' && r.type === undefined,
      )!.connectionId;
      raw.write(bytes());
      expect(await raw.closeCode()).toBe(closeCode);
      await expect
        .poll(() => received.some((r) => r.routeKey === '$disconnect' && r.connectionId === connectionId))
        .toBe(true);
      expect(ws.registry.size()).toBe(0);
    },
  );
});

describe('local event bus', () => {
  const delivered: Array<{ target: string; event: Record<string, unknown> }> = [];
  let failuresLeft = 1;
  const rules: EventRule[] = [
    { name: 'signups', kind: 'pattern', detailTypes: ['UserSignedUp'], target: 'welcome' },
    { name: 'flaky', kind: 'pattern', detailTypes: ['PasswordResetRequested'], target: 'flaky' },
    { name: 'broken', kind: 'pattern', detailTypes: ['TrialBooked'], target: 'broken' },
    {
      name: 'nightly',
      kind: 'schedule',
      schedule: 'rate(1 day)',
      everyMs: 86_400_000,
      target: 'sitemap',
      emits: 'SitemapRequested',
    },
  ];
  let bus: Awaited<ReturnType<typeof startEventBus>>;
  let client: EventBridgeClient;

  beforeAll(async () => {
    bus = await startEventBus({
      port: 0,
      busName: 'test-bus',
      rules,
      schedules: false,
      retryDelaysMs: [10, 10],
      loader: async (target) => async (event: Record<string, unknown>) => {
        if (target === 'flaky' && failuresLeft-- > 0) throw new Error('try again');
        if (target === 'broken') throw new Error('always down');
        delivered.push({ target, event });
      },
    });
    client = new EventBridgeClient({ endpoint: bus.url, region: 'local-1', credentials });
  });
  afterAll(() => bus.close());

  it('accepts PutEvents from the real SDK and delivers matching events to the rule targets', async () => {
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'test-bus',
            Source: EVENT_SOURCE,
            DetailType: 'UserSignedUp',
            Detail: '{"tenant":"demo","userId":"u1"}',
          },
          { EventBusName: 'test-bus', Source: 'someone-else', DetailType: 'UserSignedUp', Detail: '{}' },
          { EventBusName: 'other-bus', Source: EVENT_SOURCE, DetailType: 'UserSignedUp', Detail: '{}' },
        ],
      }),
    );
    expect(result.FailedEntryCount).toBe(0);
    expect(result.Entries?.every((e) => e.EventId)).toBe(true);
    await bus.idle();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      target: 'welcome',
      event: {
        'detail-type': 'UserSignedUp',
        source: EVENT_SOURCE,
        detail: { tenant: 'demo', userId: 'u1' },
      },
    });
  });

  it('retries a failing target', async () => {
    await client.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'test-bus',
            Source: EVENT_SOURCE,
            DetailType: 'PasswordResetRequested',
            Detail: '{}',
          },
        ],
      }),
    );
    await bus.idle();
    expect(delivered.filter((d) => d.target === 'flaky')).toHaveLength(1);
    expect(bus.deliveries.find((d) => d.rule === 'flaky')?.ok).toBe(true);
  });

  it('keeps a delivery that failed every attempt in its dead-letter list, as the cloud keeps it in its queue', async () => {
    await client.send(
      new PutEventsCommand({
        Entries: [
          { EventBusName: 'test-bus', Source: EVENT_SOURCE, DetailType: 'TrialBooked', Detail: '{"n":1}' },
        ],
      }),
    );
    await bus.idle();
    expect(bus.deadLetters).toEqual([
      expect.objectContaining({
        rule: 'broken',
        target: 'broken',
        error: 'Error: always down',
        event: expect.objectContaining({ 'detail-type': 'TrialBooked', detail: { n: 1 } }),
      }),
    ]);
    expect(bus.deliveries.filter((d) => d.rule === 'broken').map((d) => d.ok)).toEqual([false]);
  });

  it('runs schedule rules as Scheduled Events naming their rule', async () => {
    bus.triggerSchedule('nightly');
    await bus.idle();
    expect(delivered.find((d) => d.target === 'sitemap')?.event).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      detail: { schedule: 'nightly' },
    });
  });
});
