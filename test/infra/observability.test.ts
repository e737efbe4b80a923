import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runbookEntries } from '../../infra/cloud/observability';
import { businessMetrics } from '../../shared/observability/metrics';
import { routes } from '../../shared/routes/catalogue';
import { type DeployedTemplate, synthStack, templatesOf } from './synth';

type Resource = { Type: string; Properties: Record<string, any> };

/** Every resource of a type across the stack's templates (the parent and each resource's nested stack). */
function resourcesOf(templates: DeployedTemplate[], type: string): Array<[string, Resource]> {
  return templates.flatMap(({ template }) =>
    Object.entries(template.findResources(type) as Record<string, Resource>),
  );
}

let templates: DeployedTemplate[];
let withContext: DeployedTemplate[];

// One synth per hook: each takes seconds of CPU.
beforeAll(() => {
  templates = templatesOf(synthStack('ObservabilityDefaults'));
  withContext = templatesOf(
    synthStack('ObservabilityContext', {
      context: {
        alarmEmails: 'ops@school.example, oncall@school.example',
        runbookUrl: 'https://git.example/platform/blob/main/README.md',
        logRetentionDays: '90',
        logDebugSampleRate: '0.05',
        httpThrottleRate: '50',
        httpThrottleBurst: '80',
        httpStrictThrottleRate: '2',
        httpStrictThrottleBurst: '4',
      },
    }),
  );
});

describe('alarms', () => {
  it('cover every failure mode of the runbook, each saying what it means and linking its entry', () => {
    const alarms = resourcesOf(withContext, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    for (const entry of Object.values(runbookEntries)) {
      const described = alarms.filter((alarm) =>
        String(alarm.AlarmDescription).endsWith(
          `Runbook: https://git.example/platform/blob/main/README.md#${entry}`,
        ),
      );
      expect(described.length, entry).toBeGreaterThan(0);
    }
    for (const alarm of alarms) {
      expect(alarm.AlarmDescription).toMatch(/^.{20,} Runbook: \S+#[a-z0-9-]+$/);
      expect(alarm.AlarmActions).toHaveLength(1);
      expect(alarm.OKActions).toEqual(alarm.AlarmActions);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
  });

  it("watch each Lambda's errors and throttles, beside the function", () => {
    for (const { template } of templates) {
      const functions = Object.keys(template.findResources('AWS::Lambda::Function')).filter(
        // CDK's own helper functions (the site deployment, log retention) are not the platform's.
        (id) => !/^(Custom|SingletonLambda|AWS679f53fac002430cb0da5b7982bd2287)/.test(id),
      );
      const alarms = Object.values(
        template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>,
      );
      for (const id of functions) {
        const watching = (metricName: string) =>
          alarms.filter(
            (alarm) =>
              alarm.Properties.MetricName === metricName &&
              JSON.stringify(alarm.Properties.Dimensions).includes(`"Ref":"${id}"`),
          );
        expect(watching('Errors'), id).toHaveLength(1);
        expect(watching('Throttles'), id).toHaveLength(1);
      }
    }
  });

  it('watch the HTTP API (5xx rate, p99 latency), the table, the events and the WebSocket handshakes', () => {
    const alarms = resourcesOf(templates, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
    const byEntry = (entry: string) =>
      alarms.filter((alarm) => String(alarm.AlarmDescription).endsWith(`#${entry}`));
    const [rate] = byEntry(runbookEntries.httpServerErrors);
    expect(rate?.Threshold).toBe(1);
    expect(JSON.stringify(rate?.Metrics)).toContain('100 * errors / MAX([requests, 1])');
    expect(JSON.stringify(rate?.Metrics)).toContain('"MetricName":"5xx"');
    expect(byEntry(runbookEntries.httpLatency)[0]).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: 2000,
    });
    expect(byEntry(runbookEntries.deadLetters)[0]).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
    expect(byEntry(runbookEntries.undeliveredEvents)[0]).toMatchObject({
      MetricName: 'IteratorAge',
      Statistic: 'Maximum',
      Threshold: 300_000,
    });
    expect(JSON.stringify(byEntry(runbookEntries.tableThrottles)[0]?.Metrics)).toContain('ThrottledRequests');
    expect(JSON.stringify(byEntry(runbookEntries.tableSystemErrors)[0]?.Metrics)).toContain('SystemErrors');
    const connect = JSON.stringify(byEntry(runbookEntries.webSocketConnectErrors)[0]?.Metrics);
    expect(connect).toContain('"Value":"$connect"');
    expect(connect).toContain('IntegrationError');
    expect(connect).toContain('ExecutionError');
  });

  it('go to one SNS topic, whose e-mail subscribers come from deploy context', () => {
    const [parent] = withContext;
    const subscriptions = Object.values(
      parent!.template.findResources('AWS::SNS::Subscription') as Record<string, Resource>,
    ).map((s) => s.Properties);
    expect(subscriptions.map((s) => [s.Protocol, s.Endpoint]).sort()).toEqual([
      ['email', 'oncall@school.example'],
      ['email', 'ops@school.example'],
    ]);
    expect(Object.keys(templates[0]!.template.findResources('AWS::SNS::Subscription'))).toHaveLength(0);
    expect(Object.keys(templates[0]!.template.findResources('AWS::SNS::Topic'))).toHaveLength(1);
  });
});

describe('throttling', () => {
  const httpStage = (deployed: DeployedTemplate[]) =>
    resourcesOf(deployed, 'AWS::ApiGatewayV2::Stage')
      .map(([, stage]) => stage.Properties)
      .find((stage) => stage.StageName === '$default')!;
  const strictKeys = routes
    .filter((route) => route.throttle === 'strict')
    .map((r) => `${r.method} ${r.path}`);

  it('throttles the HTTP stage, and sign-in, sign-up, password resets and trial booking tighter', () => {
    expect(strictKeys).toEqual(
      expect.arrayContaining(['POST /oauth/token', 'POST /sign-up', 'POST /trials', 'POST /trials/sign-up']),
    );
    const stage = httpStage(templates);
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
    expect(Object.keys(stage.RouteSettings).sort()).toEqual([...strictKeys].sort());
    for (const key of strictKeys) {
      expect(stage.RouteSettings[key]).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    }
  });

  it('takes the rates from deploy context, and refuses a setting that is not a positive number', () => {
    const stage = httpStage(withContext);
    expect(stage.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 80 });
    expect(stage.RouteSettings['POST /oauth/token']).toEqual({
      ThrottlingRateLimit: 2,
      ThrottlingBurstLimit: 4,
    });
    expect(() => synthStack('BadThrottle', { context: { httpStrictThrottleBurst: '2.5' } })).toThrow(
      'CDK context httpStrictThrottleBurst must be a positive integer, not "2.5"',
    );
  });

  it('waits for the nested stacks that hold the strict routes before setting them', () => {
    const [parent] = templates;
    const [, stage] = Object.entries(
      parent!.template.findResources('AWS::ApiGatewayV2::Stage') as Record<
        string,
        Resource & { DependsOn?: string[] }
      >,
    ).find(([, s]) => s.Properties.StageName === '$default')!;
    const dependsOn = (stage as { DependsOn?: string[] }).DependsOn ?? [];
    expect(dependsOn.some((id) => id.startsWith('FunctionsAuth'))).toBe(true);
    expect(dependsOn.some((id) => id.startsWith('FunctionsTrials'))).toBe(true);
  });
});

describe('logs and traces', () => {
  it('keep every log group 30 days by default, or the days deploy context gives', () => {
    const retention = (deployed: DeployedTemplate[]) =>
      new Set(
        resourcesOf(deployed, 'AWS::Logs::LogGroup').map(([, group]) => group.Properties.RetentionInDays),
      );
    expect(retention(templates)).toEqual(new Set([30]));
    expect(retention(withContext)).toEqual(new Set([90]));
    expect(() => synthStack('BadRetention', { context: { logRetentionDays: '45' } })).toThrow(
      /logRetentionDays must be one of .*, not 45/,
    );
  });

  it('trace every platform function actively and log a small share of invocations at debug', () => {
    const platformFunctions = (deployed: DeployedTemplate[]) =>
      resourcesOf(deployed, 'AWS::Lambda::Function').filter(
        ([, fn]) => fn.Properties.Environment?.Variables?.NODE_OPTIONS === '--enable-source-maps',
      );
    expect(platformFunctions(templates).length).toBeGreaterThan(30);
    for (const [id, fn] of platformFunctions(templates)) {
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables.POWERTOOLS_LOGGER_SAMPLE_RATE, id).toBe('0.01');
    }
    for (const [, fn] of platformFunctions(withContext)) {
      expect(fn.Properties.Environment.Variables.POWERTOOLS_LOGGER_SAMPLE_RATE).toBe('0.05');
    }
  });
});

describe('dashboard', () => {
  it("shows each API's traffic and latency, the busiest and slowest routes, consumers, the table and the business", () => {
    const [parent] = templates;
    const dashboards = Object.values(
      parent!.template.findResources('AWS::CloudWatch::Dashboard') as Record<string, Resource>,
    );
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties.DashboardName).toBe('learning-platform-dev');
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const title of [
      'HTTP API: requests and errors',
      'HTTP API: latency (ms)',
      'WebSocket API: connections, messages, errors',
      'Busiest routes (requests)',
      'Slowest routes (p99 ms)',
      'Event consumers: failures',
      'Table: consumed capacity and throttles',
    ]) {
      expect(body).toContain(title);
    }
    for (const name of businessMetrics) expect(body).toContain(name);
    expect(body).toContain('stage=\\\\\\"dev\\\\\\"');
  });
});

describe('runbook', () => {
  it('has an entry in the README for every alarm, under the heading its link names', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const anchors = [...readme.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) =>
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-'),
    );
    expect(anchors).toContain('runbook');
    for (const entry of Object.values(runbookEntries)) expect(anchors, entry).toContain(entry);
  });
});
