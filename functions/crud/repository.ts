import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { isDescending, type ListQuery, type Page } from '../../shared/schemas/paging';
import { db, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { isConditionalCheckFailure, stripKeys } from '../table/items';

export interface CrudRecord {
  _id: string;
  createdAt: string;
  updatedAt: string;
}

export interface CollectionOptions {
  /** The `<COLLECTION>` part of the keys. */
  collection: string;
  label: string;
  /** Fields matched (case-insensitively, substring) by `searchText`. */
  searchFields: string[];
  /** Fields a caller may sort by; anything else is refused with a 400 by the route schema or ignored. */
  sortFields: string[];
  /**
   * A search, filter or custom sort reads at most this many records, the newest: above it, it answers
   * from the newest ones (still filtered and sorted as asked) rather than reading the whole collection.
   * Admin collections stay far below it; lesson requests and trials reach it only after years.
   */
  inMemoryLimit?: number;
  /** Extra index keys (gsi2) for a record, e.g. a student's trials. */
  indexKeys?: (tenant: string, record: Record<string, unknown>) => Record<string, string>;
}

const DEFAULT_IN_MEMORY_LIMIT = 5_000;

/**
 * One generic repository for the admin CRUD collections. Records live in one partition per tenant and
 * collection, sorted by their time-ordered `_id`, so:
 * - the default page (newest first) is a keys-only skip to `offset` plus one read of `limit` items, and
 *   `totalDocs` is a maintained counter: the cost depends on offset + limit, not on the collection size;
 * - a search, filter or custom sort reads the (small) collection, at most its newest `inMemoryLimit`
 *   records, and pages in memory.
 */
export function collectionRepository<T extends CrudRecord>(options: CollectionOptions) {
  const { collection } = options;
  const pk = (tenant: string) => keys.collection(tenant, collection);
  /** The maintained collection size moves with each insert and delete, in the same transaction. */
  const countBy = (tenant: string, delta: 1 | -1) => ({
    Update: {
      TableName: tableName(),
      Key: keys.counter(tenant, collection),
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  });
  /** Records are listed through gsi1, ordered by creation time (built-in records keep readable ids). */
  const toItem = (tenant: string, record: CrudRecord) => ({
    ...keys.collectionItem(tenant, collection, record._id),
    ...keys.collectionOrder(tenant, collection, record.createdAt, record._id),
    ...options.indexKeys?.(tenant, record as unknown as Record<string, unknown>),
    entity: collection,
    ...record,
  });

  async function get(tenant: string, id: string): Promise<T | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.collectionItem(tenant, collection, id) }),
    );
    return Item ? stripKeys<T>(Item) : undefined;
  }

  async function count(tenant: string): Promise<number> {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.counter(tenant, collection) }),
    );
    return (Item?.count as number | undefined) ?? 0;
  }

  /** The sort key where the page starts, found by reading keys only. */
  async function skipKeys(
    tenant: string,
    offset: number,
  ): Promise<Record<string, unknown> | undefined | null> {
    let remaining = offset;
    let startKey: Record<string, unknown> | undefined;
    while (remaining > 0) {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': pk(tenant) },
          ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk',
          ScanIndexForward: false,
          Limit: remaining,
          ExclusiveStartKey: startKey,
        }),
      );
      remaining -= page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
      if (!startKey) return remaining > 0 ? null : undefined;
    }
    return startKey;
  }

  /** Newest first, from `startKey` (or the start), until `max` records or the end of the collection. */
  async function readInOrder(tenant: string, max: number, startKey?: Record<string, unknown>): Promise<T[]> {
    const docs: T[] = [];
    let next = startKey;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': pk(tenant) },
          ScanIndexForward: false,
          Limit: Math.min(max - docs.length, 1_000),
          ExclusiveStartKey: next,
        }),
      );
      docs.push(...(page.Items ?? []).map((item) => stripKeys<T>(item)));
      next = page.LastEvaluatedKey;
    } while (next && docs.length < max);
    return docs;
  }

  async function pageInOrder(tenant: string, limit: number, offset: number): Promise<T[]> {
    const startKey = await skipKeys(tenant, offset);
    return startKey === null ? [] : readInOrder(tenant, limit, startKey);
  }

  async function list(
    tenant: string,
    query: ListQuery,
    filters: Record<string, string | number | boolean | undefined> = {},
    /** A filter no equality can express (a date range, a value in a list); read in memory like search. */
    matches?: (doc: T) => boolean,
  ): Promise<Page<T>> {
    const { limit, offset, searchText, sortKey, sortValue } = query;
    const activeFilters = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
    const search = searchText?.trim().toLowerCase();
    const customSort = sortKey !== undefined && options.sortFields.includes(sortKey);
    const inMemoryLimit = options.inMemoryLimit ?? DEFAULT_IN_MEMORY_LIMIT;

    if (!search && activeFilters.length === 0 && !customSort && !matches) {
      const [total, docs] = await Promise.all([count(tenant), pageInOrder(tenant, limit, offset)]);
      return { limit, offset, totalDocs: total, docs };
    }

    let docs = await readInOrder(tenant, inMemoryLimit);
    if (search) {
      docs = docs.filter((doc) =>
        options.searchFields.some((field) =>
          String((doc as Record<string, unknown>)[field] ?? '')
            .toLowerCase()
            .includes(search),
        ),
      );
    }
    if (matches) docs = docs.filter(matches);
    for (const [field, value] of activeFilters) {
      docs = docs.filter((doc) => String((doc as Record<string, unknown>)[field]) === String(value));
    }
    if (customSort) {
      const direction = isDescending(sortValue) ? -1 : 1;
      docs.sort(
        (a, b) =>
          direction *
          compareValues((a as Record<string, unknown>)[sortKey], (b as Record<string, unknown>)[sortKey]),
      );
    }
    return { limit, offset, totalDocs: docs.length, docs: docs.slice(offset, offset + limit) };
  }

  /** The writes that insert a record (and raise the counter), for a caller's larger transaction. */
  function insertItems(tenant: string, record: T) {
    return [
      {
        Put: {
          TableName: tableName(),
          Item: toItem(tenant, record),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      countBy(tenant, 1),
    ];
  }

  /** Writes a new record and raises the counter in one transaction; false when the id is taken. */
  async function insert(tenant: string, record: T): Promise<boolean> {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: insertItems(tenant, record) }));
      return true;
    } catch (error) {
      if (isConditionalCheckFailure(error)) return false;
      throw error;
    }
  }

  async function create(tenant: string, input: Omit<T, keyof CrudRecord> & Partial<CrudRecord>): Promise<T> {
    const now = new Date().toISOString();
    const record = { ...input, _id: input._id ?? newId(), createdAt: now, updatedAt: now } as T;
    if (!(await insert(tenant, record))) throw new ConflictError(`This ${options.label} already exists`);
    return record;
  }

  /**
   * Replaces the given fields. The write is conditional on the record's `updatedAt` being the one read,
   * so two admins saving at once cannot silently overwrite each other: the second gets a 409.
   */
  async function update(tenant: string, id: string, changes: Partial<Omit<T, keyof CrudRecord>>): Promise<T> {
    const current = await get(tenant, id);
    if (!current) throw new NotFoundError(`${capitalize(options.label)} not found`);
    const next = { ...current, ...changes, _id: id, updatedAt: new Date().toISOString() } as T;
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: toItem(tenant, next),
          ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
          ExpressionAttributeValues: { ':read': current.updatedAt },
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailure(error)) {
        throw new ConflictError(`This ${options.label} was changed by someone else. Reload and try again.`);
      }
      throw error;
    }
    return next;
  }

  /** Deletes the record and lowers the counter in one transaction; a 404 when it does not exist. */
  async function remove(tenant: string, id: string): Promise<void> {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: tableName(),
                Key: keys.collectionItem(tenant, collection, id),
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            countBy(tenant, -1),
          ],
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailure(error)) throw new NotFoundError(`${capitalize(options.label)} not found`);
      throw error;
    }
  }

  async function getMany(tenant: string, ids: string[]): Promise<T[]> {
    const items = await batchGetItems(
      [...new Set(ids)].map((id) => keys.collectionItem(tenant, collection, id)),
    );
    return items.map((item) => stripKeys<T>(item));
  }

  /** Seeding: write a record with a fixed id only if it is not there yet (idempotent). */
  const ensure = insert;

  return { get, getMany, list, count, create, update, remove, ensure, insertItems, toItem, countBy };
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
