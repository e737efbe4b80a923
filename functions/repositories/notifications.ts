import * as z from 'zod';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import {
  defaultNotificationPreferences,
  emailPreferencesSchema,
  type Notification,
  type NotificationPreferences,
  notificationSchema,
} from '../../shared/notifications/notification';
import type { Page } from '../../shared/schemas/paging';
import { db, tableName, UpdateCommand } from '../lib/db';
import { causeId } from '../lib/ids';
import { keys } from '../table/access-patterns';
import { defineEntity, keyConditionQuery } from '../table/entity';
import { cancellationReasons, writtenIf } from '../table/items';
import { queryItems, skipItems } from '../table/query';
import { MAX_TRANSACTION_ITEMS, type TransactItem, writeTransaction } from '../table/transactions';

/**
 * A user's notification as stored: the notification, whose it is, and whether its e-mail is still owed
 * (set when it is written for someone who wants that e-mail, cleared once sent: a delivery retried after
 * a failed send sends it then, and never twice).
 */
const storedNotificationSchema = notificationSchema.extend({
  userId: z.string(),
  mailPending: z.boolean(),
  /**
   * Until when one delivery holds the owed e-mail to send it (ISO): the one that wrote the notification
   * holds it from the write, so an overlapping delivery of the same cause does not send it too; a delivery
   * that failed before sending lets it lapse, and the retry after that claims it.
   */
  mailClaimedUntil: z.string().optional(),
});
export type StoredNotification = z.infer<typeof storedNotificationSchema>;

/** In the user's partition, newest first by id; unread ones also in the user's sparse unread index (gsi1). */
const notifications = defineEntity({
  name: 'notification',
  schema: storedNotificationSchema,
  keyAttributes: ['userId', '_id'],
  key: (tenant, notification) => keys.notification(tenant, notification.userId, notification._id),
  indexes: (tenant, notification) =>
    notification.readAt === null
      ? { gsi1pk: keys.unreadNotificationsIndex(tenant, notification.userId), gsi1sk: notification._id }
      : {},
});

/** How many notifications a user has, and how many unread: moved in the transaction of each change. */
const notificationCounts = defineEntity({
  name: 'notificationCounts',
  schema: z.object({ userId: z.string(), total: z.number(), unread: z.number() }),
  keyAttributes: ['userId'],
  key: (tenant, counts) => keys.notificationCounts(tenant, counts.userId),
});

/** A user's e-mail switches: only those they changed, each its own attribute (a change sets just its own). */
const notificationPreferences = defineEntity({
  name: 'notificationPreferences',
  schema: emailPreferencesSchema.partial().extend({ userId: z.string() }),
  keyAttributes: ['userId'],
  key: (tenant, preferences) => keys.notificationPreferences(tenant, preferences.userId),
});

/**
 * A notification's id: the time it is about (12 hex of milliseconds, so ids sort by time) and a hash of its
 * cause and person. The same cause (an event id, or a lesson's reminder window at its start) for the same
 * person gives the same id, so the conditional write of it happens once however often it is delivered.
 */
export function notificationId(at: string, cause: string, userId: string): string {
  return Date.parse(at).toString(16).padStart(12, '0') + causeId(cause, userId).slice(0, 12);
}

const ID_PATTERN = /^[0-9a-f]{24}$/;

function countsWrite(tenant: string, userId: string, total: number, unread: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: notificationCounts.key(tenant, { userId }),
      UpdateExpression: 'SET #userId = :userId, #entity = :entity ADD #total :total, #unread :unread',
      ExpressionAttributeNames: {
        '#userId': 'userId',
        '#entity': 'entity',
        '#total': 'total',
        '#unread': 'unread',
      },
      ExpressionAttributeValues: {
        ':userId': userId,
        ':entity': notificationCounts.name,
        ':total': total,
        ':unread': unread,
      },
    },
  };
}

/** An unread notification made read, in the transaction that lowers the unread count. */
function readWrite(tenant: string, notification: StoredNotification, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: notifications.key(tenant, notification),
      UpdateExpression: 'SET readAt = :at REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk) AND readAt = :unread',
      ExpressionAttributeValues: { ':at': at, ':unread': null },
    },
  };
}

/** A write's condition failed: the notification is there already, or was read meanwhile (never answered). */
class AlreadyWritten extends ConflictError {}

const present = ({
  userId: _user,
  mailPending: _mail,
  mailClaimedUntil: _claim,
  ...notification
}: StoredNotification): Notification => notification;

export const notificationsRepository = {
  /**
   * Writes the notification with its counts, once: true when this call wrote it, false when it was
   * already there (an event delivered again, a reminder run twice).
   */
  async insert(tenant: string, notification: StoredNotification): Promise<boolean> {
    try {
      await writeTransaction(
        [
          notifications.putWrite(tenant, notification, 'absent'),
          countsWrite(tenant, notification.userId, 1, notification.readAt === null ? 1 : 0),
        ],
        () => new AlreadyWritten(),
      );
      return true;
    } catch (error) {
      if (error instanceof AlreadyWritten) return false;
      throw error;
    }
  },

  get(tenant: string, userId: string, id: string): Promise<StoredNotification | undefined> {
    return notifications.get(tenant, { userId, _id: id }, { consistent: true });
  },

  /** Claims the owed e-mail for a delivery that did not write the notification: true when it may send it. */
  async claimMail(tenant: string, userId: string, id: string, now: Date, holdMs: number): Promise<boolean> {
    return writtenIf(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: notifications.key(tenant, { userId, _id: id }),
          UpdateExpression: 'SET mailClaimedUntil = :until',
          ConditionExpression:
            'mailPending = :true AND (attribute_not_exists(mailClaimedUntil) OR mailClaimedUntil < :now)',
          ExpressionAttributeValues: {
            ':true': true,
            ':now': now.toISOString(),
            ':until': new Date(now.getTime() + holdMs).toISOString(),
          },
        }),
      ),
    );
  },

  /** Its e-mail sent: no longer owed. */
  async mailSent(tenant: string, userId: string, id: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notifications.key(tenant, { userId, _id: id }),
        UpdateExpression: 'SET mailPending = :false',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
  },

  async unreadCount(tenant: string, userId: string): Promise<number> {
    const counts = await notificationCounts.get(tenant, { userId }, { consistent: true });
    return Math.max(counts?.unread ?? 0, 0);
  },

  /** A page of the user's notifications, newest first (keys-only skip to the offset), and the unread count. */
  async page(
    tenant: string,
    userId: string,
    paging: { limit: number; offset: number },
  ): Promise<Page<Notification> & { unreadCount: number }> {
    const input = keyConditionQuery({
      partition: keys.notification(tenant, userId, '').pk,
      sortKey: { beginsWith: keys.notificationPrefix },
      descending: true,
    });
    const [counts, startKey] = await Promise.all([
      notificationCounts.get(tenant, { userId }, { consistent: true }),
      skipItems(input, paging.offset),
    ]);
    const items = startKey === null ? [] : await queryItems(input, paging.limit, startKey);
    return {
      ...paging,
      // The maintained count: no read of the whole list for its size.
      totalDocs: Math.max(counts?.total ?? 0, 0),
      docs: items.map((item) => present(notifications.parse(item))),
      unreadCount: Math.max(counts?.unread ?? 0, 0),
    };
  },

  /** Marks one read (already read: as it is); a 404 for an id that is not one of the user's. */
  async markRead(tenant: string, userId: string, id: string): Promise<Notification> {
    const notFound = () => new NotFoundError('Notification not found');
    if (!ID_PATTERN.test(id)) throw notFound();
    const found = await notificationsRepository.get(tenant, userId, id);
    if (!found) throw notFound();
    if (found.readAt !== null) return present(found);
    const at = new Date().toISOString();
    try {
      await writeTransaction([readWrite(tenant, found, at), countsWrite(tenant, userId, 0, -1)], () =>
        notFound(),
      );
    } catch (error) {
      // Read meanwhile (another tab): as it is now.
      const now = await notificationsRepository.get(tenant, userId, id);
      if (now?.readAt) return present(now);
      throw error;
    }
    return present({ ...found, readAt: at });
  },

  /**
   * Marks every unread notification read, a transaction per 99 with the count lowered by as many; one read
   * meanwhile in another tab fails its batch's condition, which is then read again and retried.
   */
  async markAllRead(tenant: string, userId: string): Promise<number> {
    const at = new Date().toISOString();
    let updated = 0;
    for (let attempt = 0; attempt < 5; attempt++) {
      const unread = await notifications.query({
        index: 'gsi1',
        partition: keys.unreadNotificationsIndex(tenant, userId),
        limit: MAX_TRANSACTION_ITEMS - 1,
      });
      if (unread.length === 0) return updated;
      try {
        await writeTransaction(
          [
            ...unread.map((notification) => readWrite(tenant, notification, at)),
            countsWrite(tenant, userId, 0, -unread.length),
          ],
          () => new AlreadyWritten(),
        );
        updated += unread.length;
        attempt = -1;
      } catch (error) {
        if (!(error instanceof AlreadyWritten) && cancellationReasons(error).length === 0) throw error;
      }
    }
    return updated;
  },

  async preferences(
    tenant: string,
    userId: string,
    options: { consistent?: boolean } = {},
  ): Promise<NotificationPreferences> {
    const { userId: _user, ...stored } =
      (await notificationPreferences.get(tenant, { userId }, options)) ?? {};
    return { email: { ...defaultNotificationPreferences.email, ...stored } };
  },

  /** Sets only the switches given (two tabs changing two switches keep both). */
  async setPreferences(
    tenant: string,
    userId: string,
    change: { email: Partial<NotificationPreferences['email']> },
  ): Promise<NotificationPreferences> {
    const changed = Object.entries(change.email).filter(([, value]) => value !== undefined);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notificationPreferences.key(tenant, { userId }),
        UpdateExpression: `SET #userId = :userId, #entity = :entity${changed
          .map((_, i) => `, #c${i} = :c${i}`)
          .join('')}`,
        ExpressionAttributeNames: {
          '#userId': 'userId',
          '#entity': notificationPreferences.name,
          ...Object.fromEntries(changed.map(([name], i) => [`#c${i}`, name])),
        },
        ExpressionAttributeValues: {
          ':userId': userId,
          ':entity': notificationPreferences.name,
          ...Object.fromEntries(changed.map(([, value], i) => [`:c${i}`, value])),
        },
      }),
    );
    return notificationsRepository.preferences(tenant, userId, { consistent: true });
  },
};
