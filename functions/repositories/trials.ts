import { trialEffectOfLessonChange } from '../../shared/rules/trials';
import type { Trial } from '../../shared/schemas/trial';
import { collectionRepository } from '../crud/repository';
import { db, GetCommand, PutCommand, QueryCommand, tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { isConditionalCheckFailure, stripKeys } from '../table/items';
import type { TransactItem } from '../table/transactions';

export type TrialRecord = Trial;

/** Trials are an admin collection (list, filters) and are also indexed by student (gsi2). */
export const trialsRepository = collectionRepository<TrialRecord>({
  collection: collections.trials,
  label: 'trial',
  searchFields: ['subject', 'curriculum', 'grade'],
  sortFields: ['startDate', 'createdAt', 'status'],
  indexKeys: (tenant, record) => ({
    gsi2pk: keys.userTrialsIndex(tenant, record.studentId as string),
    gsi2sk: `${record.createdAt as string}#${record._id as string}`,
  }),
});

export async function studentTrials(tenant: string, studentId: string): Promise<TrialRecord[]> {
  const trials: TrialRecord[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.userTrialsIndex(tenant, studentId) },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    trials.push(...(page.Items ?? []).map((item) => stripKeys<TrialRecord>(item)));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return trials;
}

/** The pointer that lists a trial among its tutor's (written with the booking). */
export function tutorTrialWrite(tenant: string, tutorId: string, trialId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.tutorTrial(tenant, tutorId, trialId), entity: 'tutorTrial', trialId },
    },
  };
}

/** A tutor's trials, newest booking first: the pointers' keys (ids are time-ordered), then the records. */
export async function tutorTrials(tenant: string, tutorId: string): Promise<TrialRecord[]> {
  const ids: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.user(tenant, tutorId).pk,
          ':prefix': keys.tutorTrialPrefix,
        },
        ProjectionExpression: 'trialId',
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    ids.push(...(page.Items ?? []).map((item) => item.trialId as string));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const records = await trialsRepository.getMany(tenant, ids);
  const byId = new Map(records.map((trial) => [trial._id, trial]));
  return ids.map((id) => byId.get(id)).filter((trial) => trial !== undefined);
}

/** What of a lesson the trial hook reads: the lesson record carries its trial's id when it is a trial's. */
export interface TrialLesson {
  _id: string;
  trialId?: string | undefined;
  status: string;
  start: string;
  end: string;
  tutorId: string;
  studentIds: string[];
}

/**
 * The writes that keep a trial in step with its lesson, for the lesson change's own transaction (see
 * `trialEffectOfLessonChange`): the lesson ends -> COMPLETED; it is cancelled or deleted -> CANCELED and
 * the student's one free trial is given back; it moves -> the trial's dates and tutor follow. Nothing for
 * a lesson that is not a booked trial's. Trials and users are never deleted, so the existence conditions
 * only guard against writing a partial item.
 */
export function trialLessonWrites(
  tenant: string,
  before: TrialLesson | undefined,
  after: TrialLesson | undefined,
): TransactItem[] {
  const trialId = before?.trialId ?? after?.trialId;
  if (!trialId) return [];
  const effect = trialEffectOfLessonChange(before, after);
  if (!effect) return [];
  const table = tableName();
  const now = new Date().toISOString();
  const sets = ['updatedAt = :now'];
  const values: Record<string, unknown> = { ':now': now };
  const names: Record<string, string> = {};
  if (effect.status) {
    sets.push('#status = :status', 'outcome = :none');
    names['#status'] = 'status';
    values[':status'] = effect.status;
    values[':none'] = null;
  }
  if (effect.moved && after) {
    sets.push('startDate = :start', 'endDate = :end', 'tutorId = :tutor');
    values[':start'] = after.start;
    values[':end'] = after.end;
    values[':tutor'] = after.tutorId;
  }
  const items: TransactItem[] = [
    {
      Update: {
        TableName: table,
        Key: keys.collectionItem(tenant, collections.trials, trialId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      },
    },
  ];
  if (effect.moved && before && after && before.tutorId !== after.tutorId) {
    items.push(
      { Delete: { TableName: table, Key: keys.tutorTrial(tenant, before.tutorId, trialId) } },
      tutorTrialWrite(tenant, after.tutorId, trialId),
    );
  }
  const studentId = (before ?? after)!.studentIds[0];
  if (effect.freeTrial && studentId) {
    items.push({
      Update: {
        TableName: table,
        Key: keys.user(tenant, studentId),
        UpdateExpression: 'SET isTrialApplied = :applied, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':applied': effect.freeTrial === 'claim', ':now': now },
      },
    });
  }
  return items;
}

/**
 * Records that the booking e-mail of a trial went to a recipient; false when it already had (a redelivered
 * event), so each recipient gets it once.
 */
export async function markTrialMailSent(
  tenant: string,
  trialId: string,
  recipientId: string,
): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.trialMail(tenant, trialId, recipientId),
          entity: 'trialMail',
          sentAt: new Date().toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Whether the booking e-mail of a trial already went to a recipient. */
export async function trialMailSent(tenant: string, trialId: string, recipientId: string): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.trialMail(tenant, trialId, recipientId) }),
  );
  return Item !== undefined;
}
