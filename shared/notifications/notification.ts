import * as z from 'zod';
import { type NotificationCategory, notificationCategories, notificationKinds } from './categories';

export * from './categories';

/**
 * In-app notifications and the e-mail choices of each user (issue 19 item 7). A notification is written
 * once per event (or reminder) and person, pushed over the socket to the person's open connections, and
 * e-mailed when the person wants e-mails of its category.
 */
export const notificationSchema = z.object({
  /** Sortable by time: newest first is descending id order. */
  _id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** Where the notification leads in the SPA (a path under /learning-portal), when somewhere. */
  link: z.string().nullable(),
  /** The lesson it is about, when it is about one. */
  sectionId: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Every e-mail category on, until the user turns one off. */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(notificationCategories.map((category) => [category, z.boolean()])) as Record<
    NotificationCategory,
    z.ZodBoolean
  >,
);
export const notificationPreferencesSchema = z.object({ email: emailPreferencesSchema });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const defaultNotificationPreferences: NotificationPreferences = {
  email: { lessons: true, requests: true, homework: true, reminders: true },
};

/** A change of preferences: any of the switches. */
export const notificationPreferencesBodySchema = z
  .object({ email: emailPreferencesSchema.partial().strict() })
  .strict();

/** The minutes before a lesson's start its reminders go out, unless the tenant chose others. */
export const DEFAULT_REMINDER_MINUTES = [24 * 60, 15] as const;

/** A tenant's reminder windows: one to three, from 5 minutes to 7 days before the start. */
export const reminderMinutesSchema = z
  .array(
    z
      .number()
      .int()
      .min(5, 'A reminder goes at least 5 minutes before the lesson')
      .max(7 * 24 * 60, 'A reminder goes at most 7 days before the lesson'),
  )
  .min(1)
  .max(3);
