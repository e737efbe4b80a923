import { Duration, Stack } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SingleValueWidget,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  businessMetrics,
  consumerMetrics,
  METRICS_NAMESPACE,
  requestMetrics,
} from '../../shared/observability/metrics';
import { listContext, positiveContext, textContext } from './context';

/**
 * The alarms, each with the runbook entry (README, "Runbook") that says what it means, how to look and
 * what to do: the anchor is the entry's heading. One list, so the README test can hold the two together.
 */
export const runbookEntries = {
  httpServerErrors: 'http-api-5xx-rate',
  httpLatency: 'http-api-p99-latency',
  functionErrors: 'lambda-errors',
  functionThrottles: 'lambda-throttles',
  tableThrottles: 'dynamodb-throttled-requests',
  tableSystemErrors: 'dynamodb-system-errors',
  deadLetters: 'events-in-the-dead-letter-queue',
  undeliveredEvents: 'events-waiting-to-be-delivered',
  webSocketConnectErrors: 'websocket-connect-errors',
} as const;
export type RunbookEntry = (typeof runbookEntries)[keyof typeof runbookEntries];

/** What the alarms watch, from deploy context where a school may want its own threshold. */
export interface AlarmSettings {
  /** Per cent of the HTTP API's requests answered 5xx over five minutes. */
  serverErrorPercent: number;
  /** The HTTP API's p99 latency over five minutes, in milliseconds. */
  latencyP99Ms: number;
  /** Age of the oldest outbox record the forwarder has not yet read, in seconds. */
  undeliveredEventAgeSeconds: number;
}

export function alarmSettings(scope: Construct): AlarmSettings {
  return {
    serverErrorPercent: positiveContext(scope, 'alarmServerErrorPercent', 1),
    latencyP99Ms: positiveContext(scope, 'alarmLatencyP99Ms', 2000),
    undeliveredEventAgeSeconds: positiveContext(scope, 'alarmUndeliveredEventAgeSeconds', 300),
  };
}

const FIVE_MINUTES = Duration.minutes(5);

/**
 * The stage's alarms and dashboard. Every alarm goes to one SNS topic, whose e-mail subscribers come from
 * deploy context (`-c alarmEmails=ops@school.org,oncall@school.org`); each alarm's description says what
 * it means and links its runbook entry (`-c runbookUrl=` the README's address; the repository's README
 * by default).
 */
export class Observability extends Construct {
  readonly topic: Topic;
  readonly settings: AlarmSettings;
  private readonly runbookUrl: string;
  private readonly stage: string;

  constructor(scope: Construct, id: string, options: { stage: string }) {
    super(scope, id);
    this.stage = options.stage;
    this.settings = alarmSettings(this);
    this.runbookUrl = textContext(this, 'runbookUrl', 'README.md');
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `Learning platform ${options.stage} alarms` });
    for (const email of listContext(this, 'alarmEmails')) {
      this.topic.addSubscription(new EmailSubscription(email));
    }
  }

  /** An alarm in `scope` (a resource's nested stack keeps its function's alarms), to the topic. */
  alarm(
    scope: Construct,
    id: string,
    options: {
      entry: RunbookEntry;
      meaning: string;
      metric: IMetric;
      threshold: number;
      evaluationPeriods?: number;
      datapointsToAlarm?: number;
    },
  ): Alarm {
    const alarm = new Alarm(scope, id, {
      alarmDescription: `${options.meaning} Runbook: ${this.runbookUrl}#${options.entry}`,
      metric: options.metric,
      threshold: options.threshold,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods ?? 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    return alarm;
  }

  /** The HTTP API: its 5xx rate and its p99 latency. */
  watchHttpApi(api: HttpApi): void {
    const requests = api.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' });
    const serverErrors = api.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    this.alarm(this, 'HttpServerErrorRate', {
      entry: runbookEntries.httpServerErrors,
      meaning: `More than ${this.settings.serverErrorPercent}% of the HTTP API's requests were answered 5xx in two of three five-minute periods: people see "Something went wrong".`,
      metric: new MathExpression({
        expression: '100 * errors / MAX([requests, 1])',
        usingMetrics: { errors: serverErrors, requests },
        label: '5xx %',
        period: FIVE_MINUTES,
      }),
      threshold: this.settings.serverErrorPercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    this.alarm(this, 'HttpLatencyP99', {
      entry: runbookEntries.httpLatency,
      meaning: `The HTTP API's p99 latency was above ${this.settings.latencyP99Ms} ms in two of three five-minute periods: pages wait.`,
      metric: api.metricLatency({ period: FIVE_MINUTES, statistic: 'p99' }),
      threshold: this.settings.latencyP99Ms,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
  }

  /**
   * One function: any error (a crash or a timeout: the pipeline answers every handled failure itself, so
   * an error here is one it could not) and any throttle, each alarm beside the function.
   */
  watchFunction(scope: Construct, id: string, fn: IFunction): void {
    this.alarm(scope, `${id}Errors`, {
      entry: runbookEntries.functionErrors,
      meaning: `The ${id} Lambda failed (crashed or timed out) in the last five minutes.`,
      metric: fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
    });
    this.alarm(scope, `${id}Throttles`, {
      entry: runbookEntries.functionThrottles,
      meaning: `The ${id} Lambda was throttled (its concurrency ran out) in the last five minutes: requests were refused.`,
      metric: fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      threshold: 1,
    });
  }

  /** The table: throttled requests and DynamoDB's own errors, on the operations the platform uses. */
  watchTable(table: ITable): void {
    const operations = TABLE_OPERATIONS;
    this.alarm(this, 'TableThrottles', {
      entry: runbookEntries.tableThrottles,
      meaning: 'DynamoDB throttled requests to the table in the last five minutes.',
      metric: table.metricThrottledRequestsForOperations({ operations, period: FIVE_MINUTES }),
      threshold: 1,
    });
    this.alarm(this, 'TableSystemErrors', {
      entry: runbookEntries.tableSystemErrors,
      meaning: 'DynamoDB answered requests to the table with its own (5xx) errors in the last five minutes.',
      metric: table.metricSystemErrorsForOperations({ operations, period: FIVE_MINUTES }),
      threshold: 1,
    });
  }

  /** Events: the dead-letter queue's depth, and the age of the oldest outbox record not yet forwarded. */
  watchEvents(deadLetters: IQueue, forwarder: IFunction): void {
    this.alarm(this, 'EventDeadLettersAlarm', {
      entry: runbookEntries.deadLetters,
      meaning: 'An event was not delivered after its retries: see the EventDeadLetters queue.',
      metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES }),
      threshold: 1,
    });
    this.alarm(this, 'UndeliveredEventAge', {
      entry: runbookEntries.undeliveredEvents,
      meaning: `The oldest event waiting in the table's stream is more than ${this.settings.undeliveredEventAgeSeconds} s old: e-mails, audit entries and the sitemap are late.`,
      metric: new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'IteratorAge',
        dimensionsMap: { FunctionName: forwarder.functionName },
        statistic: 'Maximum',
        period: FIVE_MINUTES,
      }),
      threshold: this.settings.undeliveredEventAgeSeconds * 1000,
    });
  }

  /** The WebSocket API: handshakes its Lambda could not answer (integration or execution errors on $connect). */
  watchWebSocket(api: WebSocketApi, stage: WebSocketStage): void {
    const connectMetric = (metricName: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: api.apiId, Stage: stage.stageName, Route: '$connect' },
        statistic: 'Sum',
        period: FIVE_MINUTES,
      });
    this.alarm(this, 'WebSocketConnectErrors', {
      entry: runbookEntries.webSocketConnectErrors,
      meaning:
        'WebSocket handshakes failed on the server side ($connect integration or execution errors): chat and the waiting room cannot connect.',
      metric: new MathExpression({
        expression: 'integration + execution',
        usingMetrics: {
          integration: connectMetric('IntegrationError'),
          execution: connectMetric('ExecutionError'),
        },
        label: '$connect errors',
        period: FIVE_MINUTES,
      }),
      threshold: 5,
    });
  }

  /**
   * The stage's dashboard: each API's requests, errors and latency, the busiest and slowest routes, the
   * event consumers' failures, the table's capacity and throttles, and the business counts.
   */
  dashboard(parts: {
    httpApi: HttpApi;
    webSocket: { api: WebSocketApi; stage: WebSocketStage };
    table: ITable;
  }): Dashboard {
    const { httpApi, webSocket, table } = parts;
    const region = Stack.of(this).region;
    const platformSearch = (dimension: 'route' | 'consumer', metricName: string, statistic: string) =>
      new MathExpression({
        expression: `SEARCH('{${METRICS_NAMESPACE},service,stage,${dimension}} MetricName="${metricName}" stage="${this.stage}"', '${statistic}', 300)`,
        usingMetrics: {},
        label: '',
        period: FIVE_MINUTES,
        searchRegion: region,
      });
    const platformMetric = (metricName: string) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName,
        dimensionsMap: { service: 'learning-platform', stage: this.stage },
        statistic: 'Sum',
        period: Duration.hours(1),
      });
    const wsMetric = (metricName: string) =>
      webSocket.stage.metric(metricName, { period: FIVE_MINUTES, statistic: 'Sum' });
    const dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `learning-platform-${this.stage}`,
      defaultInterval: Duration.hours(6),
    });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# Learning platform, ${this.stage}\nEach alarm's runbook: [README, Runbook](${this.runbookUrl}#runbook). Follow one request by its correlation id in CloudWatch Logs Insights.`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'HTTP API: requests and errors',
        left: [
          httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum', label: 'Requests' }),
          httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum', label: '4xx' }),
          httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum', label: '5xx' }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'HTTP API: latency (ms)',
        left: [
          httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p50', label: 'p50' }),
          httpApi.metricLatency({ period: FIVE_MINUTES, statistic: 'p99', label: 'p99' }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'WebSocket API: connections, messages, errors',
        left: [
          wsMetric('ConnectCount'),
          wsMetric('MessageCount'),
          wsMetric('ClientError'),
          wsMetric('IntegrationError'),
          wsMetric('ExecutionError'),
        ],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Busiest routes (requests)',
        left: [platformSearch('route', requestMetrics.requests, 'Sum')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Slowest routes (p99 ms)',
        left: [platformSearch('route', requestMetrics.latency, 'p99')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Routes answering 5xx',
        left: [platformSearch('route', requestMetrics.serverErrors, 'Sum')],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Event consumers: failures',
        left: [platformSearch('consumer', consumerMetrics.failed, 'Sum')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Event consumers: age on arrival (p99 ms)',
        left: [platformSearch('consumer', consumerMetrics.age, 'p99')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Table: consumed capacity and throttles',
        left: [
          table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES, label: 'Read units' }),
          table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES, label: 'Write units' }),
        ],
        right: [
          table.metricThrottledRequestsForOperations({
            operations: TABLE_OPERATIONS,
            period: FIVE_MINUTES,
            label: 'Throttled',
          }),
        ],
        width: 8,
      }),
    );
    dashboard.addWidgets(
      new SingleValueWidget({
        title: 'The school’s business, last hour',
        metrics: businessMetrics.map((name) => platformMetric(name)),
        width: 24,
      }),
      new GraphWidget({
        title: 'The school’s business over time (per hour)',
        left: businessMetrics.map((name) => platformMetric(name)),
        width: 24,
      }),
    );
    return dashboard;
  }
}

/** The table operations the functions call, for the table's throttle and system-error metrics. */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];
