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

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('local WebSocket gateway and @connections API', () => {
  const received: Array<{ routeKey: string; connectionId: string; body?: string }> = [];
  let gateway: Awaited<ReturnType<typeof startHttpGateway>>;
  let ws: ReturnType<typeof attachWebSocketGateway>;
  let management: ApiGatewayManagementApiClient;

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
    ws = attachWebSocketGateway(gateway.server, async () => async (event) => {
      received.push({
        routeKey: event.requestContext.routeKey,
        connectionId: event.requestContext.connectionId,
        body: event.body,
      });
      if (event.requestContext.routeKey === '$connect' && event.queryStringParameters?.token !== 'good') {
        return { statusCode: 401 };
      }
      return { statusCode: 200 };
    });
    options.connections = ws.registry;
    management = new ApiGatewayManagementApiClient({ endpoint: gateway.url, region: 'local-1', credentials });
  });
  afterAll(async () => {
    ws.close();
    await gateway.close();
  });

  it('refuses a connection its $connect handler refuses', async () => {
    const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws?token=bad`);
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve));
    expect(error.message).toContain('401');
  });

  it('routes messages by action, and lets handlers use the management API unchanged', async () => {
    const socket = new WebSocket(`${gateway.url.replace('http', 'ws')}/ws?token=good`);
    await new Promise((resolve) => socket.once('open', resolve));
    const connectionId = received.find((r) => r.routeKey === '$connect' && !r.body)!.connectionId;
    const connectEvents = received.filter((r) => r.routeKey === '$connect');
    expect(connectEvents.length).toBe(2);

    socket.send(JSON.stringify({ action: 'sendMessage', text: 'hi' }));
    socket.send('not json');
    await expect
      .poll(() => received.map((r) => r.routeKey))
      .toEqual(expect.arrayContaining(['sendMessage', '$default']));

    const message = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(data.toString())),
    );
    const connectionIdOfSocket = received.find((r) => r.routeKey === 'sendMessage')!.connectionId;
    await management.send(
      new PostToConnectionCommand({
        ConnectionId: connectionIdOfSocket,
        Data: new TextEncoder().encode('{"hello":1}'),
      }),
    );
    expect(await message).toBe('{"hello":1}');

    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionIdOfSocket }));
    expect(info.ConnectedAt).toBeInstanceOf(Date);

    const closed = new Promise((resolve) => socket.once('close', resolve));
    await management.send(new DeleteConnectionCommand({ ConnectionId: connectionIdOfSocket }));
    await closed;
    await expect.poll(() => received.some((r) => r.routeKey === '$disconnect')).toBe(true);
    await expect(
      management.send(
        new PostToConnectionCommand({ ConnectionId: connectionIdOfSocket, Data: new Uint8Array([1]) }),
      ),
    ).rejects.toMatchObject({ name: 'GoneException' });
    expect(connectionId).toBeTruthy();
  });
});

describe('local event bus', () => {
  const delivered: Array<{ target: string; event: Record<string, unknown> }> = [];
  let failuresLeft = 1;
  const rules: EventRule[] = [
    { name: 'signups', kind: 'pattern', detailTypes: ['UserSignedUp'], target: 'welcome' },
    { name: 'flaky', kind: 'pattern', detailTypes: ['PasswordResetRequested'], target: 'flaky' },
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

  it('runs schedule rules as Scheduled Events', async () => {
    bus.triggerSchedule('nightly');
    await bus.idle();
    expect(delivered.find((d) => d.target === 'sitemap')?.event).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
    });
  });
});
