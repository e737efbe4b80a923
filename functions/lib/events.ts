import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  EVENT_SOURCE,
  type EventDetail,
  type EventType,
  eventCatalogue,
} from '../../shared/events/catalogue';
import { config } from './config';
import { logger } from './logger';

let client: EventBridgeClient | undefined;
function eventBridge(): EventBridgeClient {
  if (!client) {
    const { AWS_REGION, EVENTBRIDGE_ENDPOINT } = config();
    client = new EventBridgeClient({
      region: AWS_REGION,
      ...(EVENTBRIDGE_ENDPOINT ? { endpoint: EVENTBRIDGE_ENDPOINT } : {}),
    });
  }
  return client;
}

export function resetEventBridge(): void {
  client = undefined;
}

/**
 * Puts one catalogued event on the bus; the detail is checked against the catalogue's schema first.
 * `bestEffort` is for notifications after the real work is stored: a bus outage is logged, and the
 * caller's request still succeeds (its data is already written, a retry would only fail on a duplicate).
 */
export async function publish<T extends EventType>(
  type: T,
  detail: EventDetail<T>,
  options: { bestEffort?: boolean } = {},
): Promise<void> {
  try {
    await put(type, detail);
  } catch (error) {
    if (!options.bestEffort) throw error;
    logger.error('Event could not be published', { type, error: error as Error });
  }
}

async function put<T extends EventType>(type: T, detail: EventDetail<T>): Promise<void> {
  const parsed = eventCatalogue[type].parse(detail);
  const result = await eventBridge().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: config().EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: type,
          Detail: JSON.stringify(parsed),
        },
      ],
    }),
  );
  if (result.FailedEntryCount) {
    logger.error('Event was not accepted by the bus', { type, entries: result.Entries });
    throw new Error(`Event ${type} was not accepted by the bus`);
  }
}
