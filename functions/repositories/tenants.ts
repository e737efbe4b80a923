import {
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../shared/http/errors';
import type { Tenant } from '../../shared/schemas/tenant';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { isConditionalCheckFailure, stripKeys } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';

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

const tenantItem = (tenant: Tenant) => ({
  ...keys.tenant(tenant.key),
  // Listed in the tenants index, so scheduled jobs find every tenant without a Scan.
  gsi1pk: keys.tenantsIndex,
  gsi1sk: tenant.key,
  entity: 'tenant',
  ...tenant,
});

/** The domain -> tenant look-up; it is also the domain's claim: one tenant per domain. */
const domainItem = (domain: string, tenantKey: string) => ({
  ...keys.tenantDomain(domain),
  entity: 'tenantDomain',
  tenantKey,
});

/** Writes the tenant and its domain look-up together (the demo seed and benchmarks, on tables they own). */
export async function putTenant(tenant: Tenant): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: tenantItem(tenant) } },
        { Put: { TableName: tableName(), Item: domainItem(tenant.domain, tenant.key) } },
      ],
    }),
  );
}

const claimTaken = new ConflictError('The tenant key or its domain is taken');
/** The domain's claim is written when nothing claims it (or it already names this tenant). */
const domainClaimCondition = (tenantKey: string) => ({
  ConditionExpression: 'attribute_not_exists(pk) OR tenantKey = :tenantKey',
  ExpressionAttributeValues: { ':tenantKey': tenantKey },
});

/**
 * Creates a tenant: its record and its domain's claim in one transaction, each conditional, so two
 * tenants can never hold one key or one domain however concurrent their creation. False when either is
 * taken (nothing is written then). `alsoWrites` commit with it (its first sitemap generation).
 */
export async function createTenant(tenant: Tenant, alsoWrites: TransactItem[] = []): Promise<boolean> {
  try {
    await writeTransaction(
      [
        {
          Put: {
            TableName: tableName(),
            Item: tenantItem(tenant),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: domainItem(tenant.domain, tenant.key),
            ...domainClaimCondition(tenant.key),
          },
        },
        ...alsoWrites,
      ],
      () => claimTaken,
    );
    return true;
  } catch (error) {
    if (error === claimTaken) return false;
    throw error;
  }
}

/** Claims a domain for an existing tenant; false when another tenant holds it. */
export async function claimTenantDomain(domain: string, tenantKey: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: domainItem(domain, tenantKey),
        ...domainClaimCondition(tenantKey),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
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
