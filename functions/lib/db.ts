import { createRequire } from 'node:module';
import type * as DynamoDb from '@aws-sdk/client-dynamodb';
import type * as DocumentClient from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { withoutSdkLogging } from './sdk-logging';

// The SDK is loaded with `require`, never `import`: an ES module importing the SDK's CommonJS builds makes
// Node scan their entry files for export names at every cold start (about 40 ms measured here for the
// client's 180 KB entry). The document client too: importing it took 16 ms of a cold start, requiring it
// 2 ms (the client already loaded, median of 15, pinned to one core), so the functions take its commands
// from here (Biome's noRestrictedImports holds functions/ to it).
const requireCommonJs = createRequire(import.meta.url);
const { DynamoDBClient }: typeof DynamoDb = requireCommonJs('@aws-sdk/client-dynamodb');
const documentClient: typeof DocumentClient = requireCommonJs('@aws-sdk/lib-dynamodb');
const { DynamoDBDocumentClient } = documentClient;
export const {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} = documentClient;

let client: DocumentClient.DynamoDBDocumentClient | undefined;

/** The document client, created once per container (kept warm across invocations). */
export function db(): DocumentClient.DynamoDBDocumentClient {
  if (!client) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
    const base = withoutSdkLogging(
      new DynamoDBClient({
        region: AWS_REGION,
        ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
      }),
    );
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
