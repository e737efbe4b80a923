import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../functions/table/definition';
import { EVENT_SOURCE, eventRules, type ScheduleTickDetail } from '../../shared/events/catalogue';
import { platformFunction, type ResourceFunctions } from './functions';

/** The Lambda that takes the table's stream to the bus (functions/event-forwarder). */
export const EVENT_FORWARDER = 'event-forwarder';

/** EventBridge retries a target, and Lambda an asynchronous invocation, twice, for at most two hours. */
const RETRY_ATTEMPTS = 2;
const MAX_EVENT_AGE = Duration.hours(2);

export function createEventBus(scope: Construct, stage: string): EventBus {
  return new EventBus(scope, 'EventBus', { eventBusName: `learning-platform-${stage}` });
}

/**
 * Where an event goes when every retry has failed: a stream batch the forwarder could not put on the bus,
 * an event the bus could not hand to its target, an event whose consumer kept failing (a redirect the edge
 * store never got, a sitemap run that crashed). Kept 14 days, to read and redrive; an alarm goes off as
 * soon as one lands there (infra/cloud/observability.ts). The edge redirect store is also made whole by its daily reconcile.
 */
export function createDeadLetterQueue(scope: Construct): Queue {
  const deadLetters = new Queue(scope, 'EventDeadLetters', {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  return deadLetters;
}

/**
 * The outbox's way to the bus: the table's stream read by the event-forwarder Lambda, whose event source
 * passes on only the INSERTs of outbox items (tableDefinition.stream.deliver, the pattern the local stream
 * reader runs). In order per shard; a record the bus refused is retried from (ReportBatchItemFailures,
 * halving the batch), and after ten retries the batch's place in the stream goes to the dead-letter queue
 * (the events stay in the table for a week, until TTL). The function may read the stream, put events on
 * the bus and write to that queue, nothing else. Its alarms (the queue's depth, the stream's age) are the
 * stage's (infra/cloud/observability.ts).
 */
export function createEventForwarder(
  scope: Construct,
  options: { stage: string; table: ITable; bus: EventBus; deadLetters: Queue },
) {
  const forwarder = platformFunction(scope, EVENT_FORWARDER, options.stage, {
    STAGE: options.stage === 'production' || options.stage === 'alpha' ? options.stage : 'test',
    EVENT_BUS_NAME: options.bus.eventBusName,
    LOG_LEVEL: 'INFO',
  });
  forwarder.addEventSource(
    new DynamoEventSource(options.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 100,
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: 10,
      onFailure: new SqsDlq(options.deadLetters),
      filters: [FilterCriteria.filter(tableDefinition.stream.deliver)],
    }),
  );
  options.bus.grantPutEventsTo(forwarder);
  return forwarder;
}

/**
 * A schedule's tick as EventBridge sends it, but with the rule's catalogue name as its detail (EventBridge's
 * own is empty, and its rule names are generated): a function running two schedules (the sitemap's daily
 * run and its check of changed catalogues) tells them apart by it, as it does locally.
 */
function scheduleTick(name: string): RuleTargetInput {
  const detail: ScheduleTickDetail = { schedule: name };
  return RuleTargetInput.fromObject({
    version: '0',
    id: EventField.eventId,
    'detail-type': EventField.detailType,
    source: EventField.source,
    account: EventField.account,
    time: EventField.time,
    region: EventField.region,
    resources: ['<aws.events.rule-arn>'],
    detail,
  });
}

/**
 * One rule per entry of the event catalogue: patterns on the platform's bus, schedules on the default bus
 * (EventBridge runs scheduled rules only there). The local bus reads the same list.
 *
 * Two failures end in the dead-letter queue: EventBridge's own (the target could not be invoked: the rule
 * target's retry policy and dead-letter config), and the consumer's (EventBridge invokes Lambda
 * asynchronously, so a handler that throws is retried by Lambda, and sent on by the function's on-failure
 * destination).
 */
export function createEventRules(
  scope: Construct,
  bus: EventBus,
  functions: ResourceFunctions,
  deadLetters: Queue,
): Rule[] {
  for (const target of new Set(eventRules.map((rule) => rule.target))) {
    functions.get(target).configureAsyncInvoke({
      retryAttempts: RETRY_ATTEMPTS,
      maxEventAge: MAX_EVENT_AGE,
      onFailure: new SqsDestination(deadLetters),
    });
  }
  return eventRules.map((rule) => {
    const target = new LambdaFunction(functions.get(rule.target), {
      retryAttempts: RETRY_ATTEMPTS,
      maxEventAge: MAX_EVENT_AGE,
      deadLetterQueue: deadLetters,
      ...(rule.kind === 'schedule' ? { event: scheduleTick(rule.name) } : {}),
    });
    if (rule.kind === 'pattern') {
      return new Rule(scope, `Rule-${rule.name}`, {
        eventBus: bus,
        eventPattern: { source: [EVENT_SOURCE], detailType: rule.detailTypes },
        targets: [target],
      });
    }
    return new Rule(scope, `Rule-${rule.name}`, {
      schedule: Schedule.expression(rule.schedule),
      targets: [target],
    });
  });
}
