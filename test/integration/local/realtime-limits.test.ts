import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { socketConnectionsRepository } from '../../../functions/repositories/socket-connections';
import { createRealtimeSocket } from '../../../web/src/lib/realtime-socket';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/** API Gateway's 10-minute idle and 2-hour limits, made seconds so that a test can wait for them. */
const limits = { idleTimeoutMs: 1_500, maxConnectionMs: 6_000 };
const local = localStackForFile({}, { webSocketLimits: limits });

describe("API Gateway's connection limits, emulated by the local gateway, and the client's answers to them", () => {
  it('closes a connection that sends nothing for the idle time (1001), as API Gateway does', async () => {
    // Prepare
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const url = new URL(local.stack.wsUrl);
    url.searchParams.set('token', student.token);
    url.searchParams.set('userId', student.userId);
    const socket = new WebSocket(url.href);
    await new Promise((resolve) => socket.once('open', resolve));
    const openedAt = Date.now();

    // Act
    const code = await new Promise<number>((resolve) => socket.once('close', resolve));

    // Assess
    expect(code).toBe(1001);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(limits.idleTimeoutMs - 100);
  });

  it('the heartbeat keeps a connection past the idle time; at the longest time the client reconnects', async () => {
    // Prepare
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const log = { warn: vi.fn(), error: vi.fn() };
    const socket = createRealtimeSocket({
      url: local.stack.wsUrl,
      credentials: () => student,
      open: (url) => new WebSocket(url),
      heartbeatMs: 400,
      backoff: { firstMs: 50, maxMs: 400 },
      log,
    });
    const pongs: number[] = [];
    socket.onMessage((message) => {
      if (message.action === 'pong') pongs.push(Date.now());
    });
    const reconnected = vi.fn();
    socket.onReconnect(reconnected);

    // Act
    socket.connect();
    await expect.poll(() => socket.status()).toBe('open');
    const [first] = await socketConnectionsRepository.connectionsOfUser('demo', student.userId);
    await new Promise((resolve) => setTimeout(resolve, limits.idleTimeoutMs * 2));

    // Assess: still the first connection after twice the idle time, kept by its pings.
    expect(reconnected).not.toHaveBeenCalled();
    expect(pongs.length).toBeGreaterThanOrEqual(4);
    const stillOpen = await socketConnectionsRepository.connectionsOfUser('demo', student.userId);
    expect(stillOpen.map((c) => c.connectionId)).toEqual([first?.connectionId]);

    // Assess: the longest connection time ends it; the client is back on a new connection.
    await expect
      .poll(() => reconnected.mock.calls.length, { timeout: limits.maxConnectionMs + 5_000 })
      .toBe(1);
    await expect
      .poll(
        async () =>
          (await socketConnectionsRepository.connectionsOfUser('demo', student.userId)).map(
            (c) => c.connectionId,
          ),
        {
          timeout: 5_000,
        },
      )
      .toEqual([expect.not.stringMatching(first?.connectionId ?? '')]);
    socket.close();
    expect(log.error).not.toHaveBeenCalled();
  }, 30_000);
});
