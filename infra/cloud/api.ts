import { CorsHttpMethod, HttpApi, HttpMethod, HttpRoute, HttpRouteKey } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes/define';
import type { ResourceFunctions } from './functions';

/**
 * The HTTP API: one route per declared route, each integrated with its resource's Lambda. The API and its
 * stage are in the parent stack; a resource's routes, its one integration and its one invoke permission are
 * in the resource's nested stack (ResourceFunctions.home), so a route costs one resource there and none here.
 */
export function createHttpApi(
  scope: Construct,
  functions: ResourceFunctions,
  routes: readonly RouteDef[],
  webOrigins: string[],
): HttpApi {
  const api = new HttpApi(scope, 'HttpApi', {
    corsPreflight: {
      allowOrigins: webOrigins,
      allowMethods: [
        CorsHttpMethod.GET,
        CorsHttpMethod.POST,
        CorsHttpMethod.PUT,
        CorsHttpMethod.PATCH,
        CorsHttpMethod.DELETE,
      ],
      allowHeaders: ['authorization', 'content-type', 'x-user-id', 'x-tenant-key', 'x-correlation-id'],
      exposeHeaders: ['x-correlation-id'],
      allowCredentials: true,
    },
  });
  const integrations = new Map<string, HttpLambdaIntegration>();
  for (const route of routes) {
    let integration = integrations.get(route.resource);
    if (!integration) {
      // One integration and one invoke permission per function, not per route. The permission names this
      // API (any stage, method and path) rather than each route: a function answers only its own route
      // keys (anything else is a 404 from functions/lib/pipeline.ts), and a permission per route would
      // cost a resource per route again.
      integration = new HttpLambdaIntegration(
        `${route.resource}-integration`,
        functions.get(route.resource),
        { scopePermissionToRoute: false },
      );
      integrations.set(route.resource, integration);
    }
    new HttpRoute(functions.home(route.resource), `${route.method}${route.path}`, {
      httpApi: api,
      routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
      integration,
    });
  }
  return api;
}
