import { createRequire } from 'node:module';
import type * as DynamoDb from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

// The low-level client is loaded with `require`: importing the SDK's CommonJS build from an ES module makes
// Node scan its 180 KB entry file for export names at every cold start (about 40 ms measured here).
const requireCommonJs = createRequire(import.meta.url);
const { DynamoDBClient } = requireCommonJs('@aws-sdk/client-dynamodb') as typeof DynamoDb;

let client: DynamoDBDocumentClient | undefined;

export const SDK_LOGGER_MIDDLEWARE = 'loggerMiddleware';

/** The document client, created once per container (kept warm across invocations). */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
    const base = new DynamoDBClient({
      region: AWS_REGION,
      ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
    });
    // The SDK's logger middleware runs every request and answer through its sensitive-data filter, item by
    // item, to hand them to a logger that discards them (the pipeline logs requests itself): about 3 ms of
    // CPU per large answer, such as the trial dialog's busy days.
    base.middlewareStack.remove(SDK_LOGGER_MIDDLEWARE);
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return client;
}

export function tableName(): string {
  return config().TABLE_NAME;
}

/** Tests point the functions at a fresh table between files. */
export function resetDb(): void {
  client = undefined;
}
