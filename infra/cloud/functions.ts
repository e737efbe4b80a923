import { Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerEntry } from '../../functions/registry';
import { SITEMAP_FUNCTION_TIMEOUT_SECONDS } from '../../shared/rules/sitemap-generation';
import { externalModulesFor, lambdaBundling } from './bundling';
import { positiveContext, shareContext } from './context';
import { meetingSettingsPrefix, type Secrets, stripeSettingsPrefix } from './secrets';

/** What a resource's Lambda needs beyond the table and the token key: least privilege by declaration. */
type Capability = 'mail' | 'oauthClients' | 'stripe' | 'meetingProviders' | 'push';
const extraCapabilities: Record<string, Capability[]> = {
  auth: ['oauthClients'],
  'password-reset-mail': ['mail'],
  'trial-mail': ['mail'],
  'stripe-webhooks': ['stripe'],
  // Pays an invoice through the school's Stripe account; mails invoices from the bus.
  invoices: ['mail', 'stripe'],
  // Makes the Checkout Sessions and portal links of plans, courses and top-ups.
  payments: ['stripe'],
  // Create, move and cancel lessons' Zoom and Teams meetings; the Zoom webhook checks its signature.
  meetings: ['meetingProviders'],
  'meeting-requests': ['meetingProviders'],
  'zoom-webhooks': ['meetingProviders'],
  // Notifications and reminders (issue 19): e-mails, and pushes through each school's FCM project.
  notifications: ['mail', 'push'],
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
  /** The resources that serve HTTP routes: each gets a nested stack of its own (`home`). */
  httpResources: ReadonlySet<string>;
}

/**
 * One Lambda per resource, all built the same way (arm64, Node 22, ESM bundle) with least-privilege grants.
 *
 * A resource with HTTP routes gets a nested stack of its own, holding its Lambda and its routes (`home`):
 * CloudFormation takes 500 resources per template, so a new route adds one to its resource's template and
 * none to the parent, and a new resource adds one (its nested stack) to the parent. The nested stack is
 * named after the resource, so its routes never move to another template (API Gateway refuses a route key
 * that another stack still holds).
 */
export class ResourceFunctions extends Construct {
  private readonly functions = new Map<string, NodejsFunction>();
  private readonly stacks = new Map<string, NestedStack>();

  constructor(
    scope: Construct,
    id: string,
    private readonly settings: FunctionSettings,
  ) {
    super(scope, id);
  }

  /**
   * Where a resource's Lambda is defined, and its HTTP routes with it: its nested stack, or this construct
   * (in the parent stack) for the functions without routes (the realtime handler, the event targets).
   */
  home(resource: string): Construct {
    if (!this.settings.httpResources.has(resource)) return this;
    const existing = this.stacks.get(resource);
    if (existing) return existing;
    const stack = new NestedStack(this, pascal(resource), {
      description: `${resource}: its Lambda and its HTTP routes`,
    });
    this.stacks.set(resource, stack);
    return stack;
  }

  get(resource: string): NodejsFunction {
    const existing = this.functions.get(resource);
    if (existing) return existing;
    const { table, secrets, environment, stage } = this.settings;
    const fn = platformFunction(this.home(resource), resource, stage, {
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
      if (capability === 'stripe') {
        // Each school's Stripe settings, and nothing else of Parameter Store.
        const prefix = stripeSettingsPrefix(stage);
        fn.addEnvironment('STRIPE_SETTINGS_PARAMETER_PREFIX', prefix);
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ssm:GetParameter'],
            resources: [Stack.of(fn).formatArn({ service: 'ssm', resource: `parameter${prefix}/*/stripe` })],
          }),
        );
      }
      if (capability === 'meetingProviders') {
        // Each school's Zoom and Teams credentials, and nothing else of Parameter Store.
        const prefix = meetingSettingsPrefix(stage);
        fn.addEnvironment('MEETINGS_ADAPTER', 'provider');
        fn.addEnvironment('MEETING_SETTINGS_PARAMETER_PREFIX', prefix);
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ssm:GetParameter'],
            resources: ['zoom', 'teams'].map((provider) =>
              Stack.of(fn).formatArn({ service: 'ssm', resource: `parameter${prefix}/*/${provider}` }),
            ),
          }),
        );
      }
      if (capability === 'push') {
        // Each school's Firebase service account (functions/lib/push.ts), and nothing else of Parameter Store.
        const prefix = stripeSettingsPrefix(stage);
        fn.addEnvironment('PUSH_ADAPTER', 'fcm');
        fn.addEnvironment('FCM_SETTINGS_PARAMETER_PREFIX', prefix);
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['ssm:GetParameter'],
            resources: [Stack.of(fn).formatArn({ service: 'ssm', resource: `parameter${prefix}/*/fcm` })],
          }),
        );
      }
      if (capability === 'mail') {
        const identities = Stack.of(fn).formatArn({
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

  /** Each resource's function with its resource's name. */
  entries(): Array<[string, NodejsFunction]> {
    return [...this.functions.entries()];
  }
}

/** The log groups' retention (`-c logRetentionDays=90`): one of CloudWatch's allowed periods, 30 by default. */
function logRetention(scope: Construct): RetentionDays {
  const days = positiveContext(scope, 'logRetentionDays', RetentionDays.ONE_MONTH, 'integer');
  const allowed = Object.values(RetentionDays).filter(
    (value): value is RetentionDays => typeof value === 'number',
  );
  const retention = allowed.find((value) => value === days);
  if (retention === undefined) {
    throw new Error(`CDK context logRetentionDays must be one of ${allowed.join(', ')}, not ${days}`);
  }
  return retention;
}

/**
 * One function of the platform, built like all the others (arm64, Node 22, ESM bundle, its own log group
 * kept `logRetentionDays`, active X-Ray tracing, `logDebugSampleRate` of invocations logged at DEBUG), with
 * no grant: the caller gives it what it needs (ResourceFunctions: the table and the token key; the event
 * forwarder: the table's stream and the bus only).
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
      retention: logRetention(scope),
      removalPolicy: stage === 'production' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    }),
    tracing: Tracing.ACTIVE,
    environment: {
      ...environment,
      NODE_OPTIONS: '--enable-source-maps',
      POWERTOOLS_LOGGER_SAMPLE_RATE: String(shareContext(scope, 'logDebugSampleRate', 0.01)),
    },
  });
}

/** A resource's construct id (its function's, and its nested stack's): `sub-topics` -> `SubTopics`. */
export function pascal(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
}
