import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDef } from '../../shared/routes/define';
import { type BlobStoreOptions, handleBlobRequest } from './blob-store';
import type { HandlerLoader } from './handler-loader';
import { lambdaContext } from './lambda-context';
import { LOOPBACK, listenOn } from './listen';
import { mailboxPage, readOutbox } from './mailbox';
import { type MetricsCollector, metricsPage } from './metrics';
import { routeMatcher } from './route-matcher';
import type { ConnectionRegistry } from './ws-gateway';

/** API Gateway's own payload limit. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
const TEXT_TYPES = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)|[^;]*\+json)/i;

export interface HttpGatewayOptions {
  port: number;
  /** The address to listen on: this machine only (127.0.0.1) unless asked otherwise. */
  host?: string;
  routes: readonly RouteDef[];
  loader: HandlerLoader;
  /** Origins allowed by the CORS preflight, as the HTTP API's corsPreflight configuration. */
  allowOrigin: (origin: string) => boolean;
  outboxDir?: string;
  connections?: ConnectionRegistry;
  /** What the functions' metrics add up to since start, shown at /_local/metrics. */
  metrics?: MetricsCollector;
  /** The local uploads store (presigned PUT, public GET) under /_local/files/. */
  blobs?: Omit<BlobStoreOptions, 'allowOrigin'>;
  /**
   * While it answers a message (the stack is still starting: its environment or data is not ready), every
   * API request is answered 503 with that message instead of reaching a handler.
   */
  unavailable?: () => string | undefined;
}

/**
 * The local API Gateway HTTP API: declared routes to their resource's handler with payload format 2.0
 * events, the CORS preflight, and the local-only pages (mailbox, metrics, WebSocket @connections API).
 */
export async function startHttpGateway(options: HttpGatewayOptions) {
  const matcher = routeMatcher(options.routes);
  const blobOptions = options.blobs && { ...options.blobs, allowOrigin: options.allowOrigin };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('local gateway error', error);
      if (!response.headersSent) send(response, 500, { message: 'Internal Server Error' });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = (request.method ?? 'GET').toUpperCase();

    if (url.pathname.startsWith('/@connections/') && options.connections) {
      return manageConnection(
        options.connections,
        method,
        decodeURIComponent(url.pathname.slice(14)),
        request,
        response,
      );
    }
    if (url.pathname === '/_local/mailbox' || url.pathname === '/_local/mailbox.json') {
      const mails = options.outboxDir ? await readOutbox(options.outboxDir) : [];
      if (url.pathname.endsWith('.json')) return send(response, 200, mails);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(mailboxPage(mails));
    }
    if (options.metrics && (url.pathname === '/_local/metrics' || url.pathname === '/_local/metrics.json')) {
      const summary = options.metrics.summary();
      if (url.pathname.endsWith('.json')) return send(response, 200, summary);
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(metricsPage(summary));
    }
    if (blobOptions && (await handleBlobRequest(request, response, url, blobOptions))) return;
    if (method === 'OPTIONS') return preflight(request, response, matcher.hasPath(url.pathname), options);

    const starting = options.unavailable?.();
    if (starting !== undefined) {
      // With the CORS headers a handler would add, so the SPA can read and show the message.
      const origin = request.headers.origin;
      const cors: Record<string, string> =
        origin && options.allowOrigin(origin)
          ? {
              'access-control-allow-origin': origin,
              'access-control-allow-credentials': 'true',
              vary: 'Origin',
            }
          : {};
      return send(response, 503, { message: starting }, { 'retry-after': '2', ...cors });
    }

    const matched = matcher.match(method, url.pathname);
    if (!matched) return send(response, 404, { message: 'Not Found' });

    const body = await readBody(request);
    if (body === 'too-large') {
      // The rest of the upload is not read: close the connection rather than leave it half-read.
      response.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      return response.end(JSON.stringify({ message: 'Request Entity Too Large' }));
    }

    const event = toEvent(request, url, matched.route, matched.pathParameters, body, server);
    let result: APIGatewayProxyStructuredResultV2 | string;
    try {
      const handler = await options.loader(matched.route.resource);
      result = await handler(event, lambdaContext(matched.route.resource));
    } catch (error) {
      console.error(`Handler ${matched.route.resource} failed`, error);
      return send(response, 500, { message: 'Internal Server Error' });
    }
    writeResult(response, result);
  }

  const host = options.host ?? LOOPBACK;
  const port = await listenOn(server, options.port, host);
  return {
    server,
    host,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => closeServer(server),
  };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const json = Buffer.from(JSON.stringify(body) ?? '', 'utf8');
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(json.length),
  });
  response.end(json);
}

const EMPTY_BODY = Buffer.alloc(0);

async function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
  // A request with neither a length nor chunks has no body (most GETs): nothing to wait for.
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined)
    return EMPTY_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_PAYLOAD_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The API Gateway HTTP API payload format 2.0 event. */
export function toEvent(
  request: IncomingMessage,
  url: URL,
  route: RouteDef,
  pathParameters: Record<string, string>,
  body: Buffer,
  server: Server,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!.toLowerCase();
    const value = request.rawHeaders[i + 1]!;
    if (name === 'cookie') {
      cookies.push(
        ...value
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean),
      );
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  const query: Record<string, string> = {};
  if (url.search) {
    for (const [name, value] of url.searchParams)
      query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
  }
  // API Gateway tells the function how the client reached it; locally that is plain HTTP.
  headers['x-forwarded-proto'] ??= 'http';
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || contentType === '' || TEXT_TYPES.test(contentType);
  const now = new Date();
  const domainName = headers.host ?? `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const routeKey = `${route.method} ${route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0]!,
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

function writeResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string) {
  // A handler may return a bare string or object; API Gateway then answers 200 JSON.
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    return send(response, 200, result);
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.isBase64Encoded
    ? Buffer.from(result.body ?? '', 'base64')
    : Buffer.from(result.body ?? '', 'utf8');
  const status = result.statusCode ?? 200;
  // As API Gateway does: a length, not chunked encoding, so headers and body leave in one write
  // (204 and 304 answers carry neither).
  if (status !== 204 && status !== 304) headers['content-length'] = String(body.length);
  response.writeHead(status, headers);
  response.end(body);
}

function preflight(
  request: IncomingMessage,
  response: ServerResponse,
  known: boolean,
  options: HttpGatewayOptions,
) {
  const origin = request.headers.origin;
  if (!known) return send(response, 404, { message: 'Not Found' });
  if (!origin || !options.allowOrigin(origin)) {
    response.writeHead(204);
    return response.end();
  }
  response.writeHead(204, {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE',
    'access-control-allow-headers': 'authorization,content-type,x-user-id,x-tenant-key,x-correlation-id',
    'access-control-max-age': '600',
    vary: 'Origin',
  });
  response.end();
}

/** The WebSocket API's management endpoint, as @aws-sdk/client-apigatewaymanagementapi calls it. */
async function manageConnection(
  connections: ConnectionRegistry,
  method: string,
  connectionId: string,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const connection = connections.get(connectionId);
  if (!connection) {
    // The SDK names the error from this header, as API Gateway sends it.
    response.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
    return response.end(JSON.stringify({ message: 'Gone' }));
  }
  if (method === 'POST') {
    const body = await readBody(request);
    if (body === 'too-large') return send(response, 413, { message: 'Payload too large' });
    connections.send(connectionId, body.toString('utf8'));
    response.writeHead(200);
    return response.end();
  }
  if (method === 'GET') {
    return send(response, 200, {
      connectedAt: new Date(connection.connectedAt).toISOString(),
      lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
      identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
    });
  }
  if (method === 'DELETE') {
    connections.disconnect(connectionId);
    response.writeHead(204);
    return response.end();
  }
  send(response, 405, { message: 'Method Not Allowed' });
}
