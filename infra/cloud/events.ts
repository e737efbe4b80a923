import { EventBus, Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { EVENT_SOURCE, eventRules } from '../../shared/events/catalogue';
import type { ResourceFunctions } from './functions';

export function createEventBus(scope: Construct, stage: string): EventBus {
  return new EventBus(scope, 'EventBus', { eventBusName: `learning-platform-${stage}` });
}

/**
 * One rule per entry of the event catalogue: patterns on the platform's bus, schedules on the default bus
 * (EventBridge runs scheduled rules only there). The local bus reads the same list.
 */
export function createEventRules(scope: Construct, bus: EventBus, functions: ResourceFunctions): Rule[] {
  return eventRules.map((rule) => {
    const target = new LambdaFunction(functions.get(rule.target), { retryAttempts: 2 });
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
