import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../shared/http/errors';
import type { LearningSession } from '../../shared/schemas/learning-data';
import { db, tableName } from '../lib/db';
import { keys } from '../table/access-patterns';
import { isConditionalCheckFailure, stripKeys } from '../table/items';

/**
 * Learning sessions: one item per session (by id), listed per student newest first through gsi1 (and per
 * student and sub-topic through gsi2). Ids are time-ordered, so the index order is the creation order.
 */
function sessionItem(tenant: string, session: LearningSession) {
  return {
    ...keys.learningSession(tenant, session._id),
    gsi1pk: keys.studentSessionsIndex(tenant, session.student),
    gsi1sk: session._id,
    gsi2pk: keys.studentSubTopicSessionsIndex(tenant, session.student, session.subTopicId),
    gsi2sk: session._id,
    entity: 'learningSession',
    ...session,
  };
}

export async function getLearningSession(tenant: string, id: string): Promise<LearningSession | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.learningSession(tenant, id) }),
  );
  return Item ? stripKeys<LearningSession>(Item) : undefined;
}

export async function insertLearningSession(tenant: string, session: LearningSession): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: sessionItem(tenant, session),
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Saves a changed session if nobody saved it since it was read (its `updatedAt`), else a 409. */
export async function replaceLearningSession(
  tenant: string,
  session: LearningSession,
  readAt: string,
): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: sessionItem(tenant, session),
        ConditionExpression: 'attribute_exists(pk) AND updatedAt = :read',
        ExpressionAttributeValues: { ':read': readAt },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailure(error)) {
      throw new ConflictError('This session was changed at the same time. Reload and try again.');
    }
    throw error;
  }
}

/**
 * One page of a student's sessions, newest first: the keys before `offset` are skipped reading keys only
 * (the cost follows offset + limit, not the number of sessions), and the total is a COUNT of the same
 * index partition.
 */
export async function listLearningSessions(
  tenant: string,
  studentId: string,
  query: { limit: number; offset: number; subTopicId?: string | undefined },
): Promise<{ totalDocs: number; docs: LearningSession[] }> {
  const [index, partition] = query.subTopicId
    ? (['gsi2', keys.studentSubTopicSessionsIndex(tenant, studentId, query.subTopicId)] as const)
    : (['gsi1', keys.studentSessionsIndex(tenant, studentId)] as const);
  const base = {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: false,
  };
  let totalDocs = 0;
  let countKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...base, Select: 'COUNT', ExclusiveStartKey: countKey }));
    totalDocs += page.Count ?? 0;
    countKey = page.LastEvaluatedKey;
  } while (countKey);
  if (query.offset >= totalDocs) return { totalDocs, docs: [] };

  let startKey: Record<string, unknown> | undefined;
  let skip = query.offset;
  while (skip > 0) {
    const page = await db().send(
      new QueryCommand({
        ...base,
        ProjectionExpression: `pk, sk, ${index}pk, ${index}sk`,
        Limit: skip,
        ExclusiveStartKey: startKey,
      }),
    );
    skip -= page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
  }
  const docs: LearningSession[] = [];
  do {
    const page = await db().send(
      new QueryCommand({ ...base, Limit: query.limit - docs.length, ExclusiveStartKey: startKey }),
    );
    docs.push(...(page.Items ?? []).map((item) => stripKeys<LearningSession>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey && docs.length < query.limit);
  return { totalDocs, docs };
}
