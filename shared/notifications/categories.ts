/**
 * The kinds and e-mail categories of notifications, without schemas: the SPA's bell and settings import
 * these (and only types from notification.ts), so no zod reaches its bundle.
 */
export const notificationKinds = [
  'LESSON_SCHEDULED',
  'LESSON_RESCHEDULED',
  'LESSON_CANCELLED',
  'LESSON_REQUEST_ANSWERED',
  'HOMEWORK_REVIEWED',
  'LESSON_REMINDER',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What a user chooses to get by e-mail: one switch per category (the in-app list always has them all). */
export const notificationCategories = ['lessons', 'requests', 'homework', 'reminders'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];

export const categoryOfKind: Record<NotificationKind, NotificationCategory> = {
  LESSON_SCHEDULED: 'lessons',
  LESSON_RESCHEDULED: 'lessons',
  LESSON_CANCELLED: 'lessons',
  LESSON_REQUEST_ANSWERED: 'requests',
  HOMEWORK_REVIEWED: 'homework',
  LESSON_REMINDER: 'reminders',
};

export const categoryLabels: Record<NotificationCategory, string> = {
  lessons: 'Lessons booked, moved or cancelled (with a calendar invite)',
  requests: 'Answers to my lesson change requests',
  homework: 'Homework reviewed',
  reminders: 'Lesson reminders',
};
