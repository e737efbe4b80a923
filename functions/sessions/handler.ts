import { BadRequestError, NotFoundError } from '../../shared/http/errors';
import { pagesOf } from '../../shared/learning/progress';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import { type LearningSession, MAX_SESSION_QUESTIONS } from '../../shared/schemas/learning-data';
import { requireLearnerAccess } from '../access/records';
import { newId } from '../lib/ids';
import { resourceHandler } from '../lib/pipeline';
import { subjectsRepository, subTopicsRepository } from '../repositories/catalogue';
import {
  getLearningSession,
  insertLearningSession,
  listLearningSessions,
  replaceLearningSession,
} from '../repositories/learning-sessions';

const notFound = () => new NotFoundError('Session not found');

export const handler = resourceHandler('sessions', learningDataRoutes, {
  /** A study session of the caller on a sub-topic of the catalogue. */
  'sessions.create': async ({ tenant, caller, body }) => {
    const subTopic = await subTopicsRepository.require(tenant.key, body.subTopicId);
    const subject = await subjectsRepository.get(tenant.key, subTopic.subjectId);
    const now = new Date().toISOString();
    const session: LearningSession = {
      _id: newId(),
      student: caller.user._id,
      subTopicId: subTopic._id,
      subTopicName: subTopic.name,
      topicId: subTopic.topicId,
      subjectCode: subject?.subjectCode ?? '',
      questions: [],
      createdAt: now,
      updatedAt: now,
    };
    await insertLearningSession(tenant.key, session);
    return session;
  },

  /** Only the session's student adds to it; a page must be one of the sub-topic's. */
  'sessions.addQuestion': async ({ tenant, caller, params, body }) => {
    const session = await getLearningSession(tenant.key, params.id);
    if (!session || session.student !== caller.user._id) throw notFound();
    if (session.questions.length >= MAX_SESSION_QUESTIONS) {
      throw new BadRequestError(
        `A session holds at most ${MAX_SESSION_QUESTIONS} questions; start a new one`,
      );
    }
    const subTopic = await subTopicsRepository.get(tenant.key, session.subTopicId);
    const pages = subTopic ? pagesOf(subTopic) : 1;
    if (body.pageNo > pages) {
      throw new BadRequestError(`Page ${body.pageNo} does not exist: this sub-topic has ${pages} page(s)`);
    }
    const now = new Date().toISOString();
    const next: LearningSession = {
      ...session,
      questions: [
        ...session.questions,
        { _id: newId(), pageNo: body.pageNo, question: body.question, createdAt: now },
      ],
      updatedAt: now,
    };
    await replaceLearningSession(tenant.key, next, session.updatedAt);
    return next;
  },

  'sessions.get': async ({ tenant, caller, params }) => {
    const session = await getLearningSession(tenant.key, params.id);
    if (!session) throw notFound();
    await requireLearnerAccess(tenant.key, caller, session.student, 'teaching').catch(() => {
      throw notFound();
    });
    return session;
  },

  'sessions.list': async ({ tenant, caller, body }) => {
    const student = await requireLearnerAccess(
      tenant.key,
      caller,
      body.studentId ?? caller.user._id,
      'teaching',
    );
    const page = await listLearningSessions(tenant.key, student._id, body);
    return { limit: body.limit, offset: body.offset, ...page };
  },
});
