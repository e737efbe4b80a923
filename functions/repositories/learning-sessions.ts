import { ConflictError } from '../../shared/http/errors';
import { type LearningSession, learningSessionSchema } from '../../shared/schemas/learning-data';
import { keys } from '../table/access-patterns';
import { defineEntity, type PartitionQuery } from '../table/entity';

/**
 * Learning sessions: one item per session (by id), listed per student newest first through gsi1 (and per
 * student and sub-topic through gsi2). Ids are time-ordered, so the index order is the creation order.
 */
const learningSessions = defineEntity({
  name: 'learningSession',
  schema: learningSessionSchema,
  keyAttributes: ['_id'],
  key: (tenant, session) => keys.learningSession(tenant, session._id),
  indexes: (tenant, session) => ({
    gsi1pk: keys.studentSessionsIndex(tenant, session.student),
    gsi1sk: session._id,
    gsi2pk: keys.studentSubTopicSessionsIndex(tenant, session.student, session.subTopicId),
    gsi2sk: session._id,
  }),
});

export function getLearningSession(tenant: string, id: string): Promise<LearningSession | undefined> {
  return learningSessions.get(tenant, { _id: id });
}

export function insertLearningSession(tenant: string, session: LearningSession): Promise<void> {
  return learningSessions.put(tenant, session, 'absent');
}

/** Saves a changed session if nobody saved it since it was read (its `updatedAt`), else a 409. */
export function replaceLearningSession(
  tenant: string,
  session: LearningSession,
  readAt: string,
): Promise<void> {
  return learningSessions.put(
    tenant,
    session,
    { unchangedSince: readAt },
    () => new ConflictError('This session was changed at the same time. Reload and try again.'),
  );
}

/**
 * One page of a student's sessions, newest first: the keys before `offset` are skipped reading keys only
 * (the cost follows offset + limit, not the number of sessions), and the total is a COUNT of the same
 * index partition.
 */
export function listLearningSessions(
  tenant: string,
  studentId: string,
  query: { limit: number; offset: number; subTopicId?: string | undefined },
): Promise<{ totalDocs: number; docs: LearningSession[] }> {
  const sessions: PartitionQuery = query.subTopicId
    ? { index: 'gsi2', partition: keys.studentSubTopicSessionsIndex(tenant, studentId, query.subTopicId) }
    : { index: 'gsi1', partition: keys.studentSessionsIndex(tenant, studentId) };
  return learningSessions.page({ ...sessions, descending: true }, query);
}
