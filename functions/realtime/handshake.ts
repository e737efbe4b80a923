import type { APIGatewayEventWebsocketRequestContextV2 } from 'aws-lambda';
import * as z from 'zod';

/**
 * The query-string parameters of the WebSocket handshake (spec 000 section 4: "Sockets connect with a
 * token, an adminMode flag and a userId"). Browsers cannot set headers on a WebSocket, hence the query.
 */
export const handshakeParameters = {
  /** The bearer token the HTTP API accepts; the CDK authorizer's identity source names it too. */
  token: 'token',
  /** As the HTTP API's x-user-id header: the token's own user. */
  userId: 'userId',
  /** `true` for the back-office chat; `false` or absent for a user's own chat. */
  adminMode: 'adminMode',
} as const;

type Headers = Record<string, string | undefined>;

/** The request context of every WebSocket event, with what the cloud and the local gateway add to it. */
export type RealtimeRequestContext = APIGatewayEventWebsocketRequestContextV2 & {
  identity?: { sourceIp?: string; userAgent?: string };
  /** The $connect authorizer's context (and principalId): API Gateway adds it to every event of the connection. */
  authorizer?: Record<string, unknown> | null;
};

/** What API Gateway sends a WebSocket API's REQUEST authorizer on $connect. */
export interface ConnectAuthorizerEvent {
  type: 'REQUEST';
  methodArn: string;
  headers?: Headers | null;
  queryStringParameters?: Headers | null;
  requestContext: RealtimeRequestContext;
}

/** A $connect, message or $disconnect event of the WebSocket API. */
export interface RealtimeEvent {
  requestContext: RealtimeRequestContext;
  headers?: Headers;
  queryStringParameters?: Headers;
  body?: string;
  isBase64Encoded: boolean;
}

export function isConnectAuthorizerEvent(
  event: RealtimeEvent | ConnectAuthorizerEvent,
): event is ConnectAuthorizerEvent {
  return 'type' in event && event.type === 'REQUEST';
}

/**
 * Who holds a connection: the authorizer's context. Only strings, so that nothing depends on how API
 * Gateway passes a context's numbers and booleans on to later events.
 */
export const connectionIdentitySchema = z.object({
  tenant: z.string().min(1),
  userId: z.string().min(1),
  adminMode: z.enum(['true', 'false']),
});
export type ConnectionIdentity = z.infer<typeof connectionIdentitySchema>;

/** The connection's identity, or undefined when no authorizer vouched for it. */
export function connectionIdentity(event: RealtimeEvent): ConnectionIdentity | undefined {
  const parsed = connectionIdentitySchema.safeParse(event.requestContext.authorizer ?? undefined);
  return parsed.success ? parsed.data : undefined;
}
