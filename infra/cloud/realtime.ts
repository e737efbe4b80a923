import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import type { ResourceFunctions } from './functions';

export const REALTIME_RESOURCE = 'realtime';

/** The WebSocket API (chat, waiting room) and its `live` stage; the realtime Lambda may post to connections. */
export function createWebSocketApi(scope: Construct, functions: ResourceFunctions) {
  const handler = functions.get(REALTIME_RESOURCE);
  const integration = (id: string) => new WebSocketLambdaIntegration(id, handler);
  const api = new WebSocketApi(scope, 'WebSocketApi', {
    routeSelectionExpression: '$request.body.action',
    connectRouteOptions: { integration: integration('connect') },
    disconnectRouteOptions: { integration: integration('disconnect') },
    defaultRouteOptions: { integration: integration('default') },
  });
  const stage = new WebSocketStage(scope, 'WebSocketStage', {
    webSocketApi: api,
    stageName: 'live',
    autoDeploy: true,
  });
  stage.grantManagementApiAccess(handler);
  return { api, stage };
}
