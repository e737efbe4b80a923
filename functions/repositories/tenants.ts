import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { lateChangePolicySchema } from '../../shared/money/late-change';
import {
  type MoneySettings,
  type MoneySettingsChange,
  storedMoneySettingsSchema,
} from '../../shared/money/settings';
import { schedulingSettingsSchema } from '../../shared/scheduling/settings';
import { type Tenant, tenantSchema } from '../../shared/schemas/tenant';
import { db, PutCommand, TransactWriteCommand, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity, keyConditionQuery } from '../table/entity';
import { isConditionalCheckFailure, writtenIf } from '../table/items';
import { queryItems } from '../table/query';
import { type TransactItem, writeTransaction } from '../table/transactions';

/**
 * A tenant as stored: its scheduling settings are the overrides an admin set, numbers only (their limits
 * were checked on the way in), never filled with the platform defaults the API schema would add.
 */
const tenantRecordSchema = z.extend(tenantSchema, {
  settings: z.optional(
    z.object({
      scheduling: z.optional(z.partialRecord(z.keyof(schedulingSettingsSchema), z.number())),
      money: z.optional(storedMoneySettingsSchema),
      lateChange: z.optional(lateChangePolicySchema),
      notifications: z.optional(z.object({ reminderMinutes: z.array(z.number()) })),
    }),
  ),
});

/**
 * Tenants and their domains are the platform's own items, outside every tenant's keys: the tenant a call
 * passes is the tenant's own key (for a tenant) or no tenant (for the domain look-up, which is how a request
 * finds its tenant in the first place).
 */
const NO_TENANT = '';

/** Listed in the tenants index, so scheduled jobs find every tenant without a Scan. */
const tenantsIndexKeys = (key: string) => ({ gsi1pk: keys.tenantsIndex, gsi1sk: key });

const tenants = defineEntity({
  name: 'tenant',
  schema: tenantRecordSchema,
  keyAttributes: ['key'],
  key: (_tenant, tenant) => keys.tenant(tenant.key),
  indexes: (_tenant, tenant) => tenantsIndexKeys(tenant.key),
});

/**
 * The domain -> tenant look-up; it is also the domain's claim: one tenant per domain. Claims written before
 * they kept `domain` as an attribute are read by key.
 */
const domainClaims = defineEntity({
  name: 'tenantDomain',
  schema: z.object({ domain: z.string(), tenantKey: z.string() }),
  keyAttributes: ['domain'],
  key: (_tenant, claim) => keys.tenantDomain(claim.domain),
});

export function getTenant(key: string): Promise<Tenant | undefined> {
  return tenants.get(key, { key });
}

export async function getTenantKeyByDomain(domain: string): Promise<string | undefined> {
  return (await domainClaims.get(NO_TENANT, { domain }))?.tenantKey;
}

const domainClaim = (tenant: Pick<Tenant, 'key' | 'domain'>) => ({
  domain: tenant.domain,
  tenantKey: tenant.key,
});

/** Writes the tenant and its domain look-up together (the demo seed and benchmarks, on tables they own). */
export async function putTenant(tenant: Tenant): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        tenants.putWrite(tenant.key, tenant),
        domainClaims.putWrite(NO_TENANT, domainClaim(tenant)),
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
        tenants.putWrite(tenant.key, tenant, 'absent'),
        {
          Put: {
            TableName: tableName(),
            Item: domainClaims.item(NO_TENANT, domainClaim(tenant)),
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
  return writtenIf(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: domainClaims.item(NO_TENANT, { domain, tenantKey }),
        ...domainClaimCondition(tenantKey),
      }),
    ),
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
      Key: tenants.key(key, { key }),
      UpdateExpression: 'SET #settings = :settings',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#settings': 'settings' },
      ExpressionAttributeValues: { ':settings': settings },
    }),
  );
}

/**
 * Sets one part of the tenant's settings (its currencies, say) and leaves the others as they are, without
 * reading them first: a SET of the nested attribute while `settings` exists, else a SET of `settings`
 * holding only that part while it does not (each conditional, so two admins changing two parts at once
 * both land).
 */
export async function putTenantSettingsPart<Part extends keyof NonNullable<Tenant['settings']>>(
  key: string,
  part: Part,
  value: NonNullable<Tenant['settings']>[Part],
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: tenants.key(key, { key }),
          UpdateExpression: 'SET #settings.#part = :value',
          ConditionExpression: 'attribute_exists(pk) AND attribute_exists(#settings)',
          ExpressionAttributeNames: { '#settings': 'settings', '#part': part },
          ExpressionAttributeValues: { ':value': value },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: tenants.key(key, { key }),
          UpdateExpression: 'SET #settings = :settings',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#settings)',
          ExpressionAttributeNames: { '#settings': 'settings' },
          ExpressionAttributeValues: { ':settings': { [part]: value } },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
  }
  throw new NotFoundError('Unknown tenant');
}

/**
 * Saves the tenant's money settings as one conditional update that writes only what the change names: the
 * currencies, and the premium price when the change names it (set, or removed for null). A change that leaves
 * the price out keeps the stored one, unless its currency is no longer accepted (then it is removed in the
 * same update): each of the two is its own condition on the stored price's currency, never a read of it.
 * While the tenant has no money settings (or no settings) yet, the whole part is written under the condition
 * that it is still absent. Answers the settings as stored after the write.
 */
export async function saveTenantMoneySettings(
  key: string,
  change: MoneySettingsChange,
): Promise<MoneySettings | undefined> {
  const { premiumPrice, ...currencies } = change;
  const names = { '#settings': 'settings', '#money': 'money' };
  const currencyNames = { '#default': 'defaultCurrency', '#currencies': 'currencies' };
  const priceNames = { '#price': 'premiumPrice', '#currency': 'currency' };
  const setCurrencies =
    'SET #settings.#money.#default = :default, #settings.#money.#currencies = :currencies';
  const currencyValues = { ':default': currencies.defaultCurrency, ':currencies': currencies.currencies };
  const accepted = `#settings.#money.#price.#currency IN (${currencies.currencies.map((_, i) => `:accepted${i}`).join(', ')})`;
  const acceptedValues = Object.fromEntries(currencies.currencies.map((code, i) => [`:accepted${i}`, code]));
  const whole: MoneySettings = { ...currencies, ...(premiumPrice ? { premiumPrice } : {}) };

  type Shape = Pick<
    UpdateCommandInput,
    'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
  >;
  const onStoredMoney: Shape[] =
    premiumPrice === undefined
      ? [
          {
            UpdateExpression: setCurrencies,
            ConditionExpression: `attribute_exists(#settings.#money) AND (attribute_not_exists(#settings.#money.#price) OR ${accepted})`,
            ExpressionAttributeNames: { ...names, ...currencyNames, ...priceNames },
            ExpressionAttributeValues: { ...currencyValues, ...acceptedValues },
          },
          {
            UpdateExpression: `${setCurrencies} REMOVE #settings.#money.#price`,
            ConditionExpression: `attribute_exists(#settings.#money.#price) AND NOT (${accepted})`,
            ExpressionAttributeNames: { ...names, ...currencyNames, ...priceNames },
            ExpressionAttributeValues: { ...currencyValues, ...acceptedValues },
          },
        ]
      : [
          {
            UpdateExpression:
              premiumPrice === null
                ? `${setCurrencies} REMOVE #settings.#money.#price`
                : `${setCurrencies}, #settings.#money.#price = :price`,
            ConditionExpression: 'attribute_exists(#settings.#money)',
            ExpressionAttributeNames: { ...names, ...currencyNames, '#price': 'premiumPrice' },
            ExpressionAttributeValues:
              premiumPrice === null ? currencyValues : { ...currencyValues, ':price': premiumPrice },
          },
        ];
  const shapes: Shape[] = [
    ...onStoredMoney,
    {
      UpdateExpression: 'SET #settings.#money = :money',
      ConditionExpression: 'attribute_exists(#settings) AND attribute_not_exists(#settings.#money)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':money': whole },
    },
    {
      UpdateExpression: 'SET #settings = :settings',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#settings)',
      ExpressionAttributeNames: { '#settings': 'settings' },
      ExpressionAttributeValues: { ':settings': { money: whole } },
    },
  ];
  // Each shape's condition holds for one state of the stored item; a concurrent save can move it between
  // our attempts, so the round is tried again (a tenant that does not exist fails them all).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    for (const shape of shapes) {
      try {
        const { Attributes } = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: tenants.key(key, { key }),
            ...shape,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return Attributes ? tenants.parse(Attributes).settings?.money : undefined;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
  }
  throw new NotFoundError('Unknown tenant');
}

/** Lists a tenant stored before the tenants index existed in it (the seed calls it; idempotent). */
export async function indexTenant(key: string): Promise<void> {
  const index = tenantsIndexKeys(key);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: tenants.key(key, { key }),
      UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
    }),
  );
}

/** What the tenants index is read for: each tenant's key alone. */
const tenantKeySchema = z.pick(tenantRecordSchema, { key: true });

/**
 * Every tenant's key in key order, for scheduled jobs that work tenant by tenant (a Query of the tenants
 * index, keys only). Tenants written before the index existed are listed once the seed indexes them
 * (indexTenant) or they are written again.
 */
export async function listTenantKeys(): Promise<string[]> {
  const listed = keyConditionQuery({ index: 'gsi1', partition: keys.tenantsIndex });
  const items = await queryItems({
    ...listed,
    ProjectionExpression: '#key',
    ExpressionAttributeNames: { ...listed.ExpressionAttributeNames, '#key': 'key' },
  });
  return items.map((item) => tenantKeySchema.parse(item).key);
}
