import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Tenant } from '../../shared/schemas/tenant';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';

export async function getTenant(key: string): Promise<Tenant | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.tenant(key) }));
  return Item ? stripKeys<Tenant>(Item) : undefined;
}

export async function getTenantKeyByDomain(domain: string): Promise<string | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.tenantDomain(domain) }),
  );
  return Item?.tenantKey as string | undefined;
}

/** Writes the tenant and its domain look-up together (seeding and tenant administration). */
export async function putTenant(tenant: Tenant): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.tenant(tenant.key),
              // Listed in the tenants index, so scheduled jobs find every tenant without a Scan.
              gsi1pk: keys.tenantsIndex,
              gsi1sk: tenant.key,
              entity: 'tenant',
              ...tenant,
            },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.tenantDomain(tenant.domain), entity: 'tenantDomain', tenantKey: tenant.key },
          },
        },
      ],
    }),
  );
}

/** Replaces the tenant's settings (its other fields and its domain look-up are left as they are). */
export async function putTenantSettings(
  key: string,
  settings: NonNullable<Tenant['settings']>,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.tenant(key),
      UpdateExpression: 'SET #settings = :settings',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#settings': 'settings' },
      ExpressionAttributeValues: { ':settings': settings },
    }),
  );
}

/**
 * Every tenant's key, for scheduled jobs that work tenant by tenant (a Query of the tenants index, keys
 * only). Tenants written before the index existed are listed once they are written again.
 */
export async function listTenantKeys(): Promise<string[]> {
  const found: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.tenantsIndex },
        ProjectionExpression: 'gsi1sk',
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) found.push(item.gsi1sk as string);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found;
}
