import type { APIGatewayAuthorizerResult, PolicyDocument } from 'aws-lambda';
import { AppError, UnauthorizedError } from '../../shared/http/errors';
import { permission } from '../../shared/routes/define';
import type { Tenant } from '../../shared/schemas/tenant';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { authorize, isAllowedOrigin, sessionOf, tenantOf } from '../lib/pipeline';
import type { Caller } from '../lib/request';
import { type ConnectAuthorizerEvent, type ConnectionIdentity, handshakeParameters } from './handshake';

/** The back-office chat is course administration: admin mode needs the admin-course chat permission. */
const adminModeAccess = permission('adminCourses', 'courseChat');

/**
 * The WebSocket API's $connect check, run as a REQUEST authorizer rather than in the $connect route's
 * integration: only an authorizer's context reaches every later event of the connection, so chat and the
 * waiting room know the tenant and user of each message without a table read. The realtime Lambda is the
 * authorizer too, so there is one function to build and one place for the handshake rules.
 *
 * The handshake is held to the HTTP pipeline's own checks, through its functions: the tenant from
 * x-tenant-key or the Origin's domain, a token of that tenant whose user is still there with no password
 * change since and a role (sessionOf), `userId` held to the x-user-id rule, the Origin to the tenant's
 * CORS rule.
 *
 * API Gateway answers 401 when an authorizer fails with exactly "Unauthorized", 403 on a Deny, and 500
 * on any other failure.
 */
export async function authorizeConnection(
  event: ConnectAuthorizerEvent,
): Promise<APIGatewayAuthorizerResult> {
  const query = event.queryStringParameters ?? {};
  const headers = lowerCaseNames(event.headers ?? {});
  const adminMode = query[handshakeParameters.adminMode] ?? 'false';
  if (adminMode !== 'true' && adminMode !== 'false') return deny(event, 'adminMode must be true or false');
  const token = query[handshakeParameters.token];
  if (!token) throw new Error('Unauthorized');

  let tenant: Tenant;
  let caller: Caller;
  try {
    tenant = await tenantOf(headers);
    caller = await sessionOf(tenant.key, token);
    const userId = query[handshakeParameters.userId];
    if (userId && userId !== caller.user._id)
      throw new UnauthorizedError('The user id does not match the token');
    if (adminMode === 'true') authorize(adminModeAccess, tenant, caller);
  } catch (error) {
    if (error instanceof UnauthorizedError) throw new Error('Unauthorized');
    if (error instanceof AppError) return deny(event, `${error.statusCode} ${error.message}`);
    throw error;
  }

  // A browser page of another site must not open a socket with a token it got hold of: only the origins
  // the HTTP API's CORS rule allows for this tenant, or no Origin at all (a non-browser client, which
  // still needed the token).
  const origin = headers.origin;
  if (origin && !isAllowedOrigin(origin, tenant) && !isLocalStackOrigin(origin)) {
    return deny(event, `origin ${origin} is not one of the tenant's`);
  }

  const identity: ConnectionIdentity = { tenant: tenant.key, userId: caller.user._id, adminMode };
  return {
    principalId: caller.user._id,
    policyDocument: policy('Allow', event.methodArn),
    context: identity,
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
