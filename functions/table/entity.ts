import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AppError } from '../../shared/http/errors';
import '../../shared/schemas/zod-english';
import { DeleteCommand, db, PutCommand, tableName } from '../lib/db';
import { batchGetItems, batchWriteItems } from './batch';
import { getItem } from './coalesced-get';
import type { IndexName } from './definition';
import { isConditionalCheckFailure, withoutInternalAttributes } from './items';
import { countItems, type PageRequest, queryItems, queryPage } from './query';
import type { TransactItem } from './transactions';

/** A type, not an interface: the SDK's key maps take it as a record of attributes. */
export type PrimaryKey = { pk: string; sk: string };

/** The index keys an item carries (an item left out of an index simply has none). */
export interface IndexKeys {
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

/** A stored record's schema: an object whose parse gives the record (no transforms that change its shape). */
type RecordSchema = z.core.$ZodType<object>;

export interface EntityDefinition<Schema extends RecordSchema, KeyAttribute extends keyof z.output<Schema>> {
  /** Stored in `entity` on every item: the stream, migrations and a reader of the table tell items apart by it. */
  name: string;
  /** The record as stored: every write is parsed with it (nothing unknown is stored), and so is every read. */
  schema: Schema;
  /** The attributes that identify a record: `get` and `remove` take just these. */
  keyAttributes: readonly KeyAttribute[];
  key: (tenant: string, id: Pick<z.output<Schema>, KeyAttribute>) => PrimaryKey;
  /** Where the record is listed besides its own partition (see access-patterns.ts). */
  indexes?: (tenant: string, record: z.output<Schema>) => IndexKeys;
  /** Epoch seconds after which DynamoDB's TTL removes the item. */
  expiresAt?: (record: z.output<Schema>) => number | undefined;
}

/** A query of one partition of the table or of an index, with an optional sort-key condition. */
export interface PartitionQuery {
  index?: IndexName;
  partition: string;
  sortKey?: SortKeyCondition;
  /** Newest (highest sort key) first. */
  descending?: boolean;
  /** At most this many records (all of them when omitted). */
  limit?: number;
  consistent?: boolean;
}

export type SortKeyCondition =
  | { beginsWith: string }
  | { between: readonly [string, string] }
  | { from: string }
  | { upTo: string }
  | { after: string }
  | { before: string };

/** What a write must find: no item yet, an item, or the item as it was read (its `updatedAt`). */
/**
 * `absentOrExpired`: absent, or its `expiresAt` (epoch seconds) before the one given: a lease that a holder
 * which died without letting it go cannot keep for ever (DynamoDB's TTL deletes within days, not at once).
 */
export type WriteCondition =
  | 'absent'
  | 'present'
  | { unchangedSince: string }
  | { absentOrExpiredBefore: number };

/**
 * One way to declare what the table stores: an entity has a schema, a key built from its identifying
 * attributes and the index keys built from the record; everything it writes is parsed with the schema
 * first, and everything it reads is parsed again, so a repository deals in typed records and never in
 * items (no key attributes, no casts).
 */
export function defineEntity<Schema extends RecordSchema, const KeyAttribute extends keyof z.output<Schema>>(
  definition: EntityDefinition<Schema, KeyAttribute>,
) {
  type Record = z.output<Schema>;
  type Id = Pick<Record, KeyAttribute>;

  function parse(item: { [name: string]: unknown }): Record {
    return z.parse(definition.schema, withoutInternalAttributes(item));
  }

  /** The item as stored: keys, index keys, the entity's name, TTL and the (parsed) record. */
  function item(tenant: string, record: Record) {
    const parsed = z.parse(definition.schema, record);
    const expiresAt = definition.expiresAt?.(parsed);
    return {
      ...definition.key(tenant, parsed),
      ...definition.indexes?.(tenant, parsed),
      entity: definition.name,
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...parsed,
    };
  }

  function key(tenant: string, id: Id): PrimaryKey {
    return definition.key(tenant, id);
  }

  function partitionQuery(query: PartitionQuery): Omit<QueryCommandInput, 'TableName'> {
    return keyConditionQuery(query);
  }

  return {
    name: definition.name,
    schema: definition.schema,
    key,
    item,
    parse,

    /**
     * The record, or undefined. Its identifying attributes are known from the key asked for, so an item
     * written before it kept them as attributes (a claim or a pointer stored as its key alone) still parses.
     */
    async get(tenant: string, id: Id, options: { consistent?: boolean } = {}): Promise<Record | undefined> {
      const Item = await getItem(key(tenant, id), options.consistent ?? false);
      if (!Item) return undefined;
      const identity = Object.fromEntries(definition.keyAttributes.map((name) => [name, id[name]]));
      return parse({ ...identity, ...Item });
    },

    /** Many records by id (batched, unprocessed keys retried); unknown ids are left out, in no set order. */
    async getMany(
      tenant: string,
      ids: readonly Id[],
      options: { consistent?: boolean } = {},
    ): Promise<Record[]> {
      const unique = new Map(ids.map((id) => [JSON.stringify(key(tenant, id)), key(tenant, id)]));
      const items = await batchGetItems([...unique.values()], { consistentRead: options.consistent });
      return items.map(parse);
    },

    /** The records of one partition, page after page, up to `limit`. */
    async query(query: PartitionQuery): Promise<Record[]> {
      return (await queryItems(partitionQuery(query), query.limit)).map(parse);
    },

    /** One page at `offset` (keys before it skipped reading keys only) and the partition's size. */
    async page(query: PartitionQuery, page: PageRequest): Promise<{ totalDocs: number; docs: Record[] }> {
      const found = await queryPage(partitionQuery(query), page);
      return { totalDocs: found.totalDocs, docs: found.items.map(parse) };
    },

    count(query: PartitionQuery): Promise<number> {
      return countItems(partitionQuery(query));
    },

    /** Writes many records unconditionally, 25 a call (not atomic: for seeding and derived records). */
    putMany(tenant: string, records: readonly Record[]): Promise<void> {
      return batchWriteItems(records.map((record) => ({ PutRequest: { Item: item(tenant, record) } })));
    },

    /** A Put for a caller's transaction. */
    putWrite(tenant: string, record: Record, condition?: WriteCondition): TransactItem {
      return {
        Put: { TableName: tableName(), Item: item(tenant, record), ...conditionExpression(condition) },
      };
    },

    /** A Delete for a caller's transaction. */
    deleteWrite(tenant: string, id: Id, condition?: 'present'): TransactItem {
      return { Delete: { TableName: tableName(), Key: key(tenant, id), ...conditionExpression(condition) } };
    },

    /** Writes the record; a failed condition answers `refused()` (a 409 or 404 of the caller's words). */
    async put(
      tenant: string,
      record: Record,
      condition?: WriteCondition,
      refused?: () => AppError,
    ): Promise<void> {
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: item(tenant, record),
            ...conditionExpression(condition),
          }),
        );
      } catch (error) {
        if (refused && isConditionalCheckFailure(error)) throw refused();
        throw error;
      }
    },

    /** Deletes the record; with a condition, a missing record answers `refused()`. */
    async remove(tenant: string, id: Id, condition?: 'present', refused?: () => AppError): Promise<void> {
      try {
        await db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: key(tenant, id),
            ...conditionExpression(condition),
          }),
        );
      } catch (error) {
        if (refused && isConditionalCheckFailure(error)) throw refused();
        throw error;
      }
    },
  };
}

function conditionExpression(condition: WriteCondition | undefined) {
  if (condition === undefined) return {};
  if (condition === 'absent') return { ConditionExpression: 'attribute_not_exists(pk)' };
  if (condition === 'present') return { ConditionExpression: 'attribute_exists(pk)' };
  if ('absentOrExpiredBefore' in condition) {
    return {
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
      ExpressionAttributeValues: { ':now': condition.absentOrExpiredBefore },
    };
  }
  return {
    ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
    ExpressionAttributeValues: { ':read': condition.unchangedSince },
  };
}

/** The KeyConditionExpression of a partition query (names through placeholders). */
export function keyConditionQuery(query: PartitionQuery): Omit<QueryCommandInput, 'TableName'> {
  const pkName = query.index ? `${query.index}pk` : 'pk';
  const skName = query.index ? `${query.index}sk` : 'sk';
  const sort = sortKeyExpression(query.sortKey);
  return {
    ...(query.index ? { IndexName: query.index } : {}),
    KeyConditionExpression: sort ? `#pk = :pk AND ${sort.expression}` : '#pk = :pk',
    ExpressionAttributeNames: { '#pk': pkName, ...(sort ? { '#sk': skName } : {}) },
    ExpressionAttributeValues: { ':pk': query.partition, ...sort?.values },
    ...(query.descending ? { ScanIndexForward: false } : {}),
    ...(query.consistent ? { ConsistentRead: true } : {}),
  };
}

/**
 * The highest code point: a string that begins with `prefix` sorts (in DynamoDB's UTF-8 byte order) between
 * `prefix` and `prefix` followed by it, unless its next character is that very code point (a noncharacter,
 * which no key here holds).
 */
const HIGHEST_CHARACTER = '\u{10FFFF}';

/**
 * The sort-key range of the keys that begin with `prefix`. A prefix is asked as this range rather than
 * `begins_with`, which DynamoDB answers alike: DynamoDB Local (the local stack's engine) evaluates
 * `begins_with` by reading the whole partition and reads a range from its index, so a prefix query of a
 * partition of 100,000 entries took ~95 ms with no match at all and ~200 ms with 250 (as a range: 4-10 ms
 * and 16-37 ms; the admin Users list's name search at 50,000 users, test/bench/admin-users.ts).
 */
export function prefixRange(prefix: string): readonly [string, string] {
  return [prefix, `${prefix}${HIGHEST_CHARACTER}`];
}

function sortKeyExpression(condition: SortKeyCondition | undefined) {
  if (!condition) return undefined;
  if ('beginsWith' in condition) {
    if (condition.beginsWith === '') return undefined;
    const [low, high] = prefixRange(condition.beginsWith);
    return { expression: '#sk BETWEEN :low AND :high', values: { ':low': low, ':high': high } };
  }
  if ('between' in condition) {
    const [low, high] = condition.between;
    return { expression: '#sk BETWEEN :low AND :high', values: { ':low': low, ':high': high } };
  }
  if ('from' in condition) return { expression: '#sk >= :sk', values: { ':sk': condition.from } };
  if ('upTo' in condition) return { expression: '#sk <= :sk', values: { ':sk': condition.upTo } };
  if ('after' in condition) return { expression: '#sk > :sk', values: { ':sk': condition.after } };
  return { expression: '#sk < :sk', values: { ':sk': condition.before } };
}
