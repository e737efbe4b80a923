import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerEntry } from '../../functions/registry';
import { externalModulesFor, lambdaBundling } from './bundling';
import type { Secrets } from './secrets';

/** What a resource's Lambda needs beyond the table, the bus and the token key: least privilege by declaration. */
type Capability = 'mail' | 'oauthClients';
const extraCapabilities: Record<string, Capability[]> = { auth: ['mail', 'oauthClients'] };

export interface FunctionSettings {
  stage: string;
  table: ITable;
  bus: IEventBus;
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
    const { table, bus, secrets, environment, stage } = this.settings;
    const fn = new NodejsFunction(this, pascal(resource), {
      entry: handlerEntry(resource),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(29),
      bundling: { ...lambdaBundling, externalModules: externalModulesFor(resource) },
      logGroup: new LogGroup(this, `${pascal(resource)}Logs`, {
        retention: stage === 'production' ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
        removalPolicy: stage === 'production' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      }),
      environment: {
        ...environment,
        TOKEN_SECRET_PARAMETER: secrets.tokenSecret.parameterName,
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    table.grantReadWriteData(fn);
    bus.grantPutEventsTo(fn);
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

function pascal(name: string): string {
  return name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
}
