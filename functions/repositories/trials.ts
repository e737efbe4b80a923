import * as z from 'zod';
import { trialEffectOfLessonChange } from '../../shared/rules/trials';
import { type Trial, trialSchema } from '../../shared/schemas/trial';
import { collectionRepository } from '../crud/repository';
import { tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { writtenIf } from '../table/items';
import { queryProjected } from '../table/projection';
import type { TransactItem } from '../table/transactions';

export type TrialRecord = Trial;

/**
 * Trials are an admin collection, indexed by student (gsi2) and, for the back-office list (newest lesson
 * first), by lesson date alone, by status, by outcome and by tutor: each a list index
 * (functions/crud/list-index.ts) whose entries move in the same transaction as the trial, including when
 * its lesson moves or ends (trialLessonWrites).
 */
export const trialsRepository = collectionRepository<
  TrialRecord,
  'status' | 'outcome' | 'tutorId' | 'studentId',
  'startDate'
>({
  collection: collections.trials,
  schema: trialSchema,
  label: 'trial',
  searchFields: ['subject', 'curriculum', 'grade'],
  sortFields: ['startDate', 'createdAt', 'status'],
  indexKeys: (tenant, record) => ({
    gsi2pk: keys.userTrialsIndex(tenant, record.studentId),
    gsi2sk: `${record.createdAt}#${record._id}`,
  }),
  lists: {
    filters: {
      status: (trial) => trial.status,
      outcome: (trial) => trial.outcome,
      tutorId: (trial) => trial.tutorId,
      studentId: (trial) => trial.studentId,
    },
    orders: { startDate: (trial) => trial.startDate },
    defaultOrder: 'startDate',
    indexes: [
      { name: 'lessons', filters: [], order: 'startDate', count: 'days' },
      { name: 'status', filters: ['status'], order: 'startDate', count: 'days' },
      { name: 'outcome', filters: ['outcome'], order: 'startDate', count: 'days' },
      { name: 'tutor', filters: ['tutorId'], order: 'startDate', count: 'keys' },
      {
        name: 'student',
        filters: ['studentId'],
        order: 'createdAt',
        count: 'keys',
        gsi: {
          name: 'gsi2',
          partition: (tenant, [studentId]) => keys.userTrialsIndex(tenant, studentId ?? ''),
        },
      },
    ],
  },
});

/** A student's trials, newest booking first (gsi2). */
export function studentTrials(tenant: string, studentId: string): Promise<TrialRecord[]> {
  return trialsRepository.query({
    index: 'gsi2',
    partition: keys.userTrialsIndex(tenant, studentId),
    descending: true,
  });
}

/** The pointer that lists a trial among its tutor's, beside the tutor's profile (ids are time-ordered). */
const tutorTrialPointers = defineEntity({
  name: 'tutorTrial',
  schema: z.object({ tutorId: z.string(), trialId: z.string() }),
  keyAttributes: ['tutorId', 'trialId'],
  key: (tenant, pointer) => keys.tutorTrial(tenant, pointer.tutorId, pointer.trialId),
});

/** What a tutor's trials are read by: the pointers' trial ids (pointers written before they kept their tutor). */
const pointedTrial = tutorTrialPointers.schema.pick({ trialId: true });

/** The pointer that lists a trial among its tutor's (written with the booking). */
export function tutorTrialWrite(tenant: string, tutorId: string, trialId: string): TransactItem {
  return tutorTrialPointers.putWrite(tenant, { tutorId, trialId });
}

/** A tutor's trials, newest booking first: the pointers' trial ids, then the records. */
export async function tutorTrials(tenant: string, tutorId: string): Promise<TrialRecord[]> {
  const pointers = await queryProjected(pointedTrial, {
    partition: keys.user(tenant, tutorId).pk,
    sortKey: { beginsWith: keys.tutorTrialPrefix },
    descending: true,
  });
  const ids = pointers.map((pointer) => pointer.trialId);
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

/** The trial of a lesson that is a booked trial's, as read before changing the lesson. */
export async function trialOfLesson(
  tenant: string,
  lesson: Pick<TrialLesson, 'trialId'> | undefined,
): Promise<TrialRecord | undefined> {
  return lesson?.trialId ? trialsRepository.get(tenant, lesson.trialId) : undefined;
}

/**
 * The writes that keep a trial in step with its lesson, for the lesson change's own transaction (see
 * `trialEffectOfLessonChange`): the lesson ends -> COMPLETED; it is cancelled or deleted -> CANCELED and
 * the student's one free trial is given back; it moves -> the trial's dates and tutor follow. Nothing for
 * a lesson that is not a booked trial's. `trial` is the trial as read (trialOfLesson): it is written whole,
 * on the condition that it did not change since, so its list entries move with it.
 */
export function trialLessonWrites(
  tenant: string,
  before: TrialLesson | undefined,
  after: TrialLesson | undefined,
  trial: TrialRecord | undefined,
): TransactItem[] {
  const trialId = before?.trialId ?? after?.trialId;
  if (!trialId) return [];
  const effect = trialEffectOfLessonChange(before, after);
  if (!effect) return [];
  const table = tableName();
  const now = new Date().toISOString();
  const items: TransactItem[] = trial
    ? trialsRepository.replaceItems(tenant, trial, {
        ...trial,
        updatedAt: now,
        ...(effect.status ? { status: effect.status, outcome: null } : {}),
        ...(effect.moved && after
          ? { startDate: after.start, endDate: after.end, tutorId: after.tutorId }
          : {}),
      })
    : // Trials are never deleted: a lesson naming a trial that is not there fails its change.
      [
        {
          ConditionCheck: {
            TableName: table,
            Key: keys.collectionItem(tenant, collections.trials, trialId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ];
  if (effect.moved && before && after && before.tutorId !== after.tutorId) {
    items.push(
      tutorTrialPointers.deleteWrite(tenant, { tutorId: before.tutorId, trialId }),
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

/** A trial's booking e-mail, sent to one recipient (read by key; marks written before kept only `sentAt`). */
const trialMails = defineEntity({
  name: 'trialMail',
  schema: z.object({ trialId: z.string(), recipientId: z.string(), sentAt: z.string() }),
  keyAttributes: ['trialId', 'recipientId'],
  key: (tenant, mail) => keys.trialMail(tenant, mail.trialId, mail.recipientId),
});

/**
 * Records that the booking e-mail of a trial went to a recipient; false when it already had (a redelivered
 * event), so each recipient gets it once.
 */
export async function markTrialMailSent(
  tenant: string,
  trialId: string,
  recipientId: string,
): Promise<boolean> {
  return writtenIf(
    trialMails.put(tenant, { trialId, recipientId, sentAt: new Date().toISOString() }, 'absent'),
  );
}

/** Whether the booking e-mail of a trial already went to a recipient. */
export async function trialMailSent(tenant: string, trialId: string, recipientId: string): Promise<boolean> {
  return (await trialMails.get(tenant, { trialId, recipientId })) !== undefined;
}
