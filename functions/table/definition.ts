/** The `entity` of an outbox item: an event written in the transaction of the change it reports. */
export const OUTBOX_ENTITY = 'outboxEvent';

/**
 * The single table, defined once: the CDK stack and the local stack (DynamoDB Local) both build the table
 * from this definition. Generic key names (pk/sk, gsiNpk/gsiNsk) let every entity share the table; every
 * key value begins with the tenant (see access-patterns.ts).
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'ALL' },
  ],
  /**
   * The table's stream delivers the outbox: new images only (an outbox item is written once and never
   * changed), and of its records only the INSERTs of outbox items go on to the bus. The cloud forwarder's
   * event source filters with `deliver`; the local stream reader runs the same pattern.
   */
  stream: {
    viewType: 'NEW_IMAGE',
    deliver: { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [OUTBOX_ENTITY] } } } },
  },
} as const;

export type IndexName = (typeof tableDefinition.indexes)[number]['name'];

/** CreateTable input for the local stack and tests (on-demand, like the cloud table; the stream comes next). */
export function createTableInput(tableName: string) {
  const keyAttributes = [
    tableDefinition.partitionKey,
    tableDefinition.sortKey,
    ...tableDefinition.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableDefinition.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: index.projection },
    })),
  };
}

/**
 * The stream of the local table, turned on once the table has its starting items (infra/local/dynamodb.ts
 * ensureTable): a copy of seeded items is a starting state, not changes to deliver, and DynamoDB Local
 * writes into a table with a stream several times slower, more so as its stream grows.
 */
export const streamSpecification = {
  StreamEnabled: true,
  StreamViewType: tableDefinition.stream.viewType,
} as const;
