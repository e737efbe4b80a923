import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { forwardOutboxRecords } from '../lib/events';

/**
 * The table's stream to the bus (cloud): its event source gives only the INSERTs of outbox items
 * (tableDefinition.stream.deliver), in order per shard. A record the bus did not take is reported, so Lambda
 * retries from it (ReportBatchItemFailures) and, after its retries, records the batch in the dead-letter queue.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const { failedAt } = await forwardOutboxRecords(event.Records);
  return { batchItemFailures: failedAt ? [{ itemIdentifier: failedAt }] : [] };
}
