import type { APIGatewayAuthorizerResult, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { AppError } from '../../shared/http/errors';
import {
  type ClientAction,
  clientActionNames,
  clientActionSchema,
  type ServerMessageOf,
} from '../../shared/realtime/socket-events';
import { logger } from '../lib/logger';
import { badInput } from '../lib/pipeline';
import { socketConnectionsRepository } from '../repositories/socket-connections';
import { authorizeConnection } from './authorize';
import { chatAction, presenceChanged } from './chat';
import {
  type ConnectAuthorizerEvent,
  connectionIdentity,
  isConnectAuthorizerEvent,
  type RealtimeEvent,
} from './handshake';
import { enterMeetingRoom, leaveMeetingRoom, recordLeaveIfGone } from './meeting-room';
import { type Delivery, sendToConnections } from './send';
import { broadcastRoom, getConnections, register, type SocketCaller, unregister } from './waiting-room';

/** Each action of the protocol (shared/realtime/socket-events.ts) and what it does. */
function dispatch(caller: SocketCaller, action: ClientAction): Promise<unknown> {
  switch (action.action) {
    case 'ping':
      return sendToConnections(caller.tenant, [caller.connectionId], { action: 'pong' });
    case 'register':
      return register(caller, action.waitingId);
    case 'unregister':
      return unregister(caller, action.waitingId);
    case 'getConnections':
      return getConnections(caller, action.waitingId);
    // Chat (functions/realtime/chat.ts)
    case 'getConversations':
    case 'startConversation':
    case 'getMessages':
    case 'syncMessages':
    case 'sendMessage':
    case 'messagesDelivered':
    case 'messagesSeen':
    case 'typing':
      return chatAction(caller, action);
    case 'enterMeetingRoom':
      return enterMeetingRoom(caller, action.waitingId);
    case 'leaveMeetingRoom':
      return leaveMeetingRoom(caller, action.waitingId);
  }
}

/**
 * The WebSocket API's handler, and the authorizer of its $connect route (see authorize.ts). $connect
 * stores the connection bound to its tenant and user, $disconnect removes it with its registrations (and
 * tells the rooms it was in); every other frame is parsed with the protocol's declaration and handed to
 * its action. A frame that fails is answered with an `error` message, never dropped in silence.
 */
export async function handler(
  event: RealtimeEvent | ConnectAuthorizerEvent,
  _context: Context,
): Promise<APIGatewayAuthorizerResult | APIGatewayProxyResultV2> {
  if (isConnectAuthorizerEvent(event)) return authorizeConnection(event);
  const { routeKey, connectionId, connectedAt } = event.requestContext;
  const identity = connectionIdentity(event);
  if (!identity) {
    // Every connection passed the authorizer, whose context names its holder: without one the API is
    // misconfigured, and refusing keeps it closed rather than open to anyone.
    logger.error('websocket event without an authorizer context', { routeKey, connectionId });
    return { statusCode: routeKey === '$disconnect' ? 200 : 401 };
  }
  const caller: SocketCaller = {
    tenant: identity.tenant,
    userId: identity.userId,
    connectionId,
    connectedAt: new Date(connectedAt).toISOString(),
    adminMode: identity.adminMode === 'true',
  };
  if (routeKey === '$connect') {
    logger.info('websocket', { routeKey, connectionId, tenant: caller.tenant, userId: caller.userId });
    await socketConnectionsRepository.putConnection(caller.tenant, {
      connectionId,
      userId: caller.userId,
      adminMode: identity.adminMode === 'true',
      connectedAt: caller.connectedAt,
    });
    await presenceChanged(caller.tenant, caller.userId, 'connected');
    return { statusCode: 200 };
  }
  if (routeKey === '$disconnect') {
    logger.info('websocket', { routeKey, connectionId, tenant: caller.tenant, userId: caller.userId });
    const topics = await socketConnectionsRepository.removeConnection(caller.tenant, connectionId);
    for (const topic of topics) {
      if (topic.kind === 'lesson') await broadcastRoom(caller.tenant, topic.topicId);
      if (topic.kind === 'meetingRoom') await recordLeaveIfGone(caller.tenant, caller.userId, topic.topicId);
    }
    await presenceChanged(caller.tenant, caller.userId, 'disconnected');
    return { statusCode: 200 };
  }
  await act(caller, event.body);
  return { statusCode: 200 };
}

async function act(caller: SocketCaller, body: string | undefined): Promise<unknown> {
  let frame: unknown;
  try {
    frame = JSON.parse(body ?? '');
  } catch {
    return reply(caller, {
      action: 'error',
      status: 400,
      message: 'A frame must be a JSON object with an action',
    });
  }
  const parsed = clientActionSchema.safeParse(frame);
  const request = actionOf(frame);
  if (!parsed.success) {
    if (request !== undefined && !isKnownAction(request)) {
      return reply(caller, { action: 'error', status: 400, request, message: `Unknown action: ${request}` });
    }
    const error = badInput(parsed.error);
    const errors = error.details?.errors;
    return reply(caller, {
      action: 'error',
      status: 400,
      ...(request === undefined ? {} : { request }),
      message: error.message,
      ...(Array.isArray(errors) ? { errors } : {}),
    });
  }
  const action = parsed.data;
  try {
    await dispatch(caller, action);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      return reply(caller, {
        action: 'error',
        status: error.statusCode,
        request: action.action,
        message: error.message,
      });
    }
    logger.error('websocket action failed', { action: action.action, error });
    return reply(caller, {
      action: 'error',
      status: 500,
      request: action.action,
      message: 'Something went wrong',
    });
  }
}

function reply(caller: SocketCaller, message: ServerMessageOf<'error'>): Promise<Delivery> {
  return sendToConnections(caller.tenant, [caller.connectionId], message);
}

function actionOf(frame: unknown): string | undefined {
  if (typeof frame === 'object' && frame !== null && 'action' in frame && typeof frame.action === 'string')
    return frame.action;
  return undefined;
}

function isKnownAction(name: string): boolean {
  return clientActionNames.some((known) => known === name);
}
