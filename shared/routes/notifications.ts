import * as z from 'zod';
import {
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationSchema,
} from '../notifications/notification';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import { route, signedIn } from './define';

/**
 * The signed-in user's own notifications (issue 19 item 7): the bell's list, its unread count, marking read,
 * and which e-mails the user gets. Each call reads and writes the caller's own items only.
 */
export const notificationRoutes = [
  route({
    id: 'notifications.list',
    method: 'GET',
    path: '/notifications',
    resource: 'notifications',
    access: signedIn,
    query: z.strictObject({ ...pagingQuerySchema.shape }),
    response: z.object({ ...pageSchema(notificationSchema).shape, unreadCount: z.number().int() }),
    silent: true,
    summary: 'The caller’s notifications, newest first, with the unread count',
  }),
  route({
    id: 'notifications.unreadCount',
    method: 'GET',
    path: '/notifications/unread-count',
    resource: 'notifications',
    access: signedIn,
    response: z.object({ unreadCount: z.number().int() }),
    silent: true,
    summary: 'How many of the caller’s notifications are unread (the bell’s badge)',
  }),
  route({
    id: 'notifications.markRead',
    method: 'POST',
    path: '/notifications/{id}/read',
    resource: 'notifications',
    access: signedIn,
    response: z.object({ notification: notificationSchema, unreadCount: z.number().int() }),
    silent: true,
    summary: 'Mark one of the caller’s notifications read',
  }),
  route({
    id: 'notifications.markAllRead',
    method: 'POST',
    path: '/notifications/read-all',
    resource: 'notifications',
    access: signedIn,
    response: z.object({ updated: z.number().int(), unreadCount: z.number().int() }),
    summary: 'Mark every notification of the caller read',
  }),
  route({
    id: 'notifications.preferences',
    method: 'GET',
    path: '/notification-preferences',
    resource: 'notifications',
    access: signedIn,
    response: notificationPreferencesSchema,
    summary: 'Which e-mails the caller gets',
  }),
  route({
    id: 'notifications.updatePreferences',
    method: 'PUT',
    path: '/notification-preferences',
    resource: 'notifications',
    access: signedIn,
    body: notificationPreferencesBodySchema,
    response: notificationPreferencesSchema,
    summary: 'Choose which e-mails the caller gets',
  }),
];
