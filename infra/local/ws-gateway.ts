import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import * as z from 'zod';
import type {
  ConnectAuthorizerEvent,
  RealtimeEvent,
  RealtimeRequestContext,
} from '../../functions/realtime/handshake';
import type { HandlerLoader } from './handler-loader';
import { lambdaContext } from './lambda-context';

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  /** The $connect authorizer's context, which API Gateway adds to every event of the connection. */
  authorizer: Record<string, unknown>;
}

/** The connections the management API (`@connections/{id}`) reaches. */
export interface ConnectionRegistry {
  get(id: string): Connection | undefined;
  send(id: string, data: string): boolean;
  disconnect(id: string): void;
  size(): number;
}

/** API Gateway's WebSocket quotas that end a connection: 10 minutes idle, 2 hours in all. */
export interface WebSocketLimits {
  idleTimeoutMs: number;
  maxConnectionMs: number;
}
export const webSocketLimits: WebSocketLimits = {
  idleTimeoutMs: 10 * 60_000,
  maxConnectionMs: 2 * 3_600_000,
};

/** The realtime Lambda serves the routes and, as in infra/cloud/realtime.ts, authorizes $connect. */
const REALTIME_RESOURCE = 'realtime';
/** API Gateway's largest WebSocket message; ws would otherwise buffer up to 100 MiB per message. */
const MAX_MESSAGE_BYTES = 128 * 1024;

const authorizerResultSchema = z.object({
  principalId: z.string(),
  policyDocument: z.object({ Statement: z.array(z.object({ Effect: z.string() })) }),
  context: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * The local API Gateway WebSocket API on `/ws` of the given server: the $connect authorizer (401 when it
 * fails with "Unauthorized", 403 on a Deny), `$connect` (a non-2xx answer refuses the connection),
 * `$disconnect`, and messages routed by `$request.body.action` (else `$default`), each handed to the
 * realtime handler as an API Gateway WebSocket event carrying the authorizer's context.
 *
 * A client's fault ends only its own connection: a malformed frame makes ws close it with 1002 or 1007
 * (RFC 6455 section 7.4.1) and report an 'error', which must have a listener, as must the raw socket
 * while $connect runs; an unheard 'error' would end the whole process.
 */
export function attachWebSocketGateway(
  server: Server,
  loader: HandlerLoader,
  options: {
    /** While it answers a message (the stack is still starting), handshakes are refused with a 503. */
    unavailable?: () => string | undefined;
    /** API Gateway's limits, shorter in tests: see `webSocketLimits`. */
    limits?: Partial<WebSocketLimits>;
  } = {},
) {
  const limits = { ...webSocketLimits, ...options.limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', (error) => console.error('local WebSocket server error', error));
  const connections = new Map<string, Connection>();
  const stage = 'live';
  let knownDomain = '127.0.0.1';
  // Remembered while the server listens: $disconnect events can arrive after it has closed.
  const domainName = () => {
    const address = server.address() as AddressInfo | null;
    if (address) knownDomain = `127.0.0.1:${address.port}`;
    return knownDomain;
  };

  const registry: ConnectionRegistry = {
    get: (id) => connections.get(id),
    send(id, data) {
      const connection = connections.get(id);
      if (!connection) return false;
      connection.socket.send(data);
      return true;
    },
    disconnect(id) {
      connections.get(id)?.socket.close(1000, 'Disconnected by the server');
    },
    size: () => connections.size,
  };

  function requestContext(
    connectionId: string,
    routeKey: string,
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
    connection: Pick<Connection, 'connectedAt' | 'sourceIp' | 'userAgent'>,
    authorizer?: Record<string, unknown>,
  ): RealtimeRequestContext {
    const now = new Date();
    return {
      routeKey,
      eventType,
      connectionId,
      connectedAt: connection.connectedAt,
      domainName: domainName(),
      stage,
      apiId: 'local-ws',
      requestId: randomUUID(),
      extendedRequestId: randomUUID(),
      messageDirection: 'IN',
      messageId: randomBytes(8).toString('hex'),
      requestTime: now.toUTCString(),
      requestTimeEpoch: now.getTime(),
      identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      ...(authorizer ? { authorizer } : {}),
    };
  }

  async function invoke(event: RealtimeEvent | ConnectAuthorizerEvent): Promise<unknown> {
    const handler = await loader(REALTIME_RESOURCE);
    return handler(event, lambdaContext(REALTIME_RESOURCE));
  }

  /** The authorizer's context, or the status API Gateway would refuse the handshake with. */
  async function authorize(event: ConnectAuthorizerEvent): Promise<Record<string, unknown> | number> {
    let output: unknown;
    try {
      output = await invoke(event);
    } catch (error) {
      if (error instanceof Error && error.message === 'Unauthorized') return 401;
      console.error('realtime authorizer failed', error);
      return 500;
    }
    const result = authorizerResultSchema.safeParse(output);
    if (!result.success) {
      console.error('realtime authorizer returned no policy', result.error.message);
      return 500;
    }
    const effects = result.data.policyDocument.Statement.map((statement) => statement.Effect);
    if (!effects.includes('Allow') || effects.includes('Deny')) return 403;
    return { ...result.data.context, principalId: result.data.principalId };
  }

  function disconnected(
    connectionId: string,
    connection: Pick<Connection, 'connectedAt' | 'sourceIp' | 'userAgent' | 'authorizer'>,
  ) {
    const event: RealtimeEvent = {
      requestContext: requestContext(
        connectionId,
        '$disconnect',
        'DISCONNECT',
        connection,
        connection.authorizer,
      ),
      isBase64Encoded: false,
    };
    invoke(event).catch((error) => console.error('realtime $disconnect failed', error));
  }

  async function connect(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    const connectionId = `${randomBytes(9).toString('base64url')}=`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const queryStringParameters = Object.fromEntries(url.searchParams);
    const pending = {
      connectedAt: Date.now(),
      sourceIp: (request.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      userAgent: headers['user-agent'] ?? '',
    };
    const authorizer = await authorize({
      type: 'REQUEST',
      methodArn: `arn:aws:execute-api:local-1:000000000000:local-ws/${stage}/$connect`,
      headers,
      queryStringParameters,
      requestContext: requestContext(connectionId, '$connect', 'CONNECT', pending),
    });
    if (typeof authorizer === 'number') return refuse(socket, authorizer);
    const connected = await invoke({
      requestContext: requestContext(connectionId, '$connect', 'CONNECT', pending, authorizer),
      headers,
      queryStringParameters,
      isBase64Encoded: false,
    });
    const status = statusOf(connected);
    if (status < 200 || status >= 300) return refuse(socket, status);

    if (socket.destroyed) {
      // The client left while $connect ran: the connection existed for the handler, so it hears it end.
      return disconnected(connectionId, { ...pending, authorizer });
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection: Connection = {
        ...pending,
        lastActiveAt: pending.connectedAt,
        authorizer,
        socket: ws,
      };
      connections.set(connectionId, connection);
      // As API Gateway: closed (1001 Going Away) after the idle timeout with no frame from the client, and
      // after the longest connection time whatever it does.
      let idle = setTimeout(() => ws.close(1001, 'Going away'), limits.idleTimeoutMs);
      const longest = setTimeout(() => ws.close(1001, 'Going away'), limits.maxConnectionMs);
      ws.on('error', (error) => {
        console.warn(`realtime connection ${connectionId} closed on a client error: ${error.message}`);
      });
      ws.on('message', (data) => {
        connection.lastActiveAt = Date.now();
        clearTimeout(idle);
        idle = setTimeout(() => ws.close(1001, 'Going away'), limits.idleTimeoutMs);
        const body = data.toString();
        const event: RealtimeEvent = {
          requestContext: requestContext(connectionId, routeOf(body), 'MESSAGE', connection, authorizer),
          body,
          isBase64Encoded: false,
        };
        invoke(event).catch((error) => console.error('realtime handler failed', error));
      });
      ws.on('close', () => {
        clearTimeout(idle);
        clearTimeout(longest);
        connections.delete(connectionId);
        disconnected(connectionId, connection);
      });
    });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The HTTP server hands the socket over without its own 'error' listener: a client resetting it
    // while $connect runs would otherwise end the process.
    socket.on('error', (error) => console.warn(`realtime socket error: ${error.message}`));
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') {
      socket.destroy();
      return;
    }
    const starting = options.unavailable?.();
    if (starting !== undefined) return refuse(socket, 503, { message: starting });
    connect(request, socket, head, url).catch((error) => {
      console.error('realtime $connect failed', error);
      refuse(socket, 500);
    });
  });

  return {
    registry,
    close() {
      for (const connection of connections.values()) connection.socket.terminate();
      wss.close();
    },
  };
}

/** `$request.body.action` when the body is JSON with a string action; else `$default`, as API Gateway does. */
function routeOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'action' in parsed &&
      typeof parsed.action === 'string'
    )
      return parsed.action;
  } catch {
    // Not JSON: the $default route takes it.
  }
  return '$default';
}

function statusOf(result: unknown): number {
  if (typeof result === 'object' && result !== null && 'statusCode' in result) {
    return typeof result.statusCode === 'number' ? result.statusCode : 200;
  }
  return 200;
}

/** Answers the handshake with an HTTP error and closes the socket once the answer is written. */
function refuse(socket: Duplex, status: number, body?: { message: string }) {
  if (socket.destroyed) return;
  socket.once('finish', () => socket.destroy());
  const json = body ? JSON.stringify(body) : '';
  const type = body ? 'Content-Type: application/json\r\n' : '';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
}
