import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { logger } from '../lib/logger';

type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string> };

let management: ApiGatewayManagementApiClient | undefined;
function managementApi(event: WebSocketEvent): ApiGatewayManagementApiClient {
  // Cloud: the stage's own endpoint; local: the local gateway's @connections API.
  management ??= new ApiGatewayManagementApiClient({
    endpoint:
      process.env.WS_MANAGEMENT_ENDPOINT ??
      `https://${event.requestContext.domainName}/${event.requestContext.stage}`,
  });
  return management;
}

/**
 * The WebSocket API's handler. Chat and the waiting room add their actions here; until then it accepts
 * connections, answers `ping` with `pong`, and tells a client when an action is unknown.
 */
export async function handler(event: WebSocketEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$connect' || routeKey === '$disconnect') {
    logger.info('websocket', { routeKey, connectionId });
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
