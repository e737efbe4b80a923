import type { APIGatewayAuthorizerResult, APIGatewayProxyEventV2, Context, PolicyDocument } from 'aws-lambda';
import * as z from 'zod';
import { permission, route, signedIn } from '../../shared/routes/define';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { resourceHandler, withCaller } from '../lib/pipeline';
import { type ConnectAuthorizerEvent, type ConnectionIdentity, handshakeParameters } from './handshake';

/**
 * The handshake as the HTTP API would see it: two routes of this Lambda's own, never on the HTTP API.
 * Running the HTTP pipeline over them checks a handshake with the very code that checks an HTTP request
 * (tenant from x-tenant-key or the Origin's domain, a token of that tenant, the user still there and no
 * password change since the token, a role, `userId` held to the x-user-id rule), caches included.
 */
const userHandshake = route({
  id: 'realtime.connect',
  method: 'GET',
  path: '/ws',
  resource: 'realtime',
  access: signedIn,
  summary: 'WebSocket handshake',
});
/** The back-office chat is course administration: admin mode needs the admin-course chat permission. */
const adminHandshake = route({
  id: 'realtime.connectAdmin',
  method: 'GET',
  path: '/ws/admin',
  resource: 'realtime',
  access: permission('adminCourses', 'courseChat'),
  summary: 'WebSocket handshake in admin mode',
});

const callerOfHandshake = withCaller(async (request) => ({
  tenant: request.tenant.key,
  userId: request.caller.user._id,
}));
const checkHandshake = resourceHandler('realtime', [userHandshake, adminHandshake], {
  [userHandshake.id]: callerOfHandshake,
  [adminHandshake.id]: callerOfHandshake,
});
const handshakeCallerSchema = z.object({ tenant: z.string(), userId: z.string() });

/**
 * The WebSocket API's $connect check, run as a REQUEST authorizer rather than in the $connect route's
 * integration: only an authorizer's context reaches every later event of the connection, so chat and the
 * waiting room know the tenant and user of each message without a table read. The realtime Lambda is the
 * authorizer too, so there is one function to build and one place for the handshake rules.
 *
 * API Gateway answers 401 when an authorizer fails with exactly "Unauthorized", 403 on a Deny, and 500
 * on any other failure.
 */
export async function authorizeConnection(
  event: ConnectAuthorizerEvent,
  context: Context,
): Promise<APIGatewayAuthorizerResult> {
  const query = event.queryStringParameters ?? {};
  const headers = lowerCaseNames(event.headers ?? {});
  const adminMode = query[handshakeParameters.adminMode] ?? 'false';
  if (adminMode !== 'true' && adminMode !== 'false') return deny(event, 'adminMode must be true or false');

  const handshake = adminMode === 'true' ? adminHandshake : userHandshake;
  const result = await checkHandshake(
    asHttpRequest(event, handshake, headers, query),
    // The pipeline keeps its per-request state on the Lambda context (and sets it afresh first thing).
    Object.assign(context, {
      pipeline: { route: handshake, correlationId: event.requestContext.requestId, startedAt: Date.now() },
    }),
  );
  const status = result.statusCode ?? 200;
  if (status === 401) throw new Error('Unauthorized');
  if (status >= 500) throw new Error(`The handshake check failed with ${status}`);
  if (status !== 200) return deny(event, `the HTTP pipeline answered ${status}`);

  // A browser page of another site must not open a socket with a token it got hold of: only the origins
  // the HTTP API's CORS rule allows for this tenant (the pipeline said so in its answer), or no Origin
  // at all (a non-browser client, which still needed the token).
  const origin = headers.origin;
  if (origin && !result.headers?.['access-control-allow-origin'] && !isLocalStackOrigin(origin)) {
    return deny(event, `origin ${origin} is not one of the tenant's`);
  }

  const caller = handshakeCallerSchema.parse(JSON.parse(result.body ?? '{}'));
  const identity: ConnectionIdentity = { tenant: caller.tenant, userId: caller.userId, adminMode };
  return { principalId: caller.userId, policyDocument: policy('Allow', event.methodArn), context: identity };
}

/** The handshake's token, userId and origin as the HTTP API's Authorization, x-user-id and Origin headers. */
function asHttpRequest(
  event: ConnectAuthorizerEvent,
  handshake: typeof userHandshake,
  headers: Record<string, string>,
  query: Record<string, string | undefined>,
): APIGatewayProxyEventV2 {
  const token = query[handshakeParameters.token];
  const userId = query[handshakeParameters.userId];
  const { requestContext } = event;
  const routeKey = `${handshake.method} ${handshake.path}`;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath: handshake.path,
    rawQueryString: '',
    // Only these: any Authorization or x-user-id header the client sent is not what the handshake says.
    headers: {
      ...(headers.origin ? { origin: headers.origin } : {}),
      ...(headers['x-tenant-key'] ? { 'x-tenant-key': headers['x-tenant-key'] } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(userId ? { 'x-user-id': userId } : {}),
    },
    requestContext: {
      accountId: '',
      apiId: requestContext.apiId,
      domainName: requestContext.domainName,
      domainPrefix: requestContext.domainName.split('.')[0] ?? '',
      http: {
        method: handshake.method,
        path: handshake.path,
        protocol: 'HTTP/1.1',
        sourceIp: requestContext.identity?.sourceIp ?? '',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: requestContext.requestId,
      routeKey,
      stage: requestContext.stage,
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    isBase64Encoded: false,
  };
}

/** The local stack serves the SPA from any loopback port, as its HTTP gateway's CORS rule allows. */
function isLocalStackOrigin(origin: string): boolean {
  if (config().STAGE !== 'local') return false;
  try {
    const host = new URL(origin).hostname;
    return host === 'localhost' || host === '127.0.0.1';
  } catch {
    return false;
  }
}

/** API Gateway's WebSocket events keep the client's header case; the HTTP API's are lower case. */
function lowerCaseNames(headers: Record<string, string | undefined>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) lower[name.toLowerCase()] = value;
  return lower;
}

function deny(event: ConnectAuthorizerEvent, reason: string): APIGatewayAuthorizerResult {
  logger.info('websocket handshake refused', { reason, connectionId: event.requestContext.connectionId });
  return { principalId: 'refused', policyDocument: policy('Deny', event.methodArn) };
}

function policy(effect: 'Allow' | 'Deny', methodArn: string): PolicyDocument {
  return {
    Version: '2012-10-17',
    Statement: [{ Action: 'execute-api:Invoke', Effect: effect, Resource: methodArn }],
  };
}
