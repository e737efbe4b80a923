import { CorsHttpMethod, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { routes } from '../../shared/routes/catalogue';
import type { ResourceFunctions } from './functions';

/** The HTTP API: one route per declared route, each integrated with its resource's Lambda. */
export function createHttpApi(scope: Construct, functions: ResourceFunctions, webOrigins: string[]): HttpApi {
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
      // One invoke permission per function (for this API), not one per route: with ~200 routes, per-route
      // permissions alone would take CloudFormation past its 500-resource limit for one stack.
      integration = new HttpLambdaIntegration(
        `${route.resource}-integration`,
        functions.get(route.resource),
        {
          scopePermissionToRoute: false,
        },
      );
      integrations.set(route.resource, integration);
    }
    api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
  }
  return api;
}
