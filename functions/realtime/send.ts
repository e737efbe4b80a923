import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerMessage } from '../../shared/realtime/socket-events';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { withoutSdkLogging } from '../lib/sdk-logging';
import { socketConnectionsRepository, type TopicRef } from '../repositories/socket-connections';

let management: { endpoint: string; client: ApiGatewayManagementApiClient } | undefined;
function managementApi(): ApiGatewayManagementApiClient {
  const endpoint = config().WS_MANAGEMENT_ENDPOINT;
  if (!endpoint) throw new Error('WS_MANAGEMENT_ENDPOINT is not set: no posts to WebSocket connections');
  // One client per container; a new local stack (tests) brings a new endpoint.
  if (management?.endpoint !== endpoint)
    management = { endpoint, client: withoutSdkLogging(new ApiGatewayManagementApiClient({ endpoint })) };
  return management.client;
}

/**
 * Posts in flight at once: the SDK's HTTP agent keeps 50 sockets, so a room of hundreds reuses them instead
 * of opening hundreds together. A post takes some 10 to 20 ms to API Gateway, so 50 at once tell 500
 * connections in about 150 ms where 25 took twice as long.
 */
const CONCURRENT_POSTS = 50;

export interface Delivery {
  delivered: number;
  /** Connections that answered 410 Gone, now removed with their registrations (unless maybe connecting). */
  gone: string[];
}

/**
 * The one way the server sends to WebSocket connections (replies and every fan-out): the message is typed
 * by the protocol's declaration, posted to each connection of the tenant, and a connection that answers
 * 410 Gone (closed without a $disconnect, or its $disconnect still on its way) is removed at once with
 * every registration it held, so the next fan-out does not try it again (a user's connection may instead
 * still be in its $connect, which answers 410 too: see removeGoneUserConnection). Other failures are logged and
 * do not stop the rest.
 */
export async function sendToConnections(
  tenant: string,
  connectionIds: readonly string[],
  message: ServerMessage,
  /** A user's connections, found by user: one may still be in its $connect (see removeGoneUserConnection). */
  options: { mayBeConnecting?: boolean } = {},
): Promise<Delivery> {
  const data = new TextEncoder().encode(JSON.stringify(message));
  const unique = [...new Set(connectionIds)];
  const gone: string[] = [];
  let delivered = 0;
  /** Each of CONCURRENT_POSTS workers takes the next connection as its post ends (no batch waits on its slowest). */
  let next = 0;
  const postInTurn = async () => {
    for (let connectionId = unique[next++]; connectionId !== undefined; connectionId = unique[next++]) {
      try {
        await managementApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
        delivered++;
      } catch (error) {
        if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') {
          gone.push(connectionId);
          if (options.mayBeConnecting)
            await socketConnectionsRepository.removeGoneUserConnection(tenant, connectionId);
          else await socketConnectionsRepository.removeConnection(tenant, connectionId);
          continue;
        }
        logger.warn('post to a WebSocket connection failed', {
          connectionId,
          action: message.action,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_POSTS, unique.length) }, postInTurn));
  if (gone.length) logger.info('removed gone WebSocket connections', { tenant, gone: gone.length });
  return { delivered, gone };
}

/** Sends to every connection registered to a topic (a lesson's waiting room, a conversation). */
export async function sendToTopic(
  tenant: string,
  topic: TopicRef,
  message: ServerMessage,
): Promise<Delivery> {
  const registrations = await socketConnectionsRepository.registrationsOf(tenant, topic);
  return sendToConnections(
    tenant,
    registrations.map((registration) => registration.connectionId),
    message,
  );
}

/** Sends to every open connection of one user (their notifications, on every device). */
export async function sendToUser(tenant: string, userId: string, message: ServerMessage): Promise<Delivery> {
  const connections = await socketConnectionsRepository.connectionsOfUser(tenant, userId);
  return sendToConnections(
    tenant,
    connections.map((connection) => connection.connectionId),
    message,
    { mayBeConnecting: true },
  );
}
