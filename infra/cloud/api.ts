import {
  CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import type { RouteDef } from '../../shared/routes/define';
import { positiveContext } from './context';
import type { ResourceFunctions } from './functions';

/** Requests a second across the stage, and the routes marked `throttle: 'strict'` each (sign-in, trials). */
const DEFAULT_THROTTLE = { rate: 200, burst: 400 };
const STRICT_THROTTLE = { rate: 20, burst: 40 };

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
  throttleDefaultStage(scope, api, functions, routes);
  return api;
}

/**
 * Throttling on the default stage, from deploy context (`httpThrottleRate` and `httpThrottleBurst` for the
 * stage, `httpStrictThrottleRate` and `httpStrictThrottleBurst` for each strict route): one client's flood
 * must not spend the account's API Gateway quota, and a password-guessing script meets a 429 from API
 * Gateway before it costs a Lambda. The strict routes' settings name routes in the resources' nested
 * stacks, so the stage waits for those stacks.
 */
function throttleDefaultStage(
  scope: Construct,
  api: HttpApi,
  functions: ResourceFunctions,
  routes: readonly RouteDef[],
): void {
  const stage = api.defaultStage?.node.defaultChild;
  if (!(stage instanceof CfnStage)) throw new Error('The HTTP API has no default stage to throttle');
  stage.defaultRouteSettings = {
    throttlingRateLimit: positiveContext(scope, 'httpThrottleRate', DEFAULT_THROTTLE.rate),
    throttlingBurstLimit: positiveContext(scope, 'httpThrottleBurst', DEFAULT_THROTTLE.burst, 'integer'),
  };
  const strict = routes.filter((route) => route.throttle === 'strict');
  // RouteSettings is untyped JSON in the L1 construct: CloudFormation's own property names.
  const strictSettings = {
    ThrottlingRateLimit: positiveContext(scope, 'httpStrictThrottleRate', STRICT_THROTTLE.rate),
    ThrottlingBurstLimit: positiveContext(scope, 'httpStrictThrottleBurst', STRICT_THROTTLE.burst, 'integer'),
  };
  stage.routeSettings = Object.fromEntries(
    strict.map((route) => [`${route.method} ${route.path}`, strictSettings]),
  );
  for (const resource of new Set(strict.map((route) => route.resource))) {
    stage.node.addDependency(functions.home(resource));
  }
}
