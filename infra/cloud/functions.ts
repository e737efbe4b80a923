import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerEntry } from '../../functions/registry';
import { SITEMAP_FUNCTION_TIMEOUT_SECONDS } from '../../shared/rules/sitemap-generation';
import { externalModulesFor, lambdaBundling } from './bundling';
import type { Secrets } from './secrets';

/** What a resource's Lambda needs beyond the table and the token key: least privilege by declaration. */
type Capability = 'mail' | 'oauthClients';
const extraCapabilities: Record<string, Capability[]> = {
  auth: ['oauthClients'],
  'password-reset-mail': ['mail'],
  'trial-mail': ['mail'],
};

/**
 * Every function stops at 29 s, API Gateway's own limit for an HTTP integration, unless its long work runs
 * from the bus: the sitemap function's HTTP routes only record and queue (API Gateway still cuts them at
 * 29 s), and each tenant's generation runs in its own bus-driven invocation.
 */
const DEFAULT_TIMEOUT = Duration.seconds(29);
const longerTimeouts: Record<string, Duration> = {
  sitemap: Duration.seconds(SITEMAP_FUNCTION_TIMEOUT_SECONDS),
};

export interface FunctionSettings {
  stage: string;
  table: ITable;
  secrets: Secrets;
  environment: Record<string, string>;
}

/** One Lambda per resource, all built the same way (arm64, Node 22, ESM bundle) with least-privilege grants. */
export class ResourceFunctions extends Construct {
  private readonly functions = new Map<string, NodejsFunction>();

  constructor(
    scope: Construct,
    id: string,
    private readonly settings: FunctionSettings,
  ) {
    super(scope, id);
  }

  get(resource: string): NodejsFunction {
    const existing = this.functions.get(resource);
    if (existing) return existing;
    const { table, secrets, environment, stage } = this.settings;
    const fn = platformFunction(this, resource, stage, {
      ...environment,
      TOKEN_SECRET_PARAMETER: secrets.tokenSecret.parameterName,
    });
    // Events are written to the table (the outbox); only the event forwarder puts them on the bus.
    table.grantReadWriteData(fn);
    secrets.tokenSecret.grantRead(fn);
    for (const capability of extraCapabilities[resource] ?? []) {
      if (capability === 'oauthClients') {
        secrets.oauthClients.grantRead(fn);
        fn.addEnvironment('OAUTH_CLIENTS_PARAMETER', secrets.oauthClients.parameterName);
      }
      if (capability === 'mail') {
        const identities = Stack.of(this).formatArn({
          service: 'ses',
          resource: 'identity',
          resourceName: '*',
        });
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [identities] }),
        );
      }
    }
    this.functions.set(resource, fn);
    return fn;
  }

  all(): NodejsFunction[] {
    return [...this.functions.values()];
  }
}

/**
 * One function of the platform, built like all the others (arm64, Node 22, ESM bundle, its own log group),
 * with no grant: the caller gives it what it needs (ResourceFunctions: the table and the token key;
 * the event forwarder: the table's stream and the bus only).
 */
export function platformFunction(
  scope: Construct,
  resource: string,
  stage: string,
  environment: Record<string, string>,
): NodejsFunction {
  return new NodejsFunction(scope, pascal(resource), {
    entry: handlerEntry(resource),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: 1024,
    timeout: longerTimeouts[resource] ?? DEFAULT_TIMEOUT,
    bundling: { ...lambdaBundling, externalModules: externalModulesFor(resource) },
    logGroup: new LogGroup(scope, `${pascal(resource)}Logs`, {
      retention: stage === 'production' ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
      removalPolicy: stage === 'production' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    }),
    environment: { ...environment, NODE_OPTIONS: '--enable-source-maps' },
  });
}

function pascal(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
}
