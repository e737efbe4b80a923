import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';
import { malformedFrames, rawWebSocket } from './raw-websocket';

const local = localStackForFile();

interface Handshake {
  token?: string;
  userId?: string;
  adminMode?: string;
  origin?: string;
  tenant?: string;
}

function handshakeUrl({ token, userId, adminMode }: Handshake): string {
  const url = new URL(local.stack.wsUrl);
  if (token !== undefined) url.searchParams.set('token', token);
  if (userId !== undefined) url.searchParams.set('userId', userId);
  if (adminMode !== undefined) url.searchParams.set('adminMode', adminMode);
  return url.href;
}

/** Opens a socket as the SPA would; resolves with it once open, or with the status that refused it. */
function connect(handshake: Handshake): Promise<WebSocket | number> {
  const socket = new WebSocket(handshakeUrl(handshake), {
    ...(handshake.origin ? { origin: handshake.origin } : {}),
    ...(handshake.tenant ? { headers: { 'x-tenant-key': handshake.tenant } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', (error) => {
      const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
      if (status) resolve(Number(status));
      else reject(error);
    });
  });
}

async function opened(handshake: Handshake): Promise<WebSocket> {
  const socket = await connect(handshake);
  if (typeof socket === 'number') throw new Error(`The handshake was refused with ${socket}`);
  return socket;
}

async function ping(socket: WebSocket): Promise<unknown> {
  const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
  socket.send(JSON.stringify({ action: 'ping' }));
  return JSON.parse(await reply);
}

async function closed(socket: WebSocket): Promise<void> {
  const done = new Promise((resolve) => socket.once('close', resolve));
  socket.close();
  await done;
}

describe('WebSocket handshake: a token of the tenant, its own user, and an origin of the tenant', () => {
  let student: { token: string; userId: string };
  let admin: { token: string; userId: string };
  let northwindAdmin: { token: string; userId: string };

  beforeAll(async () => {
    student = await local.api.signIn(demo.student.email, demo.student.password);
    admin = await local.api.signIn(demo.admin.email, demo.admin.password);
    northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
  });

  it('refuses a handshake without a token (401)', async () => {
    expect(await connect({})).toBe(401);
    expect(await connect({ userId: student.userId })).toBe(401);
  });

  it('refuses a garbage token (401)', async () => {
    expect(await connect({ token: 'not-a-token', userId: student.userId })).toBe(401);
    expect(await connect({ token: `${student.token}x`, userId: student.userId })).toBe(401);
  });

  it("refuses another tenant's token (401), which works for its own tenant", async () => {
    expect(await connect({ token: northwindAdmin.token, userId: northwindAdmin.userId })).toBe(401);
    expect(
      await connect({ token: northwindAdmin.token, userId: northwindAdmin.userId, tenant: 'demo' }),
    ).toBe(401);
    const socket = await opened({
      token: northwindAdmin.token,
      userId: northwindAdmin.userId,
      tenant: 'northwind',
    });
    expect(await ping(socket)).toEqual({ action: 'pong' });
    await closed(socket);
  });

  it("refuses a userId that is not the token's user (401), as the x-user-id header", async () => {
    expect(await connect({ token: student.token, userId: admin.userId })).toBe(401);
  });

  it('refuses a foreign Origin (403) even with a valid token', async () => {
    expect(
      await connect({ token: student.token, userId: student.userId, origin: 'https://evil.example' }),
    ).toBe(403);
    expect(await connect({ token: student.token, userId: student.userId, origin: 'null' })).toBe(403);
  });

  it('refuses admin mode to a caller without the admin-course chat permission (403)', async () => {
    expect(await connect({ token: student.token, userId: student.userId, adminMode: 'true' })).toBe(403);
    expect(await connect({ token: admin.token, userId: admin.userId, adminMode: 'yes' })).toBe(403);
    const socket = await opened({ token: admin.token, userId: admin.userId, adminMode: 'true' });
    expect(await ping(socket)).toEqual({ action: 'pong' });
    await closed(socket);
  });

  it('connects a valid token from the local SPA (any loopback port) or with no Origin, and answers ping', async () => {
    for (const origin of [undefined, 'http://localhost:5173', 'http://localhost:4321']) {
      const socket = await opened({
        token: student.token,
        userId: student.userId,
        adminMode: 'false',
        origin,
      });
      expect(await ping(socket), origin).toEqual({ action: 'pong' });
      await closed(socket);
    }
  });
});

describe('a malformed frame ends only its own connection', () => {
  let student: { token: string; userId: string };
  let bystander: WebSocket;

  beforeAll(async () => {
    student = await local.api.signIn(demo.student.email, demo.student.password);
    bystander = await opened({ token: student.token, userId: student.userId });
  });
  afterAll(async () => {
    await closed(bystander);
  });

  it.each(malformedFrames)(
    '$name: closed with $closeCode; HTTP and other sockets carry on',
    async ({ bytes, closeCode }) => {
      const before = local.stack.connections.size();
      const raw = await rawWebSocket(local.stack.wsUrl, { token: student.token, userId: student.userId });
      expect(local.stack.connections.size()).toBe(before + 1);

      raw.write(bytes());

      expect(await raw.closeCode()).toBe(closeCode);
      // Gone from the registry: the gateway's close handler ran, which is what sends $disconnect.
      await expect.poll(() => local.stack.connections.size()).toBe(before);
      expect(await ping(bystander)).toEqual({ action: 'pong' });
      await expect(local.api.signIn(demo.student.email, demo.student.password)).resolves.toMatchObject({
        userId: student.userId,
      });
    },
  );
});
