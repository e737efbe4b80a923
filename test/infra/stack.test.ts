import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDefinition } from '../../functions/table/definition';
import { EVENT_FORWARDER } from '../../infra/cloud/events';
import { eventRules } from '../../shared/events/catalogue';
import { clientActionNames } from '../../shared/realtime/socket-events';
import { resources, routes } from '../../shared/routes/catalogue';
import { SITEMAP_FUNCTION_TIMEOUT_SECONDS } from '../../shared/rules/sitemap-generation';
import { type DeployedTemplate, resolveParameters, resourcesOfType, synthStack, templatesOf } from './synth';

/** The stack's template, then each nested stack's (a resource's Lambda and routes). */
function synth(stage: string): DeployedTemplate[] {
  return templatesOf(
    synthStack(`Test-${stage}`, {
      props: {
        stage,
        tenantOrigins: ['https://tenant.example', 'https://learn.academy.example:443'],
        // production serves the tenants' own domains; dev only its *.cloudfront.net address
        ...(stage === 'production'
          ? {
              siteCertificateArn:
                'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
            }
          : {}),
      },
    }),
  );
}

/** Every template of the dev stage; `dev` and `production` are the parent stacks' own. */
let devTemplates: DeployedTemplate[];
let dev: Template;
let production: Template;

beforeAll(() => {
  devTemplates = synth('dev');
  dev = devTemplates[0]!.template;
  production = synth('production')[0]!.template;
});

/** Our functions, in whichever template holds them, with their properties' parameters resolved. */
const ourFunctions = () =>
  resourcesOfType(devTemplates, 'AWS::Lambda::Function')
    .filter(({ resource }) => resource.Properties.Runtime === 'nodejs22.x')
    .map(({ id, resource, deployed }) => ({
      id,
      Properties: resolveParameters(resource.Properties, deployed.parameters),
    }));
/** Every function of ours but the event forwarder, which serves no request and holds no token. */
const resourceFunctions = () => ourFunctions().filter(({ id }) => !id.startsWith('EventForwarder'));
/** Every IAM policy, with its parameters resolved. */
const policies = () =>
  resourcesOfType(devTemplates, 'AWS::IAM::Policy').map(({ id, resource, deployed }) => {
    const statements: Array<Record<string, unknown>> = resolveParameters(
      resource.Properties,
      deployed.parameters,
    ).PolicyDocument.Statement;
    return { id, statements };
  });

describe('HTTP API', () => {
  it('has one route per declared route, exactly', () => {
    const routeKeys = resourcesOfType(devTemplates, 'AWS::ApiGatewayV2::Route')
      .map(({ resource }) => (resource.Properties as { RouteKey: string }).RouteKey)
      .filter((key) => !key.startsWith('$') && !clientActionNames.some((action) => action === key));
    expect(routeKeys.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("puts each resource's routes in a nested stack of its own, with its Lambda, one integration and one permission", () => {
    const nested = devTemplates.slice(1);
    expect(nested).toHaveLength(resources.length);
    const declared = resources.map((resource) =>
      routes
        .filter((r) => r.resource === resource)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    const inNested = nested.map(({ template }) =>
      Object.values(template.findResources('AWS::ApiGatewayV2::Route'))
        .map((r) => (r.Properties as { RouteKey: string }).RouteKey)
        .sort(),
    );
    expect(inNested.sort()).toEqual(declared.sort());
    const apiId = Object.keys(
      dev.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }),
    )[0];
    for (const { path, template, parameters } of nested) {
      const [fnId, ...others] = Object.keys(template.findResources('AWS::Lambda::Function'));
      expect(others, path).toEqual([]);
      const [integration, ...moreIntegrations] = Object.values(
        template.findResources('AWS::ApiGatewayV2::Integration'),
      );
      expect(moreIntegrations, path).toEqual([]);
      expect(integration!.Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
      expect(resolveParameters(integration!.Properties.ApiId, parameters)).toEqual({ Ref: apiId });
      // One invoke permission for the function, on this API's execute-api ARN (any stage, method, path).
      const permissions = Object.values(template.findResources('AWS::Lambda::Permission'));
      expect(permissions, path).toHaveLength(1);
      expect(permissions[0]!.Properties.FunctionName).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
      expect(JSON.stringify(resolveParameters(permissions[0]!.Properties.SourceArn, parameters))).toContain(
        `{"Ref":"${apiId}"},"/*/*/*"`,
      );
    }
  });

  it('allows the SPA and tenant origins in the CORS preflight', () => {
    dev.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.objectLike({
        AllowOrigins: Match.arrayWith(['https://tenant.example']),
        AllowHeaders: Match.arrayWith(['authorization', 'x-user-id']),
      }),
    });
  });
});

describe('Lambdas', () => {
  it('are one per resource, the realtime handler, each event target and the event forwarder, on arm64 and Node 22', () => {
    const expected = new Set([...resources, 'realtime', ...eventRules.map((r) => r.target), EVENT_FORWARDER]);
    const functions = ourFunctions();
    expect(functions).toHaveLength(expected.size);
    for (const fn of functions) expect(fn.Properties.Architectures).toEqual(['arm64']);
  });

  it('stop at 29 s like API Gateway, except the sitemap function, whose generations run from the bus', () => {
    const timeouts = new Map(ourFunctions().map(({ id, Properties }) => [id, Properties.Timeout] as const));
    const sitemap = [...timeouts.keys()].filter((id) => /^Sitemap[0-9A-F]{8}$/.test(id));
    expect(sitemap).toHaveLength(1);
    expect(timeouts.get(sitemap[0]!)).toBe(SITEMAP_FUNCTION_TIMEOUT_SECONDS);
    for (const [id, timeout] of timeouts) if (id !== sitemap[0]) expect(timeout, id).toBe(29);
  });

  it('read the token key from SSM by name and never carry a secret value', () => {
    for (const { template } of devTemplates) {
      expect(JSON.stringify(template.toJSON())).not.toContain('local-dev-signing-key');
    }
    for (const fn of resourceFunctions()) {
      const env = fn.Properties.Environment.Variables;
      expect(env.TOKEN_SECRET_PARAMETER).toBe('/learning-platform/dev/token-secret');
      expect(env.TOKEN_SECRET).toBeUndefined();
    }
  });

  it("know the HTTP API's own endpoint, for links that open on it (the calendar feed)", () => {
    const apiId = Object.keys(
      dev.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }),
    )[0];
    for (const fn of resourceFunctions()) {
      expect(fn.Properties.Environment.Variables.API_URL).toEqual({ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] });
    }
  });

  it('grant DynamoDB actions only on the table, its indexes and its stream', () => {
    const tableId = Object.keys(dev.findResources('AWS::DynamoDB::Table'))[0]!;
    for (const { id: policyId, statements } of policies()) {
      for (const statement of statements) {
        const actions = [statement.Action].flat() as string[];
        if (!actions.some((a) => a.startsWith('dynamodb:'))) continue;
        // ListStreams has no resource to name (IAM takes only "*"); the forwarder's event source needs it.
        if (actions.join() === 'dynamodb:ListStreams') {
          expect(policyId).toMatch(/^EventForwarder/);
          continue;
        }
        const resourcesOf = [statement.Resource].flat();
        expect(resourcesOf).not.toContain('*');
        expect(JSON.stringify(resourcesOf)).toContain(`"${tableId}"`);
      }
    }
  });

  it('lets only the password-reset, trial, invoice and notification mail functions send e-mail', () => {
    const sesPolicies = policies().filter(({ statements }) =>
      JSON.stringify(statements).includes('ses:SendEmail'),
    );
    const ids = sesPolicies.map(({ id }) => id.replace(/ServiceRoleDefaultPolicy.*$/, ''));
    expect(ids).toHaveLength(4);
    expect(ids).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Notifications$/),
        expect.stringMatching(/Invoices$/),
        expect.stringMatching(/PasswordResetMail$/),
        expect.stringMatching(/TrialMail$/),
      ]),
    );
  });

  it('lets only the realtime, meetings and notifications functions post to WebSocket connections', () => {
    const pushers = policies().filter(({ statements }) =>
      JSON.stringify(statements).includes('execute-api:ManageConnections'),
    );
    const ids = pushers.map(({ id }) => id.replace(/ServiceRoleDefaultPolicy.*$/, ''));
    expect(ids).toHaveLength(3);
    expect(ids).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Realtime$/),
        expect.stringMatching(/Meetings$/),
        expect.stringMatching(/Notifications$/),
      ]),
    );
  });

  it("lets only the notifications function read the schools' FCM service accounts, and no other parameter", () => {
    const fcmPolicies = policies().filter(({ statements }) => JSON.stringify(statements).includes('/fcm'));
    const ids = fcmPolicies.map(({ id }) => id.replace(/ServiceRoleDefaultPolicy.*$/, ''));
    expect(ids).toEqual([expect.stringMatching(/Notifications$/)]);
    expect(JSON.stringify(fcmPolicies[0]!.statements)).toContain(
      ':parameter/learning-platform/dev/tenants/*/fcm',
    );
  });

  it("lets only the Stripe webhook, payment and invoice functions read the schools' Stripe settings, and no other parameter", () => {
    const ssmPolicies = policies().filter(({ statements }) =>
      JSON.stringify(statements).includes('/tenants/*/stripe'),
    );
    const ids = ssmPolicies.map(({ id }) => id.replace(/ServiceRoleDefaultPolicy.*$/, ''));
    expect(ids).toHaveLength(3);
    expect(ids).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Invoices$/),
        expect.stringMatching(/Payments$/),
        expect.stringMatching(/StripeWebhooks$/),
      ]),
    );
    for (const { statements } of ssmPolicies) {
      expect(JSON.stringify(statements)).toContain(':parameter/learning-platform/dev/tenants/*/stripe');
    }
  });
});

describe('table', () => {
  it('matches the shared table definition, on demand, with point-in-time recovery and TTL', () => {
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
      ],
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: tableDefinition.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
    });
  });

  it('is retained and deletion-protected in production only', () => {
    production.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    const devTable = Object.values(dev.findResources('AWS::DynamoDB::Table'))[0]!;
    expect((devTable.Properties as { DeletionProtectionEnabled?: boolean }).DeletionProtectionEnabled).toBe(
      false,
    );
  });
});

describe('events', () => {
  it('has a rule for every entry of the event catalogue', () => {
    for (const rule of eventRules) {
      if (rule.kind === 'pattern') {
        dev.hasResourceProperties('AWS::Events::Rule', {
          EventPattern: { source: ['learning-platform'], 'detail-type': rule.detailTypes },
          EventBusName: Match.anyValue(),
        });
      } else {
        dev.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: rule.schedule });
      }
    }
    dev.resourceCountIs('AWS::Events::EventBus', 1);
  });

  it("gives each schedule's tick its rule's name, so a function with two schedules runs the right job", () => {
    const scheduled = Object.values(dev.findResources('AWS::Events::Rule'))
      .map((rule) => rule.Properties as { ScheduleExpression?: string; Targets: Array<Record<string, any>> })
      .filter((rule) => rule.ScheduleExpression !== undefined);
    const ticks = scheduled.map((rule) => {
      const transformer = rule.Targets[0]!.InputTransformer;
      // The template with each path variable as its name, so it reads as JSON.
      const tick = JSON.parse(
        String(transformer.InputTemplate).replace(/<([\w.-]+)>/g, (_, name: string) =>
          transformer.InputPathsMap?.[name] ? `"${name}"` : `<${name}>`,
        ),
      );
      expect(tick).toMatchObject({ 'detail-type': 'detail-type', time: 'time' });
      expect(tick.resources).toEqual(['<aws.events.rule-arn>']);
      return { schedule: rule.ScheduleExpression, detail: tick.detail };
    });
    const declared = eventRules.flatMap((rule) =>
      rule.kind === 'schedule' ? [{ schedule: rule.schedule, detail: { schedule: rule.name } }] : [],
    );
    const order = (a: { detail: { schedule: string } }, b: { detail: { schedule: string } }) =>
      a.detail.schedule.localeCompare(b.detail.schedule);
    expect(ticks.sort(order)).toEqual(declared.sort(order));
  });
});

describe('event outbox', () => {
  const forwarderPolicy = () => {
    const [policy] = Object.entries(dev.findResources('AWS::IAM::Policy')).filter(([id]) =>
      id.startsWith('EventForwarder'),
    );
    return (policy![1].Properties as { PolicyDocument: { Statement: Array<Record<string, unknown>> } })
      .PolicyDocument.Statement;
  };
  const deadLetterQueueId = () =>
    Object.keys(dev.findResources('AWS::SQS::Queue')).find((id) => id.startsWith('EventDeadLetters'))!;
  const tableId = () => Object.keys(dev.findResources('AWS::DynamoDB::Table'))[0]!;

  it('gives the table a stream of new images', () => {
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: tableDefinition.stream.viewType },
    });
    expect(tableDefinition.stream.viewType).toBe('NEW_IMAGE');
  });

  it('forwards only the INSERTs of outbox items from the stream, retrying a refused one, then dead-lettering', () => {
    const mappings = Object.values(dev.findResources('AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]!.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
      FunctionName: { Ref: expect.stringMatching(/^EventForwarder[0-9A-F]{8}$/) },
      StartingPosition: 'TRIM_HORIZON',
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(tableDefinition.stream.deliver) }] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadLetterQueueId(), 'Arn'] } } },
    });
    expect(JSON.parse(JSON.stringify(tableDefinition.stream.deliver))).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { entity: { S: ['outboxEvent'] } } },
    });
  });

  it('lets the forwarder read the stream, put events on the bus and dead-letter, and send its traces, nothing else', () => {
    const granted = forwarderPolicy().flatMap((statement) =>
      ([statement.Action].flat() as string[]).map((action) => ({ action, resource: statement.Resource })),
    );
    const streamArn = { 'Fn::GetAtt': [tableId(), 'StreamArn'] };
    const queueArn = { 'Fn::GetAtt': [deadLetterQueueId(), 'Arn'] };
    const busId = Object.keys(dev.findResources('AWS::Events::EventBus'))[0]!;
    expect(granted).toEqual(
      expect.arrayContaining([
        { action: 'dynamodb:ListStreams', resource: '*' },
        { action: 'dynamodb:DescribeStream', resource: streamArn },
        { action: 'dynamodb:GetRecords', resource: streamArn },
        { action: 'dynamodb:GetShardIterator', resource: streamArn },
        { action: 'events:PutEvents', resource: { 'Fn::GetAtt': [busId, 'Arn'] } },
        { action: 'sqs:SendMessage', resource: queueArn },
      ]),
    );
    for (const { action, resource } of granted) {
      expect(action).toMatch(
        /^(dynamodb:(ListStreams|DescribeStream|GetRecords|GetShardIterator)|events:PutEvents|sqs:(SendMessage|GetQueueAttributes|GetQueueUrl)|xray:(PutTraceSegments|PutTelemetryRecords))$/,
      );
      if (action.startsWith('sqs:')) expect(resource).toEqual(queueArn);
      // X-Ray's actions take no resource but *: active tracing writes only the function's own segments.
      if (action.startsWith('xray:')) expect(resource).toBe('*');
    }
    const [forwarder] = Object.entries(dev.findResources('AWS::Lambda::Function')).filter(([id]) =>
      id.startsWith('EventForwarder'),
    );
    const env = (forwarder![1].Properties as { Environment: { Variables: Record<string, unknown> } })
      .Environment.Variables;
    expect(Object.keys(env).sort()).toEqual([
      'EVENT_BUS_NAME',
      'LOG_LEVEL',
      'NODE_OPTIONS',
      'POWERTOOLS_LOGGER_SAMPLE_RATE',
      'STAGE',
    ]);
  });

  it("sends a consumer's failures, after Lambda's retries, to the dead-letter queue like the bus's own", () => {
    const queueArn = { 'Fn::GetAtt': [deadLetterQueueId(), 'Arn'] };
    const configs = resourcesOfType(devTemplates, 'AWS::Lambda::EventInvokeConfig').map(
      ({ resource, deployed }) => resolveParameters(resource.Properties, deployed.parameters),
    );
    const targets = new Set(eventRules.map((rule) => rule.target));
    expect(configs).toHaveLength(targets.size);
    for (const config of configs) {
      expect(config).toMatchObject({
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 7200,
        DestinationConfig: { OnFailure: { Destination: queueArn } },
      });
    }
    for (const rule of Object.values(dev.findResources('AWS::Events::Rule'))) {
      for (const target of (rule.Properties as { Targets: Array<Record<string, unknown>> }).Targets) {
        expect(target.DeadLetterConfig).toEqual({ Arn: queueArn });
      }
    }
  });
});

describe('WebSocket API', () => {
  it('routes $connect, $disconnect, $default and every action of the socket protocol with a live stage', () => {
    dev.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'WEBSOCKET',
      RouteSelectionExpression: '$request.body.action',
    });
    for (const key of ['$connect', '$disconnect', '$default', ...clientActionNames]) {
      dev.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key });
    }
    dev.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'live', AutoDeploy: true });
  });
});

describe('WebSocket handshake and throttling', () => {
  const synthWithContext = (context: Record<string, unknown>) =>
    Template.fromStack(synthStack('Test-ws', { context }));

  it('checks $connect with the realtime Lambda as a REQUEST authorizer on the token query parameter', () => {
    const authorizers = Object.values(dev.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(authorizers).toHaveLength(1);
    expect(authorizers[0]!.Properties).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: ['route.request.querystring.token'],
    });
    expect(JSON.stringify(authorizers[0]!.Properties.AuthorizerUri)).toMatch(/FunctionsRealtime[0-9A-F]{8}/);
    dev.hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: '$connect',
      AuthorizationType: 'CUSTOM',
      AuthorizerId: Match.anyValue(),
    });
  });

  it('throttles the live stage at 50 messages a second with bursts of 100 by default', () => {
    dev.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });

  it('takes the stage throttling from CDK context, and refuses a setting that is not a positive number', () => {
    // `cdk deploy -c webSocketThrottleRate=5` hands the context over as text.
    synthWithContext({ webSocketThrottleRate: '5', webSocketThrottleBurst: 10 }).hasResourceProperties(
      'AWS::ApiGatewayV2::Stage',
      { StageName: 'live', DefaultRouteSettings: { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 } },
    );
    expect(() => synthWithContext({ webSocketThrottleRate: 'fast' })).toThrow(/webSocketThrottleRate/);
    expect(() => synthWithContext({ webSocketThrottleBurst: 2.5 })).toThrow(/webSocketThrottleBurst/);
  });
});

describe('website', () => {
  it('keeps the bucket private behind CloudFront origin access control', () => {
    dev.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    dev.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    // The SPA's and the uploads' origins: every one of them behind the one origin access control.
    const distribution = Object.values(dev.findResources('AWS::CloudFront::Distribution'))[0]!;
    const origins = (
      distribution.Properties as { DistributionConfig: { Origins: Array<Record<string, unknown>> } }
    ).DistributionConfig.Origins;
    expect(origins).toHaveLength(2);
    for (const origin of origins) expect(origin.OriginAccessControlId).toBeDefined();
  });

  it('sends security headers and serves the SPA with a fallback under /learning-portal/', () => {
    dev.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({
            AccessControlMaxAgeSec: 63072000,
            IncludeSubdomains: true,
          }),
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
    const fn = Object.values(dev.findResources('AWS::CloudFront::Function'))[0]!;
    const code = (fn.Properties as { FunctionCode: string }).FunctionCode;
    expect(code).toContain("request.uri = '/learning-portal/index.html'");
  });
});

describe('uploads', () => {
  const uploadsBucket = (template: Template) =>
    Object.entries(template.findResources('AWS::S3::Bucket')).find(([id]) => id.startsWith('UploadsBucket'))!;

  it('is a private, encrypted bucket taking PUTs only from the SPA and tenant origins', () => {
    const [, bucket] = uploadsBucket(dev);
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: {
        Rules: [expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } })],
      },
    });
    const [rule] = (bucket.Properties as { CorsConfiguration: { CorsRules: Array<Record<string, unknown>> } })
      .CorsConfiguration.CorsRules;
    expect(rule!.AllowedMethods).toEqual(['PUT']);
    expect(JSON.stringify(rule!.AllowedOrigins)).toMatch(/"Distribution[0-9A-F]+","DomainName"/);
    expect(rule!.AllowedOrigins).toContain('https://tenant.example');
    production.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ CorsConfiguration: Match.anyValue() }),
    });
  });

  it('grants S3 object actions to the uploads function only, on the uploads prefix of that bucket', () => {
    const [bucketId] = uploadsBucket(dev);
    const s3Statements = policies().flatMap(({ id: policyId, statements }) =>
      statements
        .filter((statement) => ([statement.Action].flat() as string[]).some((a) => a.startsWith('s3:')))
        .map((statement) => ({ policyId, statement })),
    );
    const ours = s3Statements.filter(({ policyId }) => policyId.startsWith('UploadsServiceRole'));
    expect(ours).toHaveLength(1);
    expect([ours[0]!.statement.Action].flat().sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    expect(JSON.stringify(ours[0]!.statement.Resource)).toContain(bucketId);
    expect(JSON.stringify(ours[0]!.statement.Resource)).toContain('/uploads/*');
    // No other function of ours touches that bucket.
    for (const { policyId, statement } of s3Statements) {
      if (policyId.startsWith('UploadsServiceRole')) continue;
      expect(JSON.stringify(statement.Resource)).not.toContain(bucketId);
    }
    const uploadsFunction = ourFunctions().find((fn) =>
      JSON.stringify(fn.Properties).includes('"FILE_STORAGE_ADAPTER":"s3"'),
    );
    expect(uploadsFunction).toBeDefined();
    expect(
      ourFunctions().filter((fn) => JSON.stringify(fn.Properties).includes('UPLOADS_BUCKET')),
    ).toHaveLength(1);
  });

  it('serves files through CloudFront at /uploads/* with origin access control, readable only by it', () => {
    dev.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [Match.objectLike({ PathPattern: '/uploads/*', AllowedMethods: ['GET', 'HEAD'] })],
      }),
    });
    const [bucketId] = uploadsBucket(dev);
    const policies = Object.values(dev.findResources('AWS::S3::BucketPolicy')).filter((policy) =>
      JSON.stringify(policy.Properties.Bucket).includes(bucketId),
    );
    const statements = policies.flatMap(
      (policy) =>
        (policy.Properties as { PolicyDocument: { Statement: Array<Record<string, unknown>> } })
          .PolicyDocument.Statement,
    );
    const reads = statements.filter((s) => JSON.stringify(s.Principal).includes('cloudfront.amazonaws.com'));
    expect(reads).toHaveLength(1);
    expect(reads[0]!.Action).toBe('s3:GetObject');
    expect(JSON.stringify(reads[0]!.Condition)).toContain('AWS:SourceArn');
  });
});

describe('site domains', () => {
  it("serves the tenants' own domains with their certificate when one is given, and only then", () => {
    const [distribution] = Object.values(production.findResources('AWS::CloudFront::Distribution'));
    const config = (distribution!.Properties as { DistributionConfig: Record<string, any> })
      .DistributionConfig;
    expect(config.Aliases).toEqual(['tenant.example', 'learn.academy.example']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: expect.stringContaining(':certificate/'),
      SslSupportMethod: 'sni-only',
    });
    const [devDistribution] = Object.values(dev.findResources('AWS::CloudFront::Distribution'));
    expect(
      (devDistribution!.Properties as { DistributionConfig: Record<string, unknown> }).DistributionConfig
        .Aliases,
    ).toBeUndefined();
  });
});
