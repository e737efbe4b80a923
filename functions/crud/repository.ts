import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import { type AppError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { isDescending, type ListQuery, type Page } from '../../shared/schemas/paging';
import { db, TransactWriteCommand, tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { batchGetItems } from '../table/batch';
import { getItem } from '../table/coalesced-get';
import { counters, countWrite, readCount } from '../table/counters';
import { defineEntity, type IndexKeys } from '../table/entity';
import { writtenIf } from '../table/items';
import { type TransactItem, writeTransaction } from '../table/transactions';
import {
  type Condition,
  type FilterOf,
  guarded,
  type ListedEntity,
  type ListIndex,
  listIndexes,
} from './list-index';

export interface CrudRecord {
  _id: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The list indexes of a collection beyond its default order (newest created first, gsi1): see
 * functions/crud/list-index.ts. Filters named here are served from their indexes; any other filter, a
 * search or a sort no index orders by is applied to the newest `scanLimit` records of the best partition.
 */
export interface CrudLists<T, Filter extends string, Order extends string> {
  filters: { [Name in Filter]: FilterOf<T> };
  /** Times besides `createdAt` a list can be ordered and date-filtered by (UTC ISO instants). */
  orders?: { [Name in Order]: (record: T) => string | null | undefined };
  /** The order of a list that asks for none (newest first); `createdAt` by default. */
  defaultOrder?: NoInfer<Order> | 'createdAt';
  indexes: ReadonlyArray<ListIndex<NoInfer<Filter>, NoInfer<Order> | 'createdAt'>>;
}

export interface CollectionOptions<
  T extends CrudRecord = CrudRecord,
  Filter extends string = never,
  Order extends string = never,
> {
  /** The `<COLLECTION>` part of the keys. */
  collection: string;
  /**
   * The record as stored: every write is parsed with it (nothing undeclared is stored) and so is every
   * read (functions/table/entity.ts).
   */
  schema: z.core.$ZodType<T>;
  label: string;
  /** Fields matched (case-insensitively, substring) by `searchText`. */
  searchFields: string[];
  /** Fields a caller may sort by; anything else is refused with a 400 by the route schema or ignored. */
  sortFields: string[];
  /**
   * What a search, a filter or a sort no index serves reads at most: the newest records of the partition
   * the filters' indexes select. Beyond it the page says `partial` (see shared/schemas/paging.ts).
   */
  scanLimit?: number;
  /** Extra index keys (gsi2) for a record, e.g. a student's trials. */
  indexKeys?: (tenant: string, record: T) => IndexKeys;
  lists?: CrudLists<T, Filter, Order>;
  /**
   * A condition on the stored record every delete is held to, in the delete's own write (e.g. nothing
   * still holds it: a holder count the holders' writes keep). A delete it refuses is a 409.
   */
  deletableWhen?: Condition;
  /**
   * Writes to other records that move with each of this collection's writes, in the same transaction (a
   * group's count of its plans, moved as a plan joins or leaves it): `writes` gets the record before and
   * after (undefined: not there); `refused` is the error when one of those writes' conditions fails (the
   * group does not exist).
   */
  related?: {
    writes: (tenant: string, before: T | undefined, after: T | undefined) => TransactItem[];
    refused: (record: T) => AppError;
  };
  /**
   * A rule between a record's fields the schema cannot hold (a partial update is judged merged): the error a
   * create (`before` undefined) or an update is refused with, or undefined. Checked before the write, which
   * is conditional on the record read.
   */
  check?: (before: T | undefined, after: T) => AppError | undefined;
}

/** What a list asks beyond paging, search, sort and equality filters. */
export interface CrudListOptions<T> {
  /** What no filter field expresses (a value in a list, a person on a request): read within the scan limit. */
  matches?: (doc: T) => boolean;
  /** Records whose `order` time is within [from, to] (UTC ISO instants, both inclusive). */
  range?: { order: string; from?: string | undefined; to?: string | undefined };
}

type FilterValue = string | number | boolean | undefined;

/**
 * One generic repository for the admin CRUD collections. Records live in one partition per tenant and
 * collection, listed through gsi1 by creation time and through the list indexes the collection declares,
 * so:
 * - a page (the default one, or one of declared filters, a date range and an indexed order) is a
 *   keys-only skip to `offset` plus one read of `limit` items, and `totalDocs` comes from maintained
 *   counters: the cost depends on offset + limit, not on the collection size;
 * - a search, another filter or another sort reads at most the newest `scanLimit` records of the best
 *   partition, and the page says so (`partial`) when there were more.
 */
export function collectionRepository<
  T extends CrudRecord,
  Filter extends string = never,
  Order extends string = never,
>(options: CollectionOptions<T, Filter, Order>) {
  const { collection } = options;
  /**
   * The record as stored: the collection's schema, and the version of its list entries (list-index.ts),
   * which the list indexes read back to know what a write replaces.
   */
  const storedSchema = z.intersection(z.object({ listsVersion: z.optional(z.number()) }), options.schema);
  type Stored = z.output<typeof storedSchema>;
  /** Records are listed through gsi1, ordered by creation time (built-in records keep readable ids). */
  const entity = defineEntity({
    name: collection,
    schema: storedSchema,
    keyAttributes: ['_id'],
    key: (tenant, record) => keys.collectionItem(tenant, collection, record._id),
    indexes: (tenant, record) => ({
      ...keys.collectionOrder(tenant, collection, record.createdAt, record._id),
      ...options.indexKeys?.(tenant, record),
    }),
  });
  const keyOf = (tenant: string, id: string) => keys.collectionItem(tenant, collection, id);

  /** The maintained collection size moves with each insert and delete, in the same transaction. */
  const countBy = (tenant: string, delta: 1 | -1): TransactItem => countWrite(tenant, collection, delta);

  function count(tenant: string): Promise<number> {
    return readCount(tenant, collection);
  }

  async function get(
    tenant: string,
    id: string,
    options: { consistent?: boolean } = {},
  ): Promise<Stored | undefined> {
    const Item = await getItem(keyOf(tenant, id), options.consistent ?? false);
    return Item ? entity.parse(Item) : undefined;
  }

  /** Every record of the tenant, oldest first (a one-off job's read: the backfill of list indexes). */
  function all(tenant: string): Promise<Stored[]> {
    return entity.query({ index: 'gsi1', partition: keys.collection(tenant, collection) });
  }

  /** Many records by id (batched, unprocessed keys retried); unknown ids are left out, in no set order. */
  async function getMany(tenant: string, ids: readonly string[]): Promise<Stored[]> {
    const items = await batchGetItems([...new Set(ids)].map((id) => keyOf(tenant, id)));
    return items.map((item) => entity.parse(item));
  }

  const listed: ListedEntity<Stored> = {
    key: (tenant, id) => keyOf(tenant, id._id),
    parse: entity.parse,
    getMany: (tenant, ids) =>
      getMany(
        tenant,
        ids.map((id) => id._id),
      ),
  };

  const declaredOrders: Record<string, (record: T) => string | null | undefined> = {
    ...options.lists?.orders,
  };
  const lists = listIndexes<Stored, Filter, Order | 'createdAt'>({
    collection,
    entity: listed,
    filters: options.lists?.filters ?? none(),
    orders: { ...(options.lists?.orders ?? none()), createdAt: (record) => record.createdAt },
    defaultOrder: options.lists?.defaultOrder ?? 'createdAt',
    indexes: [
      // The default order: the records themselves in gsi1, counted by the collection's counter.
      {
        name: 'created',
        filters: [],
        order: 'createdAt',
        count: 'collection',
        gsi: { name: 'gsi1', partition: (tenant) => keys.collection(tenant, collection) },
      },
      ...(options.lists?.indexes ?? []),
    ],
    collectionCount: count,
    ...(options.scanLimit ? { scanLimit: options.scanLimit } : {}),
  });
  const declaredFilters = new Set<string>(Object.keys(options.lists?.filters ?? {}));
  const isDeclaredFilter = (name: string): name is Filter => declaredFilters.has(name);
  const isOrder = (name: string): name is Order | 'createdAt' =>
    name === 'createdAt' || name in declaredOrders;

  /** The record as written: marked with the version of the list entries written with it. */
  const stamped = (record: T): Stored => ({ ...record, ...lists.stamp() });

  async function list(
    tenant: string,
    query: ListQuery,
    filters: Record<string, FilterValue> = {},
    listOptions: CrudListOptions<T> = {},
  ): Promise<Page<T>> {
    const { limit, offset, searchText, sortKey, sortValue } = query;
    const active = Object.entries(filters).flatMap(([name, value]) =>
      value === undefined || value === '' ? [] : [{ name, value: String(value) }],
    );
    // Declared filters are served by their indexes; the others are checked per record, like a search.
    const served: { [Name in Filter]?: string } = {};
    const checked: typeof active = [];
    for (const filter of active) {
      if (isDeclaredFilter(filter.name)) served[filter.name] = filter.value;
      else checked.push(filter);
    }
    const search = searchText?.trim().toLowerCase();
    const { matches, range } = listOptions;
    const residual =
      search || checked.length > 0 || matches
        ? (doc: T) =>
            (!search ||
              options.searchFields.some((field) =>
                String(Reflect.get(doc, field) ?? '')
                  .toLowerCase()
                  .includes(search),
              )) &&
            checked.every(({ name, value }) => String(Reflect.get(doc, name)) === value) &&
            (!matches || matches(doc))
        : undefined;
    const customSort = sortKey !== undefined && options.sortFields.includes(sortKey);
    return lists.list(tenant, {
      limit,
      offset,
      filters: served,
      ...(range && isOrder(range.order) ? { range: { ...range, order: range.order } } : {}),
      ...(customSort ? { sort: { key: sortKey, descending: isDescending(sortValue) } } : {}),
      ...(residual ? { matches: residual } : {}),
    });
  }

  /**
   * The writes that replace a record read as `current` by `next`, for one transaction: the record, on the
   * condition that it is unchanged since read (and `also`, a caller's own condition), then its list entries
   * and counts. A failed condition is the record's (the first write).
   */
  function replaceItems(
    tenant: string,
    current: Stored,
    next: T,
    also?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> },
  ): TransactItem[] {
    const record = stamped(next);
    const put = entity.putWrite(tenant, record, { unchangedSince: current.updatedAt });
    return [guarded(guarded(put, also), lists.guard(current)), ...lists.writes(tenant, current, record)];
  }

  /** The writes that delete a record read as `current` (unchanged since), its entries and its counts. */
  function deleteItems(tenant: string, current: Stored): TransactItem[] {
    const remove: TransactItem = {
      Delete: {
        TableName: tableName(),
        Key: keyOf(tenant, current._id),
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
        ExpressionAttributeValues: { ':read': current.updatedAt },
      },
    };
    return [
      guarded(guarded(remove, options.deletableWhen), lists.guard(current)),
      countBy(tenant, -1),
      ...lists.writes(tenant, current, undefined),
    ];
  }

  /** The writes that insert a record (and raise the counters), for a caller's larger transaction. */
  function insertItems(tenant: string, record: T): TransactItem[] {
    return [
      entity.putWrite(tenant, stamped(record), 'absent'),
      countBy(tenant, 1),
      ...lists.writes(tenant, undefined, record),
    ];
  }

  /**
   * Writes a new record and raises the counter in one transaction (with its related writes); false when the
   * id is taken or a related write's condition fails.
   */
  async function insert(tenant: string, record: T): Promise<boolean> {
    const related = options.related?.writes(tenant, undefined, record) ?? [];
    return writtenIf(
      db().send(new TransactWriteCommand({ TransactItems: [...insertItems(tenant, record), ...related] })),
    );
  }

  async function create(tenant: string, input: Omit<T, keyof CrudRecord> & Partial<CrudRecord>): Promise<T> {
    const now = new Date().toISOString();
    const record = z.parse(options.schema, {
      ...input,
      _id: input._id ?? newId(),
      createdAt: now,
      updatedAt: now,
    });
    const refusal = options.check?.(undefined, record);
    if (refusal) throw refusal;
    const own = insertItems(tenant, record);
    const related = options.related;
    if (!related) {
      if (!(await insert(tenant, record))) throw new ConflictError(`This ${options.label} already exists`);
      return record;
    }
    await writeTransaction([...own, ...related.writes(tenant, undefined, record)], (failed) =>
      failed < own.length
        ? new ConflictError(`This ${options.label} already exists`)
        : related.refused(record),
    );
    return record;
  }

  const stale = () =>
    new ConflictError(`This ${options.label} was changed by someone else. Reload and try again.`);

  /**
   * Replaces the given fields. The write is conditional on the record's `updatedAt` being the one read,
   * so two admins saving at once cannot silently overwrite each other: the second gets a 409.
   */
  async function update(tenant: string, id: string, changes: Partial<Omit<T, keyof CrudRecord>>): Promise<T> {
    const current = await get(tenant, id);
    if (!current) throw new NotFoundError(`${capitalize(options.label)} not found`);
    const next = z.parse(options.schema, {
      ...current,
      ...changes,
      _id: id,
      updatedAt: new Date().toISOString(),
    });
    const refusal = options.check?.(current, next);
    if (refusal) throw refusal;
    const own = replaceItems(tenant, current, next);
    const related = options.related?.writes(tenant, current, next) ?? [];
    await writeTransaction([...own, ...related], (failed) =>
      failed < own.length || !options.related ? stale() : options.related.refused(next),
    );
    return next;
  }

  /** Deletes the record and its entries and lowers the counters in one transaction; a 404 when it does not exist. */
  async function remove(tenant: string, id: string): Promise<void> {
    const current = await get(tenant, id);
    if (!current) throw new NotFoundError(`${capitalize(options.label)} not found`);
    const own = deleteItems(tenant, current);
    const related = options.related?.writes(tenant, current, undefined) ?? [];
    await writeTransaction([...own, ...related], (failed) =>
      failed < own.length || !options.related ? stale() : options.related.refused(current),
    );
  }

  /** Seeding: write a record with a fixed id only if it is not there yet (idempotent). */
  const ensure = insert;

  /**
   * Every item a set of new records leaves in the table (records, list entries, counters summed), for a
   * bulk load into a tenant that holds none of this collection yet: the benchmarks' seeding.
   */
  function seedItems(tenant: string, records: readonly T[]): Array<Record<string, unknown>> {
    return [
      // Copied into plain attribute maps: a BatchWriteItem's items (the record's type is the caller's).
      ...records.map((record) => Object.fromEntries(Object.entries(entity.item(tenant, stamped(record))))),
      ...lists.seedItems(tenant, records),
      counters.item(tenant, { name: collection, count: records.length }),
    ];
  }

  return {
    get,
    getMany,
    all,
    query: entity.query,
    list,
    count,
    create,
    update,
    remove,
    ensure,
    insertItems,
    replaceItems,
    deleteItems,
    countBy,
    lists,
    seedItems,
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The filters or orders of a collection that declares none (its `Filter` and `Order` are `never`). */
function none<Declared>(): Declared {
  return Object.create(null);
}
