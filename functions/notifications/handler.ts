import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { notificationRoutes } from '../../shared/routes/notifications';
import { type BusEvent, eventConsumer } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { resourceHandler } from '../lib/pipeline';
import { notificationsRepository } from '../repositories/notifications';
import {
  onHomeworkReviewed,
  onLessonCancelled,
  onLessonRescheduled,
  onLessonScheduled,
  onRequestAnswered,
} from './events';
import { remindEverywhere } from './reminders';

/** The caller's own notifications and e-mail choices: every call is about `caller.user` alone. */
const http = resourceHandler('notifications', notificationRoutes, {
  'notifications.list': async ({ tenant, caller, query }) =>
    notificationsRepository.page(tenant.key, caller.user._id, query),
  'notifications.unreadCount': async ({ tenant, caller }) => ({
    unreadCount: await notificationsRepository.unreadCount(tenant.key, caller.user._id),
  }),
  'notifications.markRead': async ({ tenant, caller, params }) => {
    const notification = await notificationsRepository.markRead(tenant.key, caller.user._id, params.id);
    return {
      notification,
      unreadCount: await notificationsRepository.unreadCount(tenant.key, caller.user._id),
    };
  },
  'notifications.markAllRead': async ({ tenant, caller }) => ({
    updated: await notificationsRepository.markAllRead(tenant.key, caller.user._id),
    unreadCount: await notificationsRepository.unreadCount(tenant.key, caller.user._id),
  }),
  'notifications.preferences': async ({ tenant, caller }) =>
    notificationsRepository.preferences(tenant.key, caller.user._id),
  'notifications.updatePreferences': async ({ tenant, caller, body }) =>
    notificationsRepository.setPreferences(tenant.key, caller.user._id, body),
});

/**
 * The bus's door: the events that concern people (the `notifications` rule), each acted on once, and the
 * reminders' five-minute tick (the `lesson-reminders` schedule).
 */
const onBusEvent = eventConsumer(
  'notifications',
  {
    LessonScheduled: onLessonScheduled,
    LessonRescheduled: onLessonRescheduled,
    LessonParticipantsChanged: onLessonRescheduled,
    LessonCancelled: onLessonCancelled,
    LessonChangeRequestAnswered: onRequestAnswered,
    HomeworkReviewed: onHomeworkReviewed,
  },
  {
    schedules: {
      'lesson-reminders': async () => {
        const reports = await remindEverywhere();
        logger.info('Lesson reminders sent', { reports });
      },
    },
  },
);

export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Context) {
  if ('detail-type' in event) return onBusEvent(event, context);
  // The pipeline adds its own state to the context.
  return http(event, context as Parameters<typeof http>[1]);
}
