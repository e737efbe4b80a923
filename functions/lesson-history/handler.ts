import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lessonHistoryRoutes } from '../../shared/routes/lesson-history';
import { type BusEvent, eventConsumer } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { resourceHandler } from '../lib/pipeline';
import { respondText } from '../lib/request';
import { recordEndedLessonsEverywhere } from './job';
import {
  addAdminNote,
  adjustPay,
  deleteAdminNote,
  raiseConcern,
  respondToConcern,
  setClassExtension,
  setTrialConversion,
  setTutorPenalty,
} from './pay';
import {
  exportLessonHistory,
  getLessonHistoryFor,
  listLessonHistory,
  updateTutorPaymentStatus,
} from './service';
import { tutorPayTotalsFor } from './totals';

const http = resourceHandler('lesson-history', lessonHistoryRoutes, {
  'lessonHistory.list': async ({ tenant, caller, query }) => listLessonHistory(tenant.key, caller, query),
  'lessonHistory.get': async ({ tenant, caller, params, query }) =>
    getLessonHistoryFor(tenant.key, caller, params.id, query.includeTutorAmountData === '1'),
  'lessonHistory.updateTutorPaymentStatus': async ({ tenant, caller, body }) =>
    updateTutorPaymentStatus(tenant.key, caller, body.lesssonHistoryIds, body.tutorPaymentStatus),
  'lessonHistory.export': async ({ tenant, caller, query }) =>
    respondText(200, await exportLessonHistory(tenant.key, caller, query), 'text/csv; charset=utf-8'),
  'lessonHistory.payTotals': async ({ tenant, caller, query }) =>
    tutorPayTotalsFor(tenant.key, caller, query),
  'lessonHistory.raiseConcern': async ({ tenant, caller, body }) => raiseConcern(tenant, caller, body),
  'lessonHistory.adjustments': async ({ tenant, caller, body }) => adjustPay(tenant, caller, body),
  'lessonHistory.respondToConcern': async ({ tenant, caller, body }) =>
    respondToConcern(tenant, caller, body),
  'lessonHistory.classExtension': async ({ tenant, caller, body }) => setClassExtension(tenant, caller, body),
  'lessonHistory.tutorPenalty': async ({ tenant, caller, body }) => setTutorPenalty(tenant, caller, body),
  'lessonHistory.trialConversion': async ({ tenant, caller, body }) =>
    setTrialConversion(tenant, caller, body),
  'lessonHistory.createNote': async ({ tenant, caller, params, body }) =>
    addAdminNote(tenant, caller, params.id, body),
  'lessonHistory.deleteNote': async ({ tenant, caller, params, query }) =>
    deleteAdminNote(tenant, caller, params.id, query.noteId),
});

const onSchedule = eventConsumer(
  'lesson-history',
  {},
  {
    schedules: {
      'lesson-history': async () => {
        const reports = await recordEndedLessonsEverywhere();
        logger.info('lesson history recorded', { reports });
      },
    },
  },
);

/** One Lambda, two doors: the HTTP routes, and the `lesson-history` schedule rule (every five minutes). */
export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Parameters<typeof http>[1]) {
  if ('detail-type' in event) return onSchedule(event, context);
  return http(event, context);
}
