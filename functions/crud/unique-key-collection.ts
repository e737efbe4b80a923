import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { getItem } from '../table/coalesced-get';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';
import { guarded } from './list-index';
import { type CollectionOptions, type CrudRecord, collectionRepository } from './repository';

type ItemKey = { pk: string; sk: string };
export type KeyHolder<T extends CrudRecord> = Pick<T, '_id'> & Partial<T>;

export interface UniqueKeyCollectionOptions<T extends CrudRecord> extends CollectionOptions<T> {
  /** The record's key, unique per tenant and collection (a cleaned site path, a normalized name). */
  uniqueKey: (record: T) => string;
  /** Where the item claiming a unique key lives, and its `entity`. */
  claimKey: (tenant: string, uniqueKey: string) => ItemKey;
  claimEntity: string;
  /**
   * What the claim item keeps of its record (its `_id` and the fields a look-up by key answers, so that is
   * one GetItem and never reads the record): a pick of the record's schema.
   */
  holderSchema: z.core.$ZodObject & z.core.$ZodType<KeyHolder<T>>;
  /** The 409 when the key is taken; `holder` is what the claim item keeps of the record holding it. */
  duplicateMessage: (record: T, holder: KeyHolder<T> | undefined) => string;
}

/**
 * A CRUD collection whose records have a key unique per tenant (meta tags and redirections by site path,
 * tags by name). Next to each record sits a claim item written in the same transaction as the record, on
 * the condition that it does not exist yet, so two records can never hold one key however many writes race
 * (the second is a 409); a change of key releases the old claim in that transaction, and a delete releases
 * it with the record.
 *
 * A claim is only ever released by the record holding it (records from before claims existed hold none),
 * so a write never frees a key another record holds.
 */
export function uniqueKeyCollection<T extends CrudRecord>(options: UniqueKeyCollectionOptions<T>) {
  const base = collectionRepository<T>(options);
  const { uniqueKey, claimKey } = options;
  /** A key's claim: the key it holds and what it keeps of the record holding it. */
  const claims = defineEntity({
    name: options.claimEntity,
    schema: z.intersection(z.object({ uniqueKey: z.string() }), options.holderSchema),
    keyAttributes: ['uniqueKey'],
    key: (tenant, held) => claimKey(tenant, held.uniqueKey),
  });
  /** The claim of `record`'s key (the schema keeps only the holder's fields of the record). */
  const claimOf = (record: T) => claims.schema.parse({ ...record, uniqueKey: uniqueKey(record) });
  /** Takes the key for `record`, or refreshes the claim it already holds. */
  const claim = (tenant: string, record: T): TransactItem =>
    guarded(claims.putWrite(tenant, claimOf(record)), {
      expression: 'attribute_not_exists(pk) OR #id = :id',
      names: { '#id': '_id' },
      values: { ':id': record._id },
    });
  const release = (tenant: string, key: string, id: string): TransactItem => ({
    Delete: {
      TableName: tableName(),
      Key: claimKey(tenant, key),
      ConditionExpression: '#id = :id',
      ExpressionAttributeNames: { '#id': '_id' },
      ExpressionAttributeValues: { ':id': id },
    },
  });
  const label = options.label.charAt(0).toUpperCase() + options.label.slice(1);
  const notFound = () => new NotFoundError(`${label} not found`);
  const stale = () =>
    new ConflictError(`This ${options.label} was changed by someone else. Reload and try again.`);

  /** The record holding a key, as its claim item keeps it; undefined when the key is free. */
  async function holderOf(tenant: string, key: string): Promise<KeyHolder<T> | undefined> {
    const Item = await getItem(claimKey(tenant, key), false);
    // Claims written before they kept their key as an attribute are known by the key asked for.
    return Item ? claims.parse({ uniqueKey: key, ...Item }) : undefined;
  }

  /** A transaction whose write at `claimIndex` takes `record`'s key: a failed claim is the 409 naming its holder. */
  async function writeClaiming(
    tenant: string,
    items: TransactItem[],
    claimIndex: number,
    record: T,
    otherFailure: (index: number) => ConflictError | NotFoundError,
  ): Promise<void> {
    let taken = false;
    try {
      await writeTransaction(items, (failed) => {
        taken = failed === claimIndex;
        return taken ? new ConflictError() : otherFailure(failed);
      });
    } catch (error) {
      if (!taken) throw error;
      const holder = await holderOf(tenant, uniqueKey(record));
      throw new ConflictError(options.duplicateMessage(record, holder));
    }
  }

  /** `alsoWrite`: writes that commit with the record's (the events reporting the change). */
  async function create(
    tenant: string,
    input: Omit<T, keyof CrudRecord> & Partial<CrudRecord>,
    alsoWrite: TransactItem[] = [],
  ): Promise<T> {
    const now = new Date().toISOString();
    const record = z.parse(options.schema, {
      ...input,
      _id: input._id ?? newId(),
      createdAt: now,
      updatedAt: now,
    });
    // The claim first: when both the key and the id are taken, the answer names the key's holder.
    const items = [claim(tenant, record), ...base.insertItems(tenant, record), ...alsoWrite];
    await writeClaiming(
      tenant,
      items,
      0,
      record,
      () => new ConflictError(`This ${options.label} already exists`),
    );
    return record;
  }

  /** Replaces the given fields if nobody saved the record since it was read; moves its key claim along. */
  async function update(
    tenant: string,
    id: string,
    changes: Partial<Omit<T, keyof CrudRecord>>,
    alsoWrite: TransactItem[] = [],
  ): Promise<T> {
    const current = await base.get(tenant, id);
    if (!current) throw notFound();
    const next = z.parse(options.schema, {
      ...current,
      ...changes,
      _id: id,
      updatedAt: new Date().toISOString(),
    });
    const oldKey = uniqueKey(current);
    const moved = uniqueKey(next) !== oldKey;
    const heldOld = moved && (await holderOf(tenant, oldKey))?._id === id;
    const items: TransactItem[] = [
      claim(tenant, next),
      ...base.replaceItems(tenant, current, next),
      ...(heldOld ? [release(tenant, oldKey, id)] : []),
      ...alsoWrite,
    ];
    // The release is conditional on this record holding the claim, which only this record's writes change,
    // and those are ordered by the updatedAt condition: if it fails, so did the record's.
    await writeClaiming(tenant, items, 0, next, () => stale());
    return next;
  }

  async function remove(tenant: string, id: string, alsoWrite: TransactItem[] = []): Promise<void> {
    const current = await base.get(tenant, id);
    if (!current) throw notFound();
    const key = uniqueKey(current);
    const held = (await holderOf(tenant, key))?._id === id;
    await writeTransaction(
      [...base.deleteItems(tenant, current), ...(held ? [release(tenant, key, id)] : []), ...alsoWrite],
      (failed) => (failed === 0 ? stale() : notFound()),
    );
  }

  /**
   * Seeding: writes the record if its id is free, then claims the key of the record as stored (it may have
   * been renamed since, or written before claims existed) if that key is free. Idempotent.
   */
  async function ensure(tenant: string, record: T): Promise<boolean> {
    const inserted = await base.ensure(tenant, record);
    const stored = inserted ? record : await base.get(tenant, record._id);
    if (!stored) return inserted;
    try {
      await claims.put(tenant, claimOf(stored), 'absent');
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error;
    }
    return inserted;
  }

  return { ...base, create, update, remove, ensure, holderOf };
}
