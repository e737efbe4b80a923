import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../functions/table/definition';

/**
 * The single table, built from the same definition as the local one, with its stream (the outbox's way to
 * the bus, infra/cloud/events.ts). Production keeps it no matter what.
 */
export function createTable(scope: Construct, stage: string): Table {
  const production = stage === 'production';
  const table = new Table(scope, 'Table', {
    partitionKey: { name: tableDefinition.partitionKey, type: AttributeType.STRING },
    sortKey: { name: tableDefinition.sortKey, type: AttributeType.STRING },
    billingMode: BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: tableDefinition.ttlAttribute,
    stream: StreamViewType[tableDefinition.stream.viewType],
    deletionProtection: production,
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  for (const index of tableDefinition.indexes) {
    table.addGlobalSecondaryIndex({
      indexName: index.name,
      partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
      sortKey: { name: index.sortKey, type: AttributeType.STRING },
      projectionType: ProjectionType[index.projection],
    });
  }
  return table;
}
