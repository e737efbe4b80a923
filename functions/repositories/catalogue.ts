import * as z from 'zod';
import { type AppError, ConflictError, NotFoundError } from '../../shared/http/errors';
import {
  type Subject,
  type SubTopic,
  type SubTopicSummary,
  subjectSchema,
  subTopicSchema,
  subTopicSummarySchema,
  type Topic,
  topicSchema,
} from '../../shared/schemas/catalogue';
import { db, tableName, UpdateCommand } from '../lib/db';
import { keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import { queryProjected } from '../table/projection';
import { MAX_TRANSACTION_ITEMS, type TransactItem, writeTransaction } from '../table/transactions';
import { catalogueChangedWrite } from './sitemap-state';

/**
 * The learning catalogue: subjects, topics and sub-topics, each its own item, linked upwards by id and
 * listed downwards through gsi1 (a subject's topics, a topic's sub-topics). Orders are kept in the
 * records' `sortingOrder` and applied when read (a re-sort then rewrites only the records that moved, not
 * index keys). gsi2 lists every topic and sub-topic of a tenant for the sitemap and search options.
 */

const subjects = defineEntity({
  name: 'subject',
  schema: subjectSchema,
  keyAttributes: ['_id'],
  key: (tenant, subject) => keys.subject(tenant, subject._id),
  indexes: (tenant, subject) => ({ gsi1pk: keys.subjectsIndex(tenant), gsi1sk: subject._id }),
});

const topics = defineEntity({
  name: 'topic',
  schema: topicSchema,
  keyAttributes: ['_id'],
  key: (tenant, topic) => keys.topic(tenant, topic._id),
  indexes: (tenant, topic) => ({
    gsi1pk: keys.subjectTopicsIndex(tenant, topic.subjectId),
    gsi1sk: topic._id,
    gsi2pk: keys.allTopicsIndex(tenant),
    gsi2sk: topic._id,
  }),
});

/**
 * A sub-topic's content items as stored: their shapes, not the editor's checks (a link saved before a URL
 * check existed must still read back; the content calls check what they write).
 */
const storedContent = {
  resources: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      url: z.string(),
      kind: z.enum(['NOTES', 'WORKSHEET', 'PAST_PAPER', 'MARK_SCHEME', 'LINK']),
    }),
  ),
  videoLinks: z.array(
    z.object({ _id: z.string(), title: z.string(), url: z.string(), sortingOrder: z.number() }),
  ),
  contents: z.array(z.object({ _id: z.string(), title: z.string(), body: z.string() })),
  faqs: z.array(z.object({ _id: z.string(), question: z.string(), answer: z.string() })),
  reviews: z.array(z.object({ _id: z.string(), name: z.string(), rating: z.number(), comment: z.string() })),
};
const subTopicRecordSchema = subTopicSchema.extend(storedContent);

const subTopics = defineEntity({
  name: 'subtopic',
  schema: subTopicRecordSchema,
  keyAttributes: ['_id'],
  key: (tenant, subTopic) => keys.subTopic(tenant, subTopic._id),
  indexes: (tenant, subTopic) => ({
    gsi1pk: keys.topicSubTopicsIndex(tenant, subTopic.topicId),
    gsi1sk: subTopic._id,
    gsi2pk: keys.allSubTopicsIndex(tenant),
    gsi2sk: keys.subTopicBySubjectSk(subTopic.subjectId, subTopic._id),
  }),
});

/** The stored items, for tests that write an item as older code left it. */
export const subTopicItem = subTopics.item;

/** What lists of topics read (the sitemap, the home search, topic counts): no description. */
const topicListingSchema = topicSchema.pick({
  _id: true,
  subjectId: true,
  name: true,
  slug: true,
  sortingOrder: true,
  updatedAt: true,
});
export type TopicListing = z.infer<typeof topicListingSchema>;

/** What menus and the search read of a sub-topic: where it is, never its content. */
const subTopicLinkSchema = subTopicRecordSchema.pick({
  _id: true,
  topicId: true,
  name: true,
  slug: true,
  sortingOrder: true,
  updatedAt: true,
});
export type SubTopicLink = z.infer<typeof subTopicLinkSchema>;

/** A sub-topic's link and its resources (the sitemap's past papers, resource look-ups), no other content. */
const subTopicResourcesSchema = subTopicLinkSchema.extend({ resources: storedContent.resources });
export type SubTopicResources = z.infer<typeof subTopicResourcesSchema>;

/** A sub-topic's content blocks (the seed counts their pages). */
const subTopicContentsSchema = subTopicRecordSchema.pick({ _id: true, contents: true });

/** Only the attributes the re-keying compares: the index key as stored and what it should be made of. */
const subTopicIndexKeySchema = z.object({ _id: z.string(), subjectId: z.string(), gsi2sk: z.string() });

const alreadyExists = (label: string) => () => new ConflictError(`This ${label} already exists`);
const changedMeanwhile = (label: string) => () =>
  new ConflictError(`This ${label} was changed by someone else. Reload and try again.`);

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

export const subjectsRepository = {
  get: (tenant: string, id: string): Promise<Subject | undefined> => subjects.get(tenant, { _id: id }),
  /** Every subject of the tenant (tens to a few hundred). */
  all: (tenant: string): Promise<Subject[]> =>
    subjects.query({ index: 'gsi1', partition: keys.subjectsIndex(tenant) }),
  /** Seeding and imports: subjects are written whole. */
  putMany: (tenant: string, records: Subject[]) => subjects.putMany(tenant, records),
};

export const topicsRepository = {
  get: (tenant: string, id: string): Promise<Topic | undefined> => topics.get(tenant, { _id: id }),
  async require(tenant: string, id: string): Promise<Topic> {
    const topic = await topics.get(tenant, { _id: id });
    if (!topic) throw new NotFoundError('Topic not found');
    return topic;
  },
  getMany: (tenant: string, ids: string[]): Promise<Topic[]> =>
    topics.getMany(
      tenant,
      ids.map((id) => ({ _id: id })),
    ),
  ofSubject: (tenant: string, subjectId: string): Promise<Topic[]> =>
    topics.query({ index: 'gsi1', partition: keys.subjectTopicsIndex(tenant, subjectId) }),
  /** Every topic of the tenant, as listed (the sitemap and the home page need a few fields). */
  listings: (tenant: string): Promise<TopicListing[]> =>
    queryProjected(topicListingSchema, { index: 'gsi2', partition: keys.allTopicsIndex(tenant) }),
  insert: (tenant: string, topic: Topic): Promise<void> =>
    writeCatalogue(tenant, [topics.putWrite(tenant, topic, 'absent')], alreadyExists('topic')),
  /** Saves a changed topic if nobody saved it since it was read (its `updatedAt`), else a 409. */
  replace: (tenant: string, topic: Topic, readAt: string): Promise<void> =>
    writeCatalogue(
      tenant,
      [topics.putWrite(tenant, topic, { unchangedSince: readAt })],
      changedMeanwhile('topic'),
    ),
  /**
   * Saves changed topics (a re-sort), each if nobody saved it since it was read, a transaction per 99: all
   * of a subject's topics at once, with one edit counted, rather than one transaction each racing the others.
   */
  async replaceMany(tenant: string, changes: ReadonlyArray<{ topic: Topic; readAt: string }>): Promise<void> {
    const perTransaction = MAX_TRANSACTION_ITEMS - 1;
    for (let i = 0; i < changes.length; i += perTransaction) {
      const writes = changes
        .slice(i, i + perTransaction)
        .map(({ topic, readAt }) => topics.putWrite(tenant, topic, { unchangedSince: readAt }));
      await writeCatalogue(tenant, writes, changedMeanwhile('topic'));
    }
  },
  remove: (tenant: string, id: string): Promise<void> =>
    writeCatalogue(tenant, [topics.deleteWrite(tenant, { _id: id })], changedMeanwhile('topic')),
  putMany: (tenant: string, records: Topic[]) => topics.putMany(tenant, records),
};

export const subTopicsRepository = {
  get: (tenant: string, id: string): Promise<SubTopic | undefined> => subTopics.get(tenant, { _id: id }),
  async require(tenant: string, id: string): Promise<SubTopic> {
    const subTopic = await subTopics.get(tenant, { _id: id });
    if (!subTopic) throw new NotFoundError('Sub-topic not found');
    return subTopic;
  },
  /** A topic's sub-topics without their content. */
  summariesOf: (tenant: string, topicId: string): Promise<SubTopicSummary[]> =>
    queryProjected(subTopicSummarySchema, {
      index: 'gsi1',
      partition: keys.topicSubTopicsIndex(tenant, topicId),
    }),
  /** Every sub-topic of a subject, as summaries, in one query (the subject page lists them all). */
  summariesOfSubject: (tenant: string, subjectId: string): Promise<SubTopicSummary[]> =>
    queryProjected(subTopicSummarySchema, {
      index: 'gsi2',
      partition: keys.allSubTopicsIndex(tenant),
      sortKey: { beginsWith: keys.subTopicsOfSubjectPrefix(subjectId) },
    }),
  /** A topic's sub-topics as links (the learning outline). */
  linksOf: (tenant: string, topicId: string): Promise<SubTopicLink[]> =>
    queryProjected(subTopicLinkSchema, {
      index: 'gsi1',
      partition: keys.topicSubTopicsIndex(tenant, topicId),
    }),
  /** A topic's sub-topics with their resources (the topical past papers). */
  resourcesOf: (tenant: string, topicId: string): Promise<SubTopicResources[]> =>
    queryProjected(subTopicResourcesSchema, {
      index: 'gsi1',
      partition: keys.topicSubTopicsIndex(tenant, topicId),
    }),
  /** A topic's sub-topics with their content blocks only. */
  contentsOf: (tenant: string, topicId: string): Promise<Array<Pick<SubTopic, '_id' | 'contents'>>> =>
    queryProjected(subTopicContentsSchema, {
      index: 'gsi1',
      partition: keys.topicSubTopicsIndex(tenant, topicId),
    }),
  /** Every sub-topic of the tenant as links (the home search). */
  allLinks: (tenant: string): Promise<SubTopicLink[]> =>
    queryProjected(subTopicLinkSchema, { index: 'gsi2', partition: keys.allSubTopicsIndex(tenant) }),
  /** Every sub-topic of the tenant with its resources (the sitemap, resource look-ups). */
  allResources: (tenant: string): Promise<SubTopicResources[]> =>
    queryProjected(subTopicResourcesSchema, { index: 'gsi2', partition: keys.allSubTopicsIndex(tenant) }),
  insert: (tenant: string, subTopic: SubTopic): Promise<void> =>
    writeCatalogue(tenant, [subTopics.putWrite(tenant, subTopic, 'absent')], alreadyExists('sub-topic')),
  replace: (tenant: string, subTopic: SubTopic, readAt: string): Promise<void> =>
    writeCatalogue(
      tenant,
      [subTopics.putWrite(tenant, subTopic, { unchangedSince: readAt })],
      changedMeanwhile('sub-topic'),
    ),
  remove: (tenant: string, id: string): Promise<void> =>
    writeCatalogue(tenant, [subTopics.deleteWrite(tenant, { _id: id })], changedMeanwhile('sub-topic')),
  putMany: (tenant: string, records: SubTopic[]) => subTopics.putMany(tenant, records),
  /**
   * Sub-topics written before their index key began with their subject get that key (idempotent; the seed
   * runs it once per tenant). Answers how many were re-keyed.
   */
  async keyBySubject(tenant: string): Promise<number> {
    const items = await queryProjected(subTopicIndexKeySchema, {
      index: 'gsi2',
      partition: keys.allSubTopicsIndex(tenant),
    });
    let rekeyed = 0;
    for (const { _id, subjectId, gsi2sk } of items) {
      if (gsi2sk === keys.subTopicBySubjectSk(subjectId, _id)) continue;
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: subTopics.key(tenant, { _id }),
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
