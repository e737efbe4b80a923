import { lessonFeedbackRoutes } from '../../shared/routes/lesson-feedback';
import { feedbackRewards } from '../../shared/schemas/lesson-feedback';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { deleteFeedback, giveFeedback, listFeedback, tutorRating, updateFeedback } from './service';

export const handler = resourceHandler('lesson-feedback', lessonFeedbackRoutes, {
  'tutorFeedbacks.rewards': async () => ({ docs: [...feedbackRewards.tutor] }),
  'tutorFeedbacks.create': async ({ tenant, caller, body }) =>
    respond(201, await giveFeedback(tenant.key, caller, 'tutor', body)),
  'tutorFeedbacks.list': async ({ tenant, caller, query }) =>
    listFeedback(tenant.key, caller, 'tutor', query),
  'tutorFeedbacks.update': async ({ tenant, caller, params, body }) =>
    updateFeedback(tenant.key, caller, 'tutor', params.id, body),
  'tutorFeedbacks.adminDelete': async ({ tenant, params }) => {
    await deleteFeedback(tenant.key, 'tutor', params.id);
    return { _id: params.id };
  },
  'tutorFeedbacks.rating': async ({ tenant, params }) => tutorRating(tenant.key, params.tutorId),
  'studentFeedbacks.rewards': async () => ({ docs: [...feedbackRewards.student] }),
  'studentFeedbacks.create': async ({ tenant, caller, body }) =>
    respond(201, await giveFeedback(tenant.key, caller, 'student', body)),
  'studentFeedbacks.list': async ({ tenant, caller, query }) =>
    listFeedback(tenant.key, caller, 'student', query),
  'studentFeedbacks.update': async ({ tenant, caller, params, body }) =>
    updateFeedback(tenant.key, caller, 'student', params.id, body),
  'studentFeedbacks.adminDelete': async ({ tenant, params }) => {
    await deleteFeedback(tenant.key, 'student', params.id);
    return { _id: params.id };
  },
});
