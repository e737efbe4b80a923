import { categoryOfKind } from '../../shared/notifications/notification';
import { lessonCalendar } from '../../shared/rules/icalendar';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { escapeHtml, type Mail, mail } from '../lib/mail';
import { pusherFor } from '../lib/push';
import { sendToConnections } from '../realtime/send';
import { deleteFcmToken, fcmTokensOf } from '../repositories/fcm-tokens';
import {
  notificationId,
  notificationsRepository,
  type StoredNotification,
} from '../repositories/notifications';
import { socketConnectionsRepository } from '../repositories/socket-connections';
import type { UserRecord } from '../repositories/users';
import { fullName, type NotificationDraft } from './messages';

/** What one person's notification came to. */
export type DeliveryOutcome = 'sent' | 'duplicate' | 'guest';

export interface DeliveryContext {
  tenant: string;
  tenantName: string;
}

/**
 * How long the delivery that owes an e-mail holds it (longer than a function runs, 29 s): an overlapping
 * delivery of the same cause leaves it alone meanwhile, a retry after a failure takes it over after.
 */
const MAIL_HOLD_MS = 60_000;

const portalUrl = (link: string) => `${config().WEB_ORIGIN.replace(/\/$/, '')}/learning-portal${link}`;

/** The e-mail of a notification: its text, a link, and the lesson's calendar invite or cancellation. */
export function notificationMail(
  draft: NotificationDraft,
  recipient: Pick<UserRecord, '_id' | 'email' | 'firstname' | 'lastname'>,
  context: DeliveryContext,
): Mail {
  const lines = [`Hello ${recipient.firstname},`, draft.body, '', `The ${context.tenantName} team`];
  const link = draft.link ? { label: 'Open it', url: portalUrl(draft.link) } : undefined;
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : [])].join('\n');
  const html = [
    ...lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('');
  const calendar = draft.calendar;
  const attachments = calendar
    ? [
        {
          filename: calendar.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
          contentType: `text/calendar; charset=UTF-8; method=${calendar.method}`,
          content: lessonCalendar(
            {
              // One UID per lesson and tenant: every change of it replaces the same calendar event.
              uid: `${calendar.lesson.sectionId}@${context.tenant}.learning-platform`,
              start: calendar.lesson.start,
              end: calendar.lesson.end,
              sequence: calendar.lesson.sequence,
              summary: calendar.lesson.title,
              description: `${draft.body}${draft.link ? `\n${portalUrl(draft.link)}` : ''}`,
              url: draft.link ? portalUrl(draft.link) : undefined,
              organizer: { name: context.tenantName, email: config().MAIL_FROM },
              // The reader alone: one person's invite does not show the others' addresses.
              attendees: [{ name: fullName(recipient), email: recipient.email }],
            },
            calendar.method,
            draft.at,
          ),
        },
      ]
    : [];
  return { to: recipient.email, subject: draft.title, text, html, attachments };
}

/**
 * Notifies one person, once per cause: the in-app notification is written only if it is not there yet
 * (its id is the cause's and the person's), and only the call that wrote it pushes it to the person's open
 * connections and devices. The e-mail, if the person wants that category, is owed from that write until it
 * is sent, so a delivery that failed after the write sends it on its retry, and one that got that far
 * never again. Guests get nothing (spec 000 section 6).
 */
export async function deliverNotification(
  recipient: UserRecord,
  draft: NotificationDraft,
  context: DeliveryContext,
): Promise<DeliveryOutcome> {
  const { tenant } = context;
  if (recipient.type === 'guest') return 'guest';
  const preferences = await notificationsRepository.preferences(tenant, recipient._id);
  const wantsMail = preferences.email[categoryOfKind[draft.kind]] && Boolean(recipient.email);
  const now = new Date();
  const notification: StoredNotification = {
    _id: notificationId(draft.at, draft.cause, recipient._id),
    userId: recipient._id,
    kind: draft.kind,
    title: draft.title,
    body: draft.body,
    link: draft.link,
    sectionId: draft.sectionId,
    createdAt: new Date().toISOString(),
    readAt: null,
    mailPending: wantsMail,
    ...(wantsMail ? { mailClaimedUntil: new Date(now.getTime() + MAIL_HOLD_MS).toISOString() } : {}),
  };
  const written = await notificationsRepository.insert(tenant, notification);
  if (written) await pushEverywhere(tenant, notification, draft);
  const mayMail = written
    ? wantsMail
    : await notificationsRepository.claimMail(tenant, recipient._id, notification._id, now, MAIL_HOLD_MS);
  if (mayMail) {
    await mail().send(notificationMail(draft, recipient, context));
    await notificationsRepository.mailSent(tenant, recipient._id, notification._id);
  }
  return written ? 'sent' : 'duplicate';
}

/**
 * The socket push to the person's open connections and the push to their devices. Neither may fail the
 * delivery: the notification is in the list either way, and is read there on the next load.
 */
async function pushEverywhere(tenant: string, notification: StoredNotification, draft: NotificationDraft) {
  const { userId, mailPending: _mail, mailClaimedUntil: _claim, ...shown } = notification;
  try {
    if (config().WS_MANAGEMENT_ENDPOINT) {
      // Most people have no page open: their count is read only for a push that has somewhere to go.
      const connections = await socketConnectionsRepository.connectionsOfUser(tenant, userId);
      if (connections.length > 0) {
        const unreadCount = await notificationsRepository.unreadCount(tenant, userId);
        await sendToConnections(
          tenant,
          connections.map((connection) => connection.connectionId),
          { action: 'notification', notification: shown, unreadCount },
        );
      }
    }
  } catch (error) {
    logger.warn('Notification not pushed to the socket', { error: (error as Error).message });
  }
  try {
    const tokens = await fcmTokensOf(tenant, userId);
    if (tokens.length === 0) return;
    const pusher = await pusherFor(tenant);
    if (!pusher) return;
    for (const device of tokens) {
      const outcome = await pusher.send({
        token: device.token,
        title: draft.title,
        body: draft.body,
        link: draft.link ? portalUrl(draft.link) : undefined,
        data: { notificationId: notification._id, kind: draft.kind },
      });
      if (outcome === 'unregistered') await deleteFcmToken(tenant, userId, device._id);
    }
  } catch (error) {
    logger.warn('Notification not pushed to devices', { error: (error as Error).message });
  }
}
