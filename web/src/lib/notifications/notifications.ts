import { mutate } from 'swr';
import type { Notification } from '../../../../shared/notifications/notification';
import { type ApiAnswer, apiKey, callApi, useApi } from '../api-client';

/** The bell's list: the newest page of the caller's notifications, with the unread count. */
export const BELL_PAGE_SIZE = 10;
const bellKey = apiKey('notifications.list', { query: { limit: BELL_PAGE_SIZE, offset: 0 } });
const unreadKey = apiKey('notifications.unreadCount');

/** GET /notifications: a page of the caller's notifications, newest first, and the unread count. */
export function useNotifications(limit = BELL_PAGE_SIZE, offset = 0, enabled = true) {
  return useApi(enabled ? apiKey('notifications.list', { query: { limit, offset } }) : null, {
    revalidateOnFocus: false,
  });
}

/** GET /notifications/unread-count: the bell's badge (then kept up to date by the socket's pushes). */
export function useUnreadCount(enabled: boolean) {
  return useApi(enabled ? unreadKey : null, { revalidateOnFocus: true });
}

type ListAnswer = ApiAnswer<'notifications.list'>;

/** Every list read again (after a reconnection, or a change made here). */
export function rereadNotifications(): void {
  void mutate((key) => Array.isArray(key) && String(key[0]).startsWith('notifications.'));
}

/** A notification pushed over the socket: on top of the bell's list, and its badge, without a new read. */
export function keepPushed(notification: Notification, unreadCount: number): void {
  void mutate(unreadKey, { unreadCount }, { revalidate: false });
  void mutate<ListAnswer>(
    bellKey,
    (data) =>
      data && !data.docs.some((doc) => doc._id === notification._id)
        ? {
            ...data,
            totalDocs: data.totalDocs + 1,
            unreadCount,
            docs: [notification, ...data.docs].slice(0, data.limit),
          }
        : data,
    { revalidate: false },
  );
}

/** POST /notifications/{id}/read. */
export async function markNotificationRead(id: string): Promise<void> {
  const { unreadCount } = await callApi('notifications.markRead', { params: { id } });
  void mutate(unreadKey, { unreadCount }, { revalidate: false });
  rereadNotifications();
}

/** POST /notifications/read-all. */
export async function markAllNotificationsRead(): Promise<void> {
  const { unreadCount } = await callApi('notifications.markAllRead');
  void mutate(unreadKey, { unreadCount }, { revalidate: false });
  rereadNotifications();
}

/** GET /notification-preferences: which e-mails the caller gets. */
export function useNotificationPreferences() {
  return useApi(apiKey('notifications.preferences'));
}

/** PUT /notification-preferences: one switch (or more). */
export async function updateNotificationPreferences(
  email: Partial<ApiAnswer<'notifications.preferences'>['email']>,
): Promise<void> {
  const next = await callApi('notifications.updatePreferences', { body: { email } });
  void mutate(apiKey('notifications.preferences'), next, { revalidate: false });
}
