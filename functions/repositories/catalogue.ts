import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AppError, ConflictError, NotFoundError } from '../../shared/http/errors';
import type { Subject, SubTopic, SubTopicSummary, Topic } from '../../shared/schemas/catalogue';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { batchGetItems, batchWriteItems } from '../table/batch';
import { isConditionalCheckFailure, stripKeys } from '../table/items';
import { queryIndex, queryItems } from '../table/query';
import { MAX_TRANSACTION_ITEMS, type TransactItem, writeTransaction } from '../table/transactions';
import { catalogueChangedWrite } from './sitemap-state';

/**
 * The learning catalogue: subjects, topics and sub-topics, each its own item, linked upwards by id and
 * listed downwards through gsi1 (a subject's topics, a topic's sub-topics). Orders are kept in the
 * records' `sortingOrder` and applied when read (a re-sort then rewrites only the records that moved, not
 * index keys). gsi2 lists every topic and sub-topic of a tenant for the sitemap and search options.
 */

export const subjectItem = (tenant: string, subject: Subject) => ({
  ...keys.subject(tenant, subject._id),
  gsi1pk: keys.subjectsIndex(tenant),
  gsi1sk: subject._id,
  entity: 'subject',
  ...subject,
});

export const topicItem = (tenant: string, topic: Topic) => ({
  ...keys.topic(tenant, topic._id),
  gsi1pk: keys.subjectTopicsIndex(tenant, topic.subjectId),
  gsi1sk: topic._id,
  gsi2pk: keys.allTopicsIndex(tenant),
  gsi2sk: topic._id,
  entity: 'topic',
  ...topic,
});

export const subTopicItem = (tenant: string, subTopic: SubTopic) => ({
  ...keys.subTopic(tenant, subTopic._id),
  gsi1pk: keys.topicSubTopicsIndex(tenant, subTopic.topicId),
  gsi1sk: subTopic._id,
  gsi2pk: keys.allSubTopicsIndex(tenant),
  gsi2sk: keys.subTopicBySubjectSk(subTopic.subjectId, subTopic._id),
  entity: 'subtopic',
  ...subTopic,
});

const summaryFields = ['_id', 'topicId', 'name', 'slug', 'summary', 'sortingOrder'] as const;

async function getOne<T>(key: { pk: string; sk: string }): Promise<T | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item ? stripKeys<T>(Item) : undefined;
}

export const subjectsRepository = {
  get: (tenant: string, id: string) => getOne<Subject>(keys.subject(tenant, id)),
  /** Every subject of the tenant (tens to a few hundred). */
  all: (tenant: string) => queryIndex<Subject>('gsi1', keys.subjectsIndex(tenant)),
  /** Seeding and imports: subjects are written whole. */
  putMany: (tenant: string, subjects: Subject[]) =>
    batchWriteItems(subjects.map((subject) => ({ PutRequest: { Item: subjectItem(tenant, subject) } }))),
};

export const topicsRepository = {
  get: (tenant: string, id: string) => getOne<Topic>(keys.topic(tenant, id)),
  async require(tenant: string, id: string): Promise<Topic> {
    const topic = await getOne<Topic>(keys.topic(tenant, id));
    if (!topic) throw new NotFoundError('Topic not found');
    return topic;
  },
  getMany: async (tenant: string, ids: string[]) =>
    (await batchGetItems(ids.map((id) => keys.topic(tenant, id)))).map((item) => stripKeys<Topic>(item)),
  ofSubject: (tenant: string, subjectId: string) =>
    queryIndex<Topic>('gsi1', keys.subjectTopicsIndex(tenant, subjectId)),
  /** Every topic of the tenant, only the named fields (the sitemap and search options need a few). */
  all: <K extends keyof Topic>(tenant: string, fields: readonly K[]) =>
    queryIndex<Pick<Topic, K>>('gsi2', keys.allTopicsIndex(tenant), fields),
  insert: (tenant: string, topic: Topic): Promise<void> =>
    writeCatalogue(tenant, [insertWrite(topicItem(tenant, topic))], alreadyExists('topic')),
  /** Saves a changed topic if nobody saved it since it was read (its `updatedAt`), else a 409. */
  replace: (tenant: string, topic: Topic, readAt: string): Promise<void> =>
    writeCatalogue(tenant, [replaceWrite(topicItem(tenant, topic), readAt)], changedMeanwhile('topic')),
  /**
   * Saves changed topics (a re-sort), each if nobody saved it since it was read, a transaction per 99: all
   * of a subject's topics at once, with one edit counted, rather than one transaction each racing the others.
   */
  async replaceMany(tenant: string, changes: ReadonlyArray<{ topic: Topic; readAt: string }>): Promise<void> {
    const perTransaction = MAX_TRANSACTION_ITEMS - 1;
    for (let i = 0; i < changes.length; i += perTransaction) {
      const writes = changes
        .slice(i, i + perTransaction)
        .map(({ topic, readAt }) => replaceWrite(topicItem(tenant, topic), readAt));
      await writeCatalogue(tenant, writes, changedMeanwhile('topic'));
    }
  },
  remove: (tenant: string, id: string): Promise<void> =>
    writeCatalogue(tenant, [removeWrite(keys.topic(tenant, id))], changedMeanwhile('topic')),
  putMany: (tenant: string, topics: Topic[]) =>
    batchWriteItems(topics.map((topic) => ({ PutRequest: { Item: topicItem(tenant, topic) } }))),
};

export const subTopicsRepository = {
  get: (tenant: string, id: string) => getOne<SubTopic>(keys.subTopic(tenant, id)),
  async require(tenant: string, id: string): Promise<SubTopic> {
    const subTopic = await getOne<SubTopic>(keys.subTopic(tenant, id));
    if (!subTopic) throw new NotFoundError('Sub-topic not found');
    return subTopic;
  },
  /** A topic's sub-topics without their content. */
  summariesOf: (tenant: string, topicId: string) =>
    queryIndex<SubTopicSummary>('gsi1', keys.topicSubTopicsIndex(tenant, topicId), summaryFields),
  /** Every sub-topic of a subject, as summaries, in one query (the subject page lists them all). */
  summariesOfSubject: (tenant: string, subjectId: string) =>
    queryIndex<SubTopicSummary>(
      'gsi2',
      keys.allSubTopicsIndex(tenant),
      summaryFields,
      keys.subTopicsOfSubjectPrefix(subjectId),
    ),
  /** A topic's sub-topics, only the named fields. */
  ofTopic: <K extends keyof SubTopic>(tenant: string, topicId: string, fields: readonly K[]) =>
    queryIndex<Pick<SubTopic, K>>('gsi1', keys.topicSubTopicsIndex(tenant, topicId), fields),
  all: <K extends keyof SubTopic>(tenant: string, fields: readonly K[]) =>
    queryIndex<Pick<SubTopic, K>>('gsi2', keys.allSubTopicsIndex(tenant), fields),
  insert: (tenant: string, subTopic: SubTopic): Promise<void> =>
    writeCatalogue(tenant, [insertWrite(subTopicItem(tenant, subTopic))], alreadyExists('sub-topic')),
  replace: (tenant: string, subTopic: SubTopic, readAt: string): Promise<void> =>
    writeCatalogue(
      tenant,
      [replaceWrite(subTopicItem(tenant, subTopic), readAt)],
      changedMeanwhile('sub-topic'),
    ),
  remove: (tenant: string, id: string): Promise<void> =>
    writeCatalogue(tenant, [removeWrite(keys.subTopic(tenant, id))], changedMeanwhile('sub-topic')),
  putMany: (tenant: string, subTopics: SubTopic[]) =>
    batchWriteItems(subTopics.map((subTopic) => ({ PutRequest: { Item: subTopicItem(tenant, subTopic) } }))),
  /**
   * Sub-topics written before their index key began with their subject get that key (idempotent; the seed
   * runs it once per tenant). Answers how many were re-keyed.
   */
  async keyBySubject(tenant: string): Promise<number> {
    const items = (await queryItems({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ProjectionExpression: '#id, subjectId, gsi2sk',
      ExpressionAttributeNames: { '#id': '_id' },
      ExpressionAttributeValues: { ':pk': keys.allSubTopicsIndex(tenant) },
    })) as { _id: string; subjectId: string; gsi2sk: string }[];
    let rekeyed = 0;
    for (const { _id, subjectId, gsi2sk } of items) {
      if (gsi2sk === keys.subTopicBySubjectSk(subjectId, _id)) continue;
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.subTopic(tenant, _id),
            UpdateExpression: 'SET gsi2sk = :sk',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':sk': keys.subTopicBySubjectSk(subjectId, _id) },
          }),
        );
        rekeyed++;
      } catch (error) {
        // Deleted meanwhile: nothing to re-key.
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
    return rekeyed;
  },
};

/**
 * Topic and sub-topic writes, with the tenant's catalogue edit counted in the same transaction: the sitemap
 * follows the catalogue (functions/sitemap/catalogue-changes.ts), and no edit can commit uncounted.
 */
async function writeCatalogue(
  tenant: string,
  writes: TransactItem[],
  refused: () => AppError,
): Promise<void> {
  await writeTransaction(
    [...writes, catalogueChangedWrite(tenant)],
    refused,
    'The catalogue is busy right now. Please try again in a moment.',
  );
}

const insertWrite = (item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Written only over the record as it was read (its `updatedAt`). */
const replaceWrite = (item: Record<string, unknown>, readAt: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: item,
    ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
    ExpressionAttributeValues: { ':read': readAt },
  },
});

const removeWrite = (key: { pk: string; sk: string }): TransactItem => ({
  Delete: { TableName: tableName(), Key: key },
});

const alreadyExists = (label: string) => () => new ConflictError(`This ${label} already exists`);
const changedMeanwhile = (label: string) => () =>
  new ConflictError(`This ${label} was changed by someone else. Reload and try again.`);
