import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
          Put: { TableName: tableName(), Item: { ...keys.tenant(tenant.key), entity: 'tenant', ...tenant } },
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
