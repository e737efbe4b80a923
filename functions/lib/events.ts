import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, type EventEnvelope } from '../../shared/events/catalogue';
import { matchesPattern } from '../../shared/events/pattern';
import { tableDefinition } from '../table/definition';
import { config } from './config';
import { logger } from './logger';
import { withoutSdkLogging } from './sdk-logging';

let client: EventBridgeClient | undefined;
function eventBridge(): EventBridgeClient {
  if (!client) {
    const { AWS_REGION, EVENTBRIDGE_ENDPOINT } = config();
    client = withoutSdkLogging(
      new EventBridgeClient({
        region: AWS_REGION,
        ...(EVENTBRIDGE_ENDPOINT ? { endpoint: EVENTBRIDGE_ENDPOINT } : {}),
      }),
    );
  }
  return client;
}

export function resetEventBridge(): void {
  client = undefined;
}

/**
 * What the forwarder reads of a stream record. Both the records of a Lambda stream event and those of the
 * Streams API (the local reader) have this shape.
 */
export interface OutboxStreamRecord {
  eventName?: string;
  dynamodb?: { SequenceNumber?: string; NewImage?: Record<string, { S?: string }> };
}

/** PutEvents takes at most ten entries. */
const MAX_ENTRIES = 10;

/**
 * Puts the outbox events among stream records on the bus, in stream order, ten to a PutEvents call.
 * Records that are not outbox inserts are passed over (the cloud's event source filtered them already, the
 * local reader did not). Answers the sequence number of the first record the bus did not take, for the
 * caller to start again there; records after it in the same call may then go twice, which the consumers'
 * claims absorb (at least once, acted on once).
 */
export async function forwardOutboxRecords(records: OutboxStreamRecord[]): Promise<{ failedAt?: string }> {
  const events = records.flatMap((record) => {
    if (!matchesPattern(tableDefinition.stream.deliver, record)) return [];
    const entry = busEntry(record);
    return entry ? [{ record, entry }] : [];
  });
  for (let start = 0; start < events.length; start += MAX_ENTRIES) {
    const batch = events.slice(start, start + MAX_ENTRIES);
    const failed = await putEntries(batch.map((event) => event.entry));
    if (failed !== undefined) return { failedAt: batch[failed]!.record.dynamodb?.SequenceNumber };
  }
  return {};
}

/** The index of the first entry the bus refused, or undefined when it took them all. */
async function putEntries(entries: PutEventsRequestEntry[]): Promise<number | undefined> {
  try {
    const result = await eventBridge().send(new PutEventsCommand({ Entries: entries }));
    if (!result.FailedEntryCount) return undefined;
    const failed = result.Entries?.findIndex((entry) => entry.ErrorCode) ?? 0;
    logger.error('The bus refused outbox events', { entries: result.Entries });
    return Math.max(failed, 0);
  } catch (error) {
    logger.error('The bus could not be reached', { error: error as Error });
    return 0;
  }
}

/** The bus entry of an outbox item: its detail wrapped with its own id (see eventEnvelope). */
function busEntry(record: OutboxStreamRecord): PutEventsRequestEntry | undefined {
  const image = record.dynamodb?.NewImage;
  const eventId = image?.eventId?.S;
  const type = image?.type?.S;
  const detail = image?.detail?.S;
  const occurredAt = image?.occurredAt?.S;
  if (!eventId || !type || !detail || !occurredAt) {
    // Not one the outbox wrote: holding the stream back for it would stop every event after it.
    logger.error('An outbox item without its event was passed over', { keys: image?.pk?.S });
    return undefined;
  }
  const envelope: EventEnvelope = { eventId, occurredAt, data: JSON.parse(detail) };
  return {
    EventBusName: config().EVENT_BUS_NAME,
    Source: EVENT_SOURCE,
    DetailType: type,
    Detail: JSON.stringify(envelope),
    Time: new Date(occurredAt),
  };
}
