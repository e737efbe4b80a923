import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { handshakeParameters } from '../../functions/realtime/handshake';
import { clientActionNames } from '../../shared/realtime/socket-events';
import { positiveContext } from './context';
import type { ResourceFunctions } from './functions';

export const REALTIME_RESOURCE = 'realtime';

/** Per second across the stage; one client's flood must not spend the account's API Gateway quota. */
const DEFAULT_THROTTLE = { rate: 50, burst: 100 };

/**
 * The WebSocket API (chat, waiting room) and its `live` stage. The realtime Lambda serves every route
 * ($connect, $disconnect, $default and each declared action), authorizes $connect (functions/realtime/authorize.ts says why an authorizer) and may post to
 * connections. Throttling comes from the CDK context `webSocketThrottleRate` and `webSocketThrottleBurst`.
 */
export function createWebSocketApi(scope: Construct, functions: ResourceFunctions) {
  const handler = functions.get(REALTIME_RESOURCE);
  const integration = (id: string) => new WebSocketLambdaIntegration(id, handler);
  const authorizer = new WebSocketLambdaAuthorizer('ConnectAuthorizer', handler, {
    // API Gateway itself refuses (401) a handshake without a token, before any Lambda runs.
    identitySource: [`route.request.querystring.${handshakeParameters.token}`],
  });
  const api = new WebSocketApi(scope, 'WebSocketApi', {
    routeSelectionExpression: '$request.body.action',
    connectRouteOptions: { integration: integration('connect'), authorizer },
    disconnectRouteOptions: { integration: integration('disconnect') },
    defaultRouteOptions: { integration: integration('default') },
  });
  // One route per action of the protocol (shared/realtime/socket-events.ts): each gets its own metrics and
  // throttling; a frame with another action still reaches the handler by $default, which answers it.
  for (const action of clientActionNames) api.addRoute(action, { integration: integration(action) });
  const stage = new WebSocketStage(scope, 'WebSocketStage', {
    webSocketApi: api,
    stageName: 'live',
    autoDeploy: true,
    throttle: {
      rateLimit: positiveContext(scope, 'webSocketThrottleRate', DEFAULT_THROTTLE.rate),
      burstLimit: positiveContext(scope, 'webSocketThrottleBurst', DEFAULT_THROTTLE.burst, 'integer'),
    },
  });
  stage.grantManagementApiAccess(handler);
  return { api, stage };
}
