import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayAuthorizerResult, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { logger } from '../lib/logger';
import { authorizeConnection } from './authorize';
import {
  type ConnectAuthorizerEvent,
  connectionIdentity,
  isConnectAuthorizerEvent,
  type RealtimeEvent,
} from './handshake';

let management: ApiGatewayManagementApiClient | undefined;
function managementApi(event: RealtimeEvent): ApiGatewayManagementApiClient {
  // Cloud: the stage's own endpoint; local: the local gateway's @connections API.
  management ??= new ApiGatewayManagementApiClient({
    endpoint:
      process.env.WS_MANAGEMENT_ENDPOINT ??
      `https://${event.requestContext.domainName}/${event.requestContext.stage}`,
  });
  return management;
}

/**
 * The WebSocket API's handler, and the authorizer of its $connect route (see authorize.ts). Chat and the
 * waiting room add their actions here; until then it accepts connections, answers `ping` with `pong`, and
 * tells a client when an action is unknown.
 */
export async function handler(
  event: RealtimeEvent | ConnectAuthorizerEvent,
  _context: Context,
): Promise<APIGatewayAuthorizerResult | APIGatewayProxyResultV2> {
  if (isConnectAuthorizerEvent(event)) return authorizeConnection(event);
  const { routeKey, connectionId } = event.requestContext;
  const identity = connectionIdentity(event);
  if (routeKey === '$disconnect') {
    logger.info('websocket', { routeKey, connectionId, tenant: identity?.tenant, userId: identity?.userId });
    return { statusCode: 200 };
  }
  if (!identity) {
    // Every connection passed the authorizer, whose context names its holder: without one the API is
    // misconfigured, and refusing keeps it closed rather than open to anyone.
    logger.error('websocket event without an authorizer context', { routeKey, connectionId });
    return { statusCode: 401 };
  }
  if (routeKey === '$connect') {
    logger.info('websocket', { routeKey, connectionId, tenant: identity.tenant, userId: identity.userId });
    return { statusCode: 200 };
  }
  const reply = routeKey === 'ping' ? { action: 'pong' } : { message: 'Unknown action' };
  await managementApi(event).send(
    new PostToConnectionCommand({
      ConnectionId: connectionId,
      Data: new TextEncoder().encode(JSON.stringify(reply)),
    }),
  );
  return { statusCode: 200 };
}
