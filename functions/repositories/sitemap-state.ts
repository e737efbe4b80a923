import * as z from 'zod';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writtenIf } from '../table/items';
import { queryProjected } from '../table/projection';
import type { TransactItem } from '../table/transactions';

/**
 * One item per tenant beside its sitemap generations: how many catalogue edits it has had and when the
 * latest was, how many of them a generation has claimed, and when its last generation of any kind started.
 * While it holds edits no generation claimed it is listed in the changed-catalogues index (sparse: the
 * claim removes it), so the catalogue check reads only the tenants with something to do.
 */
const SITEMAP_STATE_ENTITY = 'sitemapState';

const sitemapStateSchema = z.object({
  tenant: z.string(),
  changes: z.number().optional(),
  changedAt: z.string().optional(),
  claimedChanges: z.number().optional(),
  generationStartedAt: z.string().optional(),
});
export type SitemapState = z.infer<typeof sitemapStateSchema>;

/** A state listed as changed: the catalogue write that lists it also counts the edit and its time. */
const changedCatalogueSchema = sitemapStateSchema.required({ changes: true, changedAt: true });
export type ChangedCatalogue = z.infer<typeof changedCatalogueSchema>;

/**
 * Written only by update expressions (an edit's ADD must not read first), so the entity declares how the
 * item reads; its listing in the changed-catalogues index is set and removed by those writes.
 */
const sitemapStates = defineEntity({
  name: SITEMAP_STATE_ENTITY,
  schema: sitemapStateSchema,
  keyAttributes: ['tenant'],
  key: (_tenant, state) => keys.sitemapState(state.tenant),
});

/** Every write of this item names its entity and tenant, whichever write creates it. */
const identity = (tenant: string) => ({
  names: { '#entity': 'entity', '#tenant': 'tenant' },
  values: { ':entity': SITEMAP_STATE_ENTITY, ':tenant': tenant },
  set: '#entity = :entity, #tenant = :tenant',
});

/**
 * The write each catalogue write adds to its own transaction: one more edit, at `at`, and the tenant listed
 * as changed. An ADD, not a read then a write, so concurrent edits all count, in whatever order they commit.
 */
export function catalogueChangedWrite(tenant: string, at = new Date().toISOString()): TransactItem {
  const { names, values, set } = identity(tenant);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.sitemapState(tenant),
      UpdateExpression: `SET ${set}, changedAt = :at, gsi1pk = :index, gsi1sk = :tenant ADD changes :one`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':at': at, ':index': keys.changedCataloguesIndex, ':one': 1 },
    },
  };
}

/**
 * A generation's start, in its transaction: the catalogue check takes the edits made well before it as
 * listed. `first` refuses it when the tenant has had a generation started already (its first sitemap is
 * started once however many runs ask at the same time).
 */
export function generationStartedWrite(
  tenant: string,
  at: string,
  options: { first?: boolean } = {},
): TransactItem {
  const { names, values, set } = identity(tenant);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.sitemapState(tenant),
      UpdateExpression: `SET ${set}, generationStartedAt = :at`,
      ...(options.first ? { ConditionExpression: 'attribute_not_exists(generationStartedAt)' } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ...values, ':at': at },
    },
  };
}

/** Edits are claimed only as read: no edit since (`changes` unchanged), and not claimed by another run. */
const claimCondition =
  'changes = :changes AND (attribute_not_exists(claimedChanges) OR claimedChanges < :changes)';

/**
 * The catalogue check's claim on the tenant's first `changes` edits, in the transaction of the generation it
 * starts: refused when an edit came after they were read (the next check waits for the quiet again) or
 * another check claimed them first, so two checks never start two generations for one change.
 */
export function claimChangesWrite(tenant: string, changes: number, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.sitemapState(tenant),
      UpdateExpression: 'SET claimedChanges = :changes, generationStartedAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: claimCondition,
      ExpressionAttributeValues: { ':changes': changes, ':at': at },
    },
  };
}

/**
 * Takes the first `changes` edits as done without a generation (one that started after them lists them).
 * False when an edit came since or another check took them: the item stays listed for the next check.
 */
export async function settleChanges(tenant: string, changes: number): Promise<boolean> {
  return writtenIf(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sitemapState(tenant),
        UpdateExpression: 'SET claimedChanges = :changes REMOVE gsi1pk, gsi1sk',
        ConditionExpression: claimCondition,
        ExpressionAttributeValues: { ':changes': changes },
      }),
    ),
  );
}

/** The tenants whose catalogue has edits no generation claimed: one query of the sparse index. */
export function changedCatalogues(): Promise<ChangedCatalogue[]> {
  return queryProjected(changedCatalogueSchema, { index: 'gsi1', partition: keys.changedCataloguesIndex });
}

export function getSitemapState(tenant: string): Promise<SitemapState | undefined> {
  return sitemapStates.get(tenant, { tenant }, { consistent: true });
}
