import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_SOURCE, eventRules } from '../../shared/events/catalogue';
import type { ResourceFunctions } from './functions';

export function createEventBus(scope: Construct, stage: string): EventBus {
  return new EventBus(scope, 'EventBus', { eventBusName: `learning-platform-${stage}` });
}

/**
 * One rule per entry of the event catalogue: patterns on the platform's bus, schedules on the default bus
 * (EventBridge runs scheduled rules only there). The local bus reads the same list.
 *
 * A delivery that still fails after EventBridge's retries (a redirect the edge store never got, a sitemap
 * run that crashed) is not dropped: it goes to one dead-letter queue, kept 14 days, where it can be read
 * and redriven, and an alarm goes off as soon as one lands there. The edge redirect store is also made
 * whole by its daily reconcile (the `redirect-edge-reconcile` schedule).
 */
export function createEventRules(scope: Construct, bus: EventBus, functions: ResourceFunctions): Rule[] {
  const deadLetters = new Queue(scope, 'EventDeadLetters', {
    retentionPeriod: Duration.days(14),
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  new Alarm(scope, 'EventDeadLettersAlarm', {
    alarmDescription: 'An event bus delivery failed after its retries: see the EventDeadLetters queue',
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return eventRules.map((rule) => {
    const target = new LambdaFunction(functions.get(rule.target), {
      retryAttempts: 2,
      maxEventAge: Duration.hours(2),
      deadLetterQueue: deadLetters,
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
