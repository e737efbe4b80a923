import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { type CollectionOptions, type CrudRecord, collectionRepository } from '../crud/repository';
import { db, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { stripKeys } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';

export interface SitePathCollectionOptions<T> extends CollectionOptions {
  /** The record field holding its site path: unique per tenant, and the key of the look-up. */
  pathField: keyof T & string;
  /** The fields the by-path item keeps, so a look-up is one GetItem and never reads the record. */
  lookupFields: Array<keyof T & string>;
  duplicateMessage: (path: string) => string;
}

/**
 * A CRUD collection whose records are reached by a unique site path (meta tags, redirections). Next to
 * each record sits a by-path item `T#t#<COLLECTION>#PATH#<path>` written in the same transaction with a
 * condition that it does not exist yet, so two records can never claim one path (the second is a 409),
 * and the public look-up (a page's meta tag, the local web server's redirect) is a single GetItem.
 */
export function sitePathCollection<T extends CrudRecord>(options: SitePathCollectionOptions<T>) {
  const base = collectionRepository<T>(options);
  const { collection, pathField } = options;
  const pathKey = (tenant: string, path: string) => keys.sitePath(tenant, collection, path);
  const pathOf = (record: T) => String((record as Record<string, unknown>)[pathField]);
  const lookupItem = (tenant: string, record: T) => ({
    ...pathKey(tenant, pathOf(record)),
    entity: `${collection}PATH`,
    _id: record._id,
    ...Object.fromEntries(options.lookupFields.map((field) => [field, record[field]])),
  });
  const claim = (tenant: string, record: T): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: lookupItem(tenant, record),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const release = (tenant: string, path: string): TransactItem => ({
    Delete: { TableName: tableName(), Key: pathKey(tenant, path) },
  });
  const counter = (tenant: string, delta: 1 | -1): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.counter(tenant, collection),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  });
  const notFound = () => new NotFoundError(`${capitalize(options.label)} not found`);
  const stale = () =>
    new ConflictError(`This ${options.label} was changed by someone else. Reload and try again.`);

  async function create(tenant: string, input: Omit<T, keyof CrudRecord> & Partial<CrudRecord>): Promise<T> {
    const now = new Date().toISOString();
    const record = { ...input, _id: input._id ?? newId(), createdAt: now, updatedAt: now } as T;
    const items = [...(base.insertItems(tenant, record) as TransactItem[]), claim(tenant, record)];
    await writeTransaction(items, (failed) =>
      failed === items.length - 1
        ? new ConflictError(options.duplicateMessage(pathOf(record)))
        : new ConflictError(`This ${options.label} already exists`),
    );
    return record;
  }

  /** Replaces the given fields if nobody saved the record since it was read; moves its path claim along. */
  async function update(tenant: string, id: string, changes: Partial<Omit<T, keyof CrudRecord>>): Promise<T> {
    const current = await base.get(tenant, id);
    if (!current) throw notFound();
    const next = { ...current, ...changes, _id: id, updatedAt: new Date().toISOString() } as T;
    const moved = pathOf(next) !== pathOf(current);
    const items: TransactItem[] = [
      {
        Put: {
          TableName: tableName(),
          Item: base.toItem(tenant, next),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
          ExpressionAttributeValues: { ':read': current.updatedAt },
        },
      },
      ...(moved
        ? [release(tenant, pathOf(current)), claim(tenant, next)]
        : [{ Put: { TableName: tableName(), Item: lookupItem(tenant, next) } }]),
    ];
    await writeTransaction(items, (failed) =>
      failed === 0 ? stale() : new ConflictError(options.duplicateMessage(pathOf(next))),
    );
    return next;
  }

  async function remove(tenant: string, id: string): Promise<void> {
    const current = await base.get(tenant, id);
    if (!current) throw notFound();
    await writeTransaction(
      [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.collectionItem(tenant, collection, id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        counter(tenant, -1),
        release(tenant, pathOf(current)),
      ],
      () => notFound(),
    );
  }

  /** The record's look-up fields for a site path (already cleaned), or undefined. */
  async function byPath(tenant: string, path: string): Promise<(Pick<T, '_id'> & Partial<T>) | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: pathKey(tenant, path) }));
    return Item ? stripKeys<Pick<T, '_id'> & Partial<T>>(Item) : undefined;
  }

  return { ...base, create, update, remove, byPath };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
