import * as z from 'zod/mini';
import '../../shared/schemas/zod-english';
import type { Page } from '../../shared/schemas/paging';
import { config } from '../lib/config';
import { tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity, keyConditionQuery, type PartitionQuery, type PrimaryKey } from '../table/entity';
import { queryProjected } from '../table/projection';
import { countItems, queryItems, skipItems } from '../table/query';
import type { TransactItem } from '../table/transactions';

/**
 * One entry of a list index (a partition per combination of filter values, see `listIndexes`): it points
 * at its record, keyed `<order>#<id>` in its partition.
 */
const listEntries = defineEntity({
  name: 'listEntry',
  schema: z.object({ partition: z.string(), order: z.string(), ref: z.string() }),
  keyAttributes: ['partition', 'order', 'ref'],
  key: (_tenant, entry) => keys.listEntry(entry.partition, entry.order, entry.ref),
});

/**
 * The day counters of a collection's list indexes: one item per UTC day (and shard), whose counts (one
 * number attribute per partition, named by keys.listCountAttribute) move by ADD in the writes'
 * transactions and are read with a narrow schema of the one count a total needs.
 */
const listDayCounts = defineEntity({
  name: 'listCount',
  schema: z.object({ collection: z.string(), day: z.string(), shard: z.optional(z.string()) }),
  keyAttributes: ['collection', 'day', 'shard'],
  key: (tenant, count) => keys.listDayCount(tenant, count.collection, count.day, count.shard),
});

type DayCountId = { collection: string; day: string; shard?: string };

/**
 * Moves some counts of one day counter (ADD, so concurrent writes of one day add up), keyed by its entity;
 * the counter's own attributes are set with it, so the item is one the entity parses.
 */
function dayCountUpdate(
  tenant: string,
  id: DayCountId,
  moves: ReadonlyArray<readonly [string, number]>,
): TransactItem {
  const own = listDayCounts.item(tenant, id);
  const set = Object.entries({ entity: own.entity, ...id });
  return {
    Update: {
      TableName: tableName(),
      Key: listDayCounts.key(tenant, id),
      UpdateExpression: `SET ${set.map((_, i) => `#s${i} = :s${i}`).join(', ')} ADD ${moves
        .map((_, i) => `#c${i} :d${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: {
        ...Object.fromEntries(set.map(([name], i) => [`#s${i}`, name])),
        ...Object.fromEntries(moves.map(([attribute], i) => [`#c${i}`, attribute])),
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(set.map(([, value], i) => [`:s${i}`, value])),
        ...Object.fromEntries(moves.map(([, delta], i) => [`:d${i}`, delta])),
      },
    },
  };
}

/** How a collection's records are read: their entity's key, parse and batched read. */
export interface ListedEntity<T> {
  key: (tenant: string, id: { _id: string }) => PrimaryKey;
  parse: (item: { [name: string]: unknown }) => T;
  getMany: (tenant: string, ids: ReadonlyArray<{ _id: string }>) => Promise<T[]>;
}

/** A record's values for one filter: one, several (a request's students), or none (not listed under it). */
export type FilterOf<T> = (record: T) => string | readonly string[] | null | undefined;

/**
 * One way a list is served from keys: a partition per combination of its filters' values, ordered by one
 * of the record's times, newest first. A filtered page is then a keys-only skip to the offset and one read
 * of the page, and a date filter is a range of the sort key, whatever the size of the collection.
 */
export interface ListIndex<Filter extends string, Order extends string> {
  /** Names the partitions in their keys: renaming an index needs a backfill. */
  name: string;
  filters: readonly Filter[];
  order: Order;
  /**
   * How its totals are known: `days`, counters per partition and UTC day kept in every write's
   * transaction (large partitions: a date range's total is the sum of its whole days plus the entries of
   * its two partial days); `keys`, by counting the partition's keys (a person's partition, small by
   * nature); `collection`, the collection's own counter (no filter, no date range).
   */
  count: 'days' | 'keys' | 'collection';
  /**
   * The record itself sits in this GSI partition, keyed `<order>#<id>` by its own repository, so no entry
   * items are written for this index.
   */
  gsi?: { name: 'gsi1' | 'gsi2'; partition: (tenant: string, values: readonly string[]) => string };
}

export interface ListDeclaration<T, Filter extends string, Order extends string> {
  /** The `<COLLECTION>` part of the entry and counter keys. */
  collection: string;
  /** The records' entity: an entry points at a record by its id, and a GSI's items are the records. */
  entity: ListedEntity<T>;
  filters: { [Name in Filter]: FilterOf<T> };
  /** The record's times a list can be ordered and date-filtered by: UTC ISO instants. */
  orders: { [Name in Order]: (record: T) => string | null | undefined };
  /** The order of a list that asks for none (newest first). */
  defaultOrder: NoInfer<Order>;
  indexes: ReadonlyArray<ListIndex<NoInfer<Filter>, NoInfer<Order>>>;
  /** The collection's own counter, for an index counted `collection`. */
  collectionCount?: (tenant: string) => Promise<number>;
  /**
   * Spreads the day counters over several items by record (a lesson's by its tutor's busy shard), so that
   * concurrent writes of records of different shards never meet on one counter item; a total reads every
   * shard. One item a day otherwise.
   */
  countShards?: { of: (record: T) => string; all: readonly string[] };
  /**
   * What a list no index can answer alone (a search, a filter without an index, another sort) reads at
   * most: the newest records of the best index's partition. Beyond it, the answer says so (`partial`).
   * The deployment's LIST_SCAN_LIMIT when absent.
   */
  scanLimit?: number;
}

export interface ListRequest<T, Filter extends string, Order extends string> {
  limit: number;
  offset: number;
  /** Equality filters by declared name; empty and undefined values are no filter. */
  filters?: { [Name in Filter]?: string | undefined };
  /** Records whose `order` time is in [from, to] (both inclusive UTC ISO instants). */
  range?: { order: Order; from?: string | undefined; to?: string | undefined };
  /** A record field to sort by; the list's index order (newest first) when absent. */
  sort?: { key: string; descending: boolean };
  /** What no index can check (a search, a filter with no declared values): read within the scan limit. */
  matches?: (record: T) => boolean;
}

/**
 * The version of the index entries a record carries (`listsVersion` on its item). A write that finds a
 * record without it (stored before its collection had list indexes) writes its entries without removing
 * any, on the condition that the record is still without it, so an online backfill
 * (functions/crud/backfill-lists.ts, `npm run tenant -- backfill-lists`) and live writes never count a
 * record twice.
 */
export const LISTS_VERSION = 1;
const VERSION_ATTRIBUTE = 'listsVersion';

type Key = Record<string, unknown>;
export type Condition = {
  expression: string;
  names?: Record<string, string> | undefined;
  values?: Record<string, unknown> | undefined;
};

interface Entry {
  values: readonly string[];
  order: string;
  id: string;
}

interface Plan<Filter extends string, Order extends string> {
  index: ListIndex<Filter, Order>;
  values: string[];
  /** The index order serves the sort asked for (or the default order). */
  sortServed: boolean;
  /** Filters of the request the index does not cover. */
  residualFilters: Array<[Filter, string]>;
  /** The range, when the index is ordered by its time (else it is checked per record). */
  keyRange: { from?: string | undefined; to?: string | undefined };
}

const ISO_DAY = 10;
/**
 * From this offset a page of a day-counted index starts by the day counters (one read of the range's, or the
 * partition's, counters) rather than by skipping every key before it: below it, the keys skipped take a read
 * or two, which costs less than the counters of a long history.
 */
const DAY_SKIP_FROM_OFFSET = 200;
const dayOf = (instant: string) => instant.slice(0, ISO_DAY);
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, ISO_DAY);

function valuesOf(value: string | readonly string[] | null | undefined): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (typeof value === 'string') return [value];
  return [...new Set(value.filter((v) => v !== ''))];
}

/** Every combination of one value per filter (none when a filter has no value: the index is sparse). */
function combinations(lists: string[][]): string[][] {
  return lists.reduce<string[][]>(
    (combos, values) => combos.flatMap((combo) => values.map((value) => [...combo, value])),
    [[]],
  );
}

export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base', numeric: true });
}

/**
 * The list indexes of one collection: the writes that keep them with each record change (for the
 * change's own transaction) and the planner that answers a list from them.
 */
export function listIndexes<T extends { _id: string }, Filter extends string, Order extends string>(
  declaration: ListDeclaration<T, Filter, Order>,
) {
  const { collection, indexes } = declaration;
  // Read per request: the configuration is parsed at the first one, not when the module loads.
  const scanLimitOf = () => declaration.scanLimit ?? config().LIST_SCAN_LIMIT;
  /** Whether records carry the version marker: only when something besides their own keys lists them. */
  const versioned = indexes.some((index) => !index.gsi || index.count === 'days');

  const partitionOf = (tenant: string, index: ListIndex<Filter, Order>, values: readonly string[]) =>
    index.gsi
      ? index.gsi.partition(tenant, values)
      : keys.listEntries(tenant, collection, index.name, values);

  function entriesOf(index: ListIndex<Filter, Order>, record: T): Entry[] {
    const order = declaration.orders[index.order](record);
    if (!order) return [];
    const lists = index.filters.map((filter) => valuesOf(declaration.filters[filter](record)));
    return combinations(lists).map((values) => ({ values, order, id: record._id }));
  }

  const isOrderName = (name: string): name is Order => name in declaration.orders;
  /** A day counter's identity (its shard only where the collection spreads its counts). */
  const dayCountId = (day: string, shard: string | undefined): DayCountId =>
    shard === undefined ? { collection, day } : { collection, day, shard };
  const shardOf = (record: T) => declaration.countShards?.of(record);

  const isIndexed = (record: T) =>
    VERSION_ATTRIBUTE in record && Reflect.get(record, VERSION_ATTRIBUTE) === LISTS_VERSION;

  /**
   * The entry and counter writes that take a record from `before` to `after` (undefined: not there), for
   * the transaction that writes the record. Entries that stay are not rewritten; counters move by day.
   */
  function writes(tenant: string, before: T | undefined, after: T | undefined): TransactItem[] {
    return writesOfMany(tenant, [{ before, after }]);
  }

  /** `writes` of several records' changes in one transaction: their counts moved once per day. */
  function writesOfMany(
    tenant: string,
    changes: ReadonlyArray<{ before: T | undefined; after: T | undefined }>,
  ): TransactItem[] {
    const items: TransactItem[] = [];
    // Per day item, each partition's change: a record's counts move in one write per day it touches.
    const deltas = new Map<string, { id: DayCountId; moves: Map<string, number> }>();
    const count = (index: ListIndex<Filter, Order>, record: T, entry: Entry, delta: number) => {
      if (index.count !== 'days') return;
      const id = dayCountId(dayOf(entry.order), shardOf(record));
      const key = listDayCounts.key(tenant, id);
      const attribute = keys.listCountAttribute(index.name, entry.values);
      const item = deltas.get(`${key.pk}|${key.sk}`) ?? { id, moves: new Map<string, number>() };
      item.moves.set(attribute, (item.moves.get(attribute) ?? 0) + delta);
      deltas.set(`${key.pk}|${key.sk}`, item);
    };
    for (const { before, after } of changes) {
      for (const index of indexes) {
        const old = before && isIndexed(before) ? entriesOf(index, before) : [];
        const next = after ? entriesOf(index, after) : [];
        const stored = (entry: Entry) => ({
          partition: partitionOf(tenant, index, entry.values),
          order: entry.order,
          ref: entry.id,
        });
        const idOf = (entry: Entry) => {
          const key = listEntries.key(tenant, stored(entry));
          return `${key.pk}|${key.sk}`;
        };
        const kept = new Set(next.map(idOf));
        const had = new Set(old.map(idOf));
        for (const entry of old) {
          if (kept.has(idOf(entry))) continue;
          if (!index.gsi) items.push(listEntries.deleteWrite(tenant, stored(entry)));
          if (before) count(index, before, entry, -1);
        }
        for (const entry of next) {
          if (had.has(idOf(entry))) continue;
          if (!index.gsi) items.push(listEntries.putWrite(tenant, stored(entry)));
          if (after) count(index, after, entry, 1);
        }
      }
    }

    for (const { id, moves } of deltas.values()) {
      const moved = [...moves].filter(([, delta]) => delta !== 0);
      if (moved.length === 0) continue;
      items.push(dayCountUpdate(tenant, id, moved));
    }
    return items;
  }

  /**
   * What the write of a record adds to its condition: the record still has the version marker it was read
   * with, so the entries removed are the ones it has. Nothing for a new record (the caller's
   * `attribute_not_exists(pk)` holds it) or a collection without entries.
   */
  function guard(before: T | undefined): Condition | undefined {
    if (!versioned || !before) return undefined;
    return isIndexed(before)
      ? {
          expression: '#listsVersion = :listsVersion',
          names: { '#listsVersion': VERSION_ATTRIBUTE },
          values: { ':listsVersion': LISTS_VERSION },
        }
      : {
          expression: 'attribute_not_exists(#listsVersion)',
          names: { '#listsVersion': VERSION_ATTRIBUTE },
          values: {},
        };
  }

  /** The attributes a record's item carries once its entries are written. */
  const stamp = (): Record<string, number> => (versioned ? { [VERSION_ATTRIBUTE]: LISTS_VERSION } : {});

  // ---- reading -------------------------------------------------------------------------------------

  function choose(
    request: Pick<ListRequest<T, Filter, Order>, 'filters' | 'range' | 'sort'>,
  ): Plan<Filter, Order> {
    const active = Object.entries<string | undefined>(request.filters ?? {}).filter(
      (pair): pair is [Filter, string] => pair[1] !== undefined && pair[1] !== '',
    );
    const given = new Map(active);
    const { range, sort } = request;
    const wantedOrder = sort ? sort.key : declaration.defaultOrder;
    // A date range needs an index ordered by its time, unless the partition is small (read whole); with
    // none, the range is checked per record like a search.
    const fits = (index: ListIndex<Filter, Order>, strict: boolean) =>
      index.filters.every((filter) => given.has(filter)) &&
      (!strict ||
        !range ||
        (index.order === range.order && index.count !== 'collection') ||
        index.count === 'keys');
    const candidates = indexes.some((index) => fits(index, true))
      ? indexes.filter((index) => fits(index, true))
      : indexes.filter((index) => fits(index, false));
    let best: { index: ListIndex<Filter, Order>; score: number[] } | undefined;
    for (const index of candidates) {
      const score = [
        index.filters.length,
        range && index.order === range.order ? 1 : 0,
        index.order === wantedOrder ? 1 : 0,
        -indexes.indexOf(index),
      ];
      if (!best || compareScores(score, best.score) > 0) best = { index, score };
    }
    if (!best) throw new Error(`No list index of ${collection} serves this list`);
    const { index } = best;
    return {
      index,
      values: index.filters.map((filter) => given.get(filter) ?? ''),
      sortServed: index.order === wantedOrder,
      residualFilters: active.filter(([filter]) => !index.filters.includes(filter)),
      keyRange: range && index.order === range.order ? range : {},
    };
  }

  /** The query of a plan's partition (and its range), in the base table or its GSI. */
  function partitionQuery(
    tenant: string,
    plan: Plan<Filter, Order>,
    bounds: { from?: string | undefined; to?: string | undefined } = plan.keyRange,
    descending = true,
  ): PartitionQuery {
    // Sort keys are `<time>#<id>`: the time alone sorts before all of its keys, `<time>#\uffff` after.
    const to = bounds.to ? `${bounds.to}#\uffff` : undefined;
    const sortKey =
      bounds.from && to
        ? { between: [bounds.from, to] as const }
        : bounds.from
          ? { from: bounds.from }
          : to
            ? { upTo: to }
            : undefined;
    return {
      ...(plan.index.gsi ? { index: plan.index.gsi.name } : {}),
      partition: partitionOf(tenant, plan.index, plan.values),
      ...(sortKey ? { sortKey } : {}),
      descending,
    };
  }

  /** The records behind the items of a partition, in the items' order. */
  async function recordsOf(tenant: string, plan: Plan<Filter, Order>, items: Key[]): Promise<T[]> {
    if (plan.index.gsi) return items.map((item) => declaration.entity.parse(item));
    const ids = items.map((item) => listEntries.parse(item).ref);
    const found = await declaration.entity.getMany(
      tenant,
      ids.map((id) => ({ _id: id })),
    );
    const byId = new Map(found.map((record) => [record._id, record]));
    return ids.map((id) => byId.get(id)).filter((record) => record !== undefined);
  }

  /**
   * Up to `max` records of the partition from `offset` (skipped reading keys only), in the plan's
   * direction, and whether more follow.
   */
  async function read(
    tenant: string,
    plan: Plan<Filter, Order>,
    max: number,
    descending: boolean,
    offset = 0,
  ): Promise<{ records: T[]; more: boolean }> {
    // A deep page of a day-counted index passes whole days over by their counts, then skips keys in its day.
    const start =
      offset >= DAY_SKIP_FROM_OFFSET && plan.index.count === 'days'
        ? await skipDays(tenant, plan, offset, descending)
        : { bounds: plan.keyRange, offset };
    const { from, to } = start.bounds;
    if (from && to && from > to) return { records: [], more: false };
    const input = keyConditionQuery(partitionQuery(tenant, plan, start.bounds, descending));
    const startKey = await skipItems(input, start.offset);
    if (startKey === null) return { records: [], more: false };
    // One item past `max` tells whether more follow.
    const items = await queryItems(input, max + 1, startKey);
    return { records: await recordsOf(tenant, plan, items.slice(0, max)), more: items.length > max };
  }

  /** How many keys of the partition fall in the bounds (a small partition, or a partial day). */
  function countKeys(
    tenant: string,
    plan: Plan<Filter, Order>,
    bounds: { from?: string | undefined; to?: string | undefined },
  ): Promise<number> {
    return countItems(keyConditionQuery(partitionQuery(tenant, plan, bounds)));
  }

  /** A partition's day counters from `first` to `last` (inclusive days; open when absent), by day. */
  async function dayCounts(
    tenant: string,
    plan: Plan<Filter, Order>,
    first: string | undefined,
    last: string | undefined,
  ): Promise<Map<string, number>> {
    const byDay = new Map<string, number>();
    if (first && last && first > last) return byDay;
    const shards = declaration.countShards?.all ?? [undefined];
    const attribute = keys.listCountAttribute(plan.index.name, plan.values);
    const counted = z.object({ day: z.string(), [attribute]: z.optional(z.number()) });
    const sortKey =
      first && last
        ? { between: [first, last] as const }
        : first
          ? { from: first }
          : last
            ? { upTo: last }
            : undefined;
    const perShard = await Promise.all(
      shards.map((shard) =>
        queryProjected(counted, {
          partition: listDayCounts.key(tenant, dayCountId('', shard)).pk,
          ...(sortKey ? { sortKey } : {}),
        }),
      ),
    );
    for (const days of perShard) {
      for (const counter of days) {
        // The counter's attribute is named at run time, so its type is the union of the two.
        const [day, count] = [String(counter.day), counter[attribute]];
        if (typeof count === 'number') byDay.set(day, (byDay.get(day) ?? 0) + count);
      }
    }
    return byDay;
  }

  /** The sum of a partition's day counters from `first` to `last` (inclusive days; open when absent). */
  async function sumDays(
    tenant: string,
    plan: Plan<Filter, Order>,
    first: string | undefined,
    last: string | undefined,
  ): Promise<number> {
    let sum = 0;
    for (const count of (await dayCounts(tenant, plan, first, last)).values()) sum += count;
    return sum;
  }

  /**
   * Where a page at `offset` starts, by day counters: the days wholly before it are passed over by their
   * counts (one read of the range's counters), so only the keys of the day it starts in are read to skip,
   * whatever the offset. A first or last day the range cuts is counted by its keys. Answers the bounds to
   * read from and the offset left within them.
   */
  async function skipDays(
    tenant: string,
    plan: Plan<Filter, Order>,
    offset: number,
    descending: boolean,
  ): Promise<{ bounds: Plan<Filter, Order>['keyRange']; offset: number }> {
    const { from, to } = plan.keyRange;
    const counts = await dayCounts(tenant, plan, from ? dayOf(from) : undefined, to ? dayOf(to) : undefined);
    const days = [...counts.keys()].sort();
    if (descending) days.reverse();
    let bounds = plan.keyRange;
    let skipped = 0;
    for (const day of days) {
      const dayStart = `${day}T00:00:00.000Z`;
      const dayEnd = `${day}T23:59:59.999Z`;
      const cut = (from !== undefined && from > dayStart) || (to !== undefined && to < dayEnd);
      const inDay = cut
        ? await countKeys(tenant, plan, {
            from: from && from > dayStart ? from : dayStart,
            to: to && to < dayEnd ? to : dayEnd,
          })
        : (counts.get(day) ?? 0);
      if (skipped + inDay > offset) break;
      skipped += inDay;
      bounds = descending
        ? { ...bounds, to: `${shiftDay(day, -1)}T23:59:59.999Z` }
        : { ...bounds, from: `${shiftDay(day, 1)}T00:00:00.000Z` };
    }
    return { bounds, offset: offset - skipped };
  }

  /**
   * The partition's size within the plan's range. By day counters, a range costs one read of its days'
   * counters and a count of the entries of its first and last day when the range starts or ends inside
   * them (a day in the admin's zone is not a UTC day): the collection's size never enters.
   */
  async function total(tenant: string, plan: Plan<Filter, Order>): Promise<number> {
    const { index } = plan;
    if (index.count === 'collection') {
      if (!declaration.collectionCount) throw new Error(`${collection} has no collection counter`);
      return declaration.collectionCount(tenant);
    }
    if (index.count === 'keys') return countKeys(tenant, plan, plan.keyRange);
    const { from, to } = plan.keyRange;
    const fromDay = from ? dayOf(from) : undefined;
    const toDay = to ? dayOf(to) : undefined;
    const startsWhole = !from || from === `${fromDay}T00:00:00.000Z`;
    const endsWhole = !to || to >= `${toDay}T23:59:59.999Z`;
    if (from && to && from > to) return 0;
    if (fromDay && fromDay === toDay && !(startsWhole && endsWhole)) {
      return countKeys(tenant, plan, { from, to });
    }
    const first = fromDay && !startsWhole ? shiftDay(fromDay, 1) : fromDay;
    const last = toDay && !endsWhole ? shiftDay(toDay, -1) : toDay;
    const [whole, head, tail] = await Promise.all([
      sumDays(tenant, plan, first, last),
      startsWhole ? 0 : countKeys(tenant, plan, { from, to: `${fromDay}T23:59:59.999Z` }),
      endsWhole ? 0 : countKeys(tenant, plan, { from: `${toDay}T00:00:00.000Z`, to }),
    ]);
    return whole + head + tail;
  }

  /**
   * A page of the list. Filters, a date range and the order an index covers are answered from keys (cost
   * by offset + limit, totals from counters). Whatever no index covers (a search, another filter, another
   * sort) is applied to the newest `scanLimit` records of the best partition: when it holds more, the page
   * says `partial: { scanned }`, and its total counts the matches among those only.
   */
  async function list(tenant: string, request: ListRequest<T, Filter, Order>): Promise<Page<T>> {
    const { limit, offset, sort, range, matches } = request;
    // An empty range (a key condition would refuse it).
    if (range?.from && range.to && range.from > range.to) return { limit, offset, totalDocs: 0, docs: [] };
    const plan = choose(request);
    const descending = plan.sortServed && sort ? sort.descending : true;
    const outOfRange = range && plan.index.order !== range.order;
    // A collection counter cannot count a range: such a list is counted from the records it reads.
    const uncounted = range && plan.index.count === 'collection';
    const residual =
      plan.residualFilters.length > 0 || !!matches || !plan.sortServed || outOfRange || uncounted;

    if (!residual) {
      const [totalDocs, docs] = await Promise.all([
        total(tenant, plan),
        read(tenant, plan, limit, descending, offset).then((page) => page.records),
      ]);
      return { limit, offset, totalDocs, docs };
    }

    const scanLimit = scanLimitOf();
    const scanned = await read(tenant, plan, scanLimit, true);
    const inRange = (record: T) => {
      if (!range || !outOfRange) return true;
      const time = declaration.orders[range.order](record);
      return !!time && (!range.from || time >= range.from) && (!range.to || time <= range.to);
    };
    let docs = scanned.records.filter(
      (record) =>
        inRange(record) &&
        plan.residualFilters.every(([filter, value]) =>
          valuesOf(declaration.filters[filter](record)).includes(value),
        ) &&
        (!matches || matches(record)),
    );
    // Sorted as asked, or in the list's own order when the partition read keeps another one.
    const order = sort ?? { key: declaration.defaultOrder, descending: true };
    if (!plan.sortServed) {
      const direction = order.descending ? -1 : 1;
      const sortValueOf = (record: T) =>
        isOrderName(order.key) ? declaration.orders[order.key](record) : Reflect.get(record, order.key);
      // Stable: records equal by the sort key keep the index order (newest first).
      docs = docs
        .map((record, position) => ({ record, position, value: sortValueOf(record) }))
        .sort((a, b) => direction * compareValues(a.value, b.value) || a.position - b.position)
        .map(({ record }) => record);
    } else if (!order.descending) {
      docs.reverse();
    }
    return {
      limit,
      offset,
      totalDocs: docs.length,
      docs: docs.slice(offset, offset + limit),
      ...(scanned.more ? { partial: { scanned: scanLimit } } : {}),
    };
  }

  /** The list's total alone (a count-only call): `list` without reading its page. */
  async function count(
    tenant: string,
    request: Omit<ListRequest<T, Filter, Order>, 'limit' | 'offset'>,
  ): Promise<Pick<Page<T>, 'totalDocs' | 'partial'>> {
    const { range, matches } = request;
    if (range?.from && range.to && range.from > range.to) return { totalDocs: 0 };
    const plan = choose(request);
    // The order does not change a count: only what no index covers does.
    const served =
      plan.residualFilters.length === 0 &&
      !matches &&
      (!range || (plan.index.order === range.order && plan.index.count !== 'collection'));
    if (served) return { totalDocs: await total(tenant, plan) };
    const { sort: _sort, ...unsorted } = request;
    const { totalDocs, partial } = await list(tenant, { ...unsorted, limit: 0, offset: 0 });
    return { totalDocs, ...(partial ? { partial } : {}) };
  }

  // ---- seeding and backfilling ----------------------------------------------------------------------

  /**
   * Everything a set of new records needs beside their own items, as plain items: their entries and the
   * day counters of all of them together (for a bulk load into an empty tenant: the benchmarks).
   */
  function seedItems(tenant: string, records: readonly T[]): Array<Record<string, unknown>> {
    const items: Array<Record<string, unknown>> = [];
    const days = new Map<string, { id: DayCountId; counts: Record<string, number> }>();
    for (const record of records) {
      for (const index of indexes) {
        for (const entry of entriesOf(index, record)) {
          if (!index.gsi) {
            items.push(
              listEntries.item(tenant, {
                partition: partitionOf(tenant, index, entry.values),
                order: entry.order,
                ref: entry.id,
              }),
            );
          }
          if (index.count !== 'days') continue;
          const id = dayCountId(dayOf(entry.order), shardOf(record));
          const key = listDayCounts.key(tenant, id);
          let day = days.get(`${key.pk}|${key.sk}`);
          if (!day) {
            day = { id, counts: {} };
            days.set(`${key.pk}|${key.sk}`, day);
          }
          const attribute = keys.listCountAttribute(index.name, entry.values);
          day.counts[attribute] = (day.counts[attribute] ?? 0) + 1;
        }
      }
    }
    for (const { id, counts } of days.values()) items.push({ ...listDayCounts.item(tenant, id), ...counts });
    return items;
  }

  /**
   * The transaction that lists a record stored before its indexes existed: its entries and counts, and the
   * marker, on the condition that nobody listed or changed it meanwhile (then it is read again).
   */
  function backfillWrites(tenant: string, record: T & { updatedAt: string }): TransactItem[] {
    if (!versioned || isIndexed(record)) return [];
    return [
      {
        Update: {
          TableName: tableName(),
          Key: declaration.entity.key(tenant, record),
          UpdateExpression: 'SET #listsVersion = :listsVersion',
          ConditionExpression: 'attribute_not_exists(#listsVersion) AND updatedAt = :read',
          ExpressionAttributeNames: { '#listsVersion': VERSION_ATTRIBUTE },
          ExpressionAttributeValues: { ':listsVersion': LISTS_VERSION, ':read': record.updatedAt },
        },
      },
      ...writes(tenant, undefined, record),
    ];
  }

  return { writes, writesOfMany, guard, stamp, list, count, seedItems, backfillWrites, isIndexed };
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** A write's condition and the guard's, joined, with their names and values. */
export function withGuard(
  write: {
    ConditionExpression?: string | undefined;
    ExpressionAttributeNames?: Record<string, string> | undefined;
    ExpressionAttributeValues?: Record<string, unknown> | undefined;
  },
  guard: Condition | undefined,
) {
  if (!guard) return write;
  const names = { ...write.ExpressionAttributeNames, ...guard.names };
  const values = { ...write.ExpressionAttributeValues, ...guard.values };
  return {
    ...write,
    // Both sides in parentheses: either may be a disjunction, and AND binds tighter than OR.
    ConditionExpression: write.ConditionExpression
      ? `(${write.ConditionExpression}) AND (${guard.expression})`
      : guard.expression,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** A transaction's Put or Delete with the guard's condition joined to its own. */
export function guarded(item: TransactItem, guard: Condition | undefined): TransactItem {
  if (!guard) return item;
  if (item.Put) return { ...item, Put: { ...item.Put, ...withGuard(item.Put, guard) } };
  if (item.Delete) return { ...item, Delete: { ...item.Delete, ...withGuard(item.Delete, guard) } };
  throw new Error('A list guard joins the condition of a Put or a Delete');
}
