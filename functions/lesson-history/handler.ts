import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { lessonHistoryRoutes } from '../../shared/routes/lesson-history';
import { type BusEvent, eventConsumer } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { resourceHandler } from '../lib/pipeline';
import { recordEndedLessonsEverywhere } from './job';
import { getLessonHistoryFor, listLessonHistory, updateTutorPaymentStatus } from './service';

const http = resourceHandler('lesson-history', lessonHistoryRoutes, {
  'lessonHistory.list': async ({ tenant, caller, query }) => listLessonHistory(tenant.key, caller, query),
  'lessonHistory.get': async ({ tenant, caller, params }) =>
    getLessonHistoryFor(tenant.key, caller, params.id),
  'lessonHistory.updateTutorPaymentStatus': async ({ tenant, caller, body }) =>
    updateTutorPaymentStatus(tenant.key, caller, body.lesssonHistoryIds, body.tutorPaymentStatus),
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
