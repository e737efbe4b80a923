import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { type WebSocket, WebSocketServer } from 'ws';
import type { HandlerLoader } from './handler-loader';
import { lambdaContext } from './lambda-context';

interface Connection {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
}

/** The connections the management API (`@connections/{id}`) reaches. */
export interface ConnectionRegistry {
  get(id: string): Connection | undefined;
  send(id: string, data: string): boolean;
  disconnect(id: string): void;
  size(): number;
}

const REALTIME_RESOURCE = 'realtime';

/**
 * The local API Gateway WebSocket API on `/ws` of the given server: `$connect` (a non-2xx answer refuses
 * the connection), `$disconnect`, and messages routed by `$request.body.action` (else `$default`), each
 * handed to the realtime handler as an API Gateway WebSocket event.
 */
export function attachWebSocketGateway(server: Server, loader: HandlerLoader) {
  const wss = new WebSocketServer({ noServer: true });
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

  function baseEvent(
    connectionId: string,
    routeKey: string,
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT',
    connectedAt: number,
  ) {
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        connectedAt,
        domainName: domainName(),
        stage,
        apiId: 'local-ws',
        requestId: randomUUID(),
        extendedRequestId: randomUUID(),
        messageDirection: 'IN' as const,
        messageId: randomBytes(8).toString('hex'),
        requestTimeEpoch: Date.now(),
      },
      isBase64Encoded: false,
    };
  }

  async function invoke(event: unknown): Promise<{ statusCode?: number } | undefined> {
    const handler = await loader(REALTIME_RESOURCE);
    return handler(event, lambdaContext(REALTIME_RESOURCE));
  }

  server.on('upgrade', (request: IncomingMessage, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') {
      socket.destroy();
      return;
    }
    const connectionId = `${randomBytes(9).toString('base64url')}=`;
    const connectedAt = Date.now();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const queryStringParameters = Object.fromEntries(url.searchParams);
    const connectEvent = {
      ...baseEvent(connectionId, '$connect', 'CONNECT', connectedAt),
      headers,
      queryStringParameters,
    };
    invoke(connectEvent)
      .then((result) => {
        const status = result?.statusCode ?? 200;
        if (status < 200 || status >= 300) {
          socket.write(`HTTP/1.1 ${status === 401 ? '401 Unauthorized' : '403 Forbidden'}\r\n\r\n`);
          socket.destroy();
          return;
        }
        wss.handleUpgrade(request, socket, head, (ws) => {
          const connection: Connection = {
            socket: ws,
            connectedAt,
            lastActiveAt: connectedAt,
            sourceIp: (request.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
            userAgent: headers['user-agent'] ?? '',
          };
          connections.set(connectionId, connection);
          ws.on('message', (data) => {
            connection.lastActiveAt = Date.now();
            const body = data.toString();
            let action: string | undefined;
            try {
              const parsed = JSON.parse(body) as { action?: unknown };
              if (typeof parsed.action === 'string') action = parsed.action;
            } catch {
              // Not JSON: the $default route takes it, as API Gateway does.
            }
            const event: APIGatewayProxyWebsocketEventV2 = {
              ...baseEvent(connectionId, action ?? '$default', 'MESSAGE', connectedAt),
              body,
            } as APIGatewayProxyWebsocketEventV2;
            invoke(event).catch((error) => console.error('realtime handler failed', error));
          });
          ws.on('close', () => {
            connections.delete(connectionId);
            invoke(baseEvent(connectionId, '$disconnect', 'DISCONNECT', connectedAt)).catch((error) =>
              console.error('realtime $disconnect failed', error),
            );
          });
        });
      })
      .catch((error) => {
        console.error('realtime $connect failed', error);
        socket.write('HTTP/1.1 500 Internal Server Error\r\n\r\n');
        socket.destroy();
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
