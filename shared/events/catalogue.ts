import * as z from 'zod';
import { lessonNoticeDetailSchema } from '../rules/lesson-notices';
import { CATALOGUE_CHECK_EVERY_MS, SITEMAP_SCHEDULES } from '../rules/sitemap-generation';

/**
 * The event catalogue: every event on the bus, with its detail schema. The CDK rules and the local bus read
 * the same list, so a pattern or a schedule declared here behaves the same in both.
 */
export const EVENT_SOURCE = 'learning-platform';

export const eventCatalogue = {
  UserSignedUp: z.object({ tenant: z.string(), userId: z.string() }),
  /** Any address (an account or not): the consumer looks it up, so the request does the same work for both. */
  PasswordResetRequested: z.object({ tenant: z.string(), email: z.string() }),
  /** An admin created an account (adminUsers.create): the new user is mailed a link to set their password. */
  UserInvited: z.object({ tenant: z.string(), userId: z.string() }),
  /**
   * An account was deleted (anonymised, profile.deleteAccount): its consumer removes the profile's items and
   * a tutor's availability, and renames the account where records keep a copy of its name.
   */
  UserDeleted: z.object({ tenant: z.string(), userId: z.string() }),
  /**
   * An admin asked for a new temporary password for a user (adminUsers.resendPassword): its consumer sets
   * one and mails it, so the password exists only in the e-mail, never in an event or a log.
   */
  TemporaryPasswordRequested: z.object({ tenant: z.string(), userId: z.string() }),
  UserImpersonated: z.object({ tenant: z.string(), adminId: z.string(), userId: z.string() }),
  /** `generationId`: the generation record its request created (one put on the bus by hand has none). */
  SitemapRequested: z.object({
    tenant: z.string(),
    requestedBy: z.string().optional(),
    generationId: z.string().optional(),
  }),
  /** A redirection of `path` was created, changed or deleted: the edge store mirrors it (cloud). */
  RedirectionChanged: z.object({ tenant: z.string(), path: z.string() }),
  /** The daily full reconcile of the edge redirect store with every tenant's redirections (cloud). */
  RedirectEdgeReconcileDue: z.object({}),
  LessonReminderDue: z.object({ tenant: z.string().optional() }),
  /** The lesson-history job's tick: rows for lessons that ended since its last run. */
  LessonHistoryDue: z.object({ tenant: z.string().optional() }),
  TrialBooked: z.object({ tenant: z.string(), trialId: z.string(), studentId: z.string() }),
  /** An admin sent an invoice (created with `send`, or invoices.sendMail): its consumer mails it. */
  InvoiceMailRequested: z.object({ tenant: z.string(), invoiceId: z.string() }),
  StripeEventReceived: z.object({ tenant: z.string(), stripeEventId: z.string(), type: z.string() }),
  /** The daily reconciliation's tick: each school's Stripe events since its last run, any never delivered. */
  StripeReconcileDue: z.object({}),
  /** A Zoom webhook event recorded (functions/zoom-webhooks): attendance and recordings, applied once. */
  ZoomEventReceived: z.object({ tenant: z.string(), zoomEventId: z.string(), type: z.string() }),
  // --- Notifications (issue 19 item 7): lesson changes, written by every lesson write
  // (functions/repositories/lessons.ts), an answered change request and a reviewed homework.
  /** A new lesson on the calendars of its tutor and students (booked, or created by a tutor or admin). */
  LessonScheduled: lessonNoticeDetailSchema,
  /** A live lesson moved to another time or tutor; `previous` is where it was. */
  LessonRescheduled: lessonNoticeDetailSchema,
  /** A live lesson cancelled or deleted before it ended. */
  LessonCancelled: lessonNoticeDetailSchema,
  /** A live lesson's students changed at the same time: the ones added are invited, the ones taken off told. */
  LessonParticipantsChanged: lessonNoticeDetailSchema,
  /** A lesson change request approved or rejected: its requester is told. */
  LessonChangeRequestAnswered: z.object({
    tenant: z.string(),
    requestId: z.string(),
    status: z.string(),
  }),
  /** A tutor reviewed a homework submission: its student (and their parent) is told. */
  HomeworkReviewed: z.object({ tenant: z.string(), submissionId: z.string() }),
} as const;
export type EventType = keyof typeof eventCatalogue;
export type EventDetail<T extends EventType> = z.infer<(typeof eventCatalogue)[T]>;

const detailSchemas: { [T in EventType]: z.ZodType<EventDetail<T>> } = eventCatalogue;

/** An event's detail checked against its type's schema (a ZodError when it does not fit). */
export function parseEventDetail<T extends EventType>(type: T, detail: unknown): EventDetail<T> {
  return detailSchemas[type].parse(detail);
}

/**
 * The events a change writes to the outbox (functions/lib/outbox.ts): each belongs to a tenant. The others
 * are a schedule's ticks, which EventBridge makes itself.
 */
export type OutboxEventType = {
  [T in EventType]: EventDetail<T> extends { tenant: string } ? T : never;
}[EventType];

/**
 * The detail of an outbox event on the bus: the catalogued detail under `data`, with the event's own id and
 * when its change committed. Consumers are idempotent by `eventId`: EventBridge gives every PutEvents entry
 * a new id, so the stream replaying a record would otherwise look like a new event.
 */
export const eventEnvelope = z.object({
  eventId: z.string().min(1),
  occurredAt: z.string(),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof eventEnvelope>;

/** An EventBridge rule: a pattern on detail-type, or a schedule, delivering to one resource's handler. */
export type EventRule =
  | { name: string; kind: 'pattern'; detailTypes: EventType[]; target: string }
  | { name: string; kind: 'schedule'; schedule: string; everyMs: number; target: string; emits: EventType };

/**
 * The detail of a schedule's tick: the rule's name, which the rule's target input puts there in the cloud
 * (infra/cloud/events.ts) and the local bus too, so a function with two schedules knows which one ticked.
 */
export const scheduleTickDetail = z.object({ schedule: z.string() });
export type ScheduleTickDetail = z.infer<typeof scheduleTickDetail>;

export const eventRules: EventRule[] = [
  { name: 'audit-trail', kind: 'pattern', detailTypes: ['UserSignedUp', 'TrialBooked'], target: 'audit' },
  // The reset e-mail of a forgot-password request, sent after the request has answered, the set-password
  // e-mail of an account an admin created, and a temporary password an admin asked for.
  {
    name: 'password-reset-mail',
    kind: 'pattern',
    detailTypes: ['PasswordResetRequested', 'UserInvited', 'TemporaryPasswordRequested'],
    target: 'password-reset-mail',
  },
  // An invoice mailed to its user and their parent, after the request that sent it has answered.
  { name: 'invoice-mail', kind: 'pattern', detailTypes: ['InvoiceMailRequested'], target: 'invoices' },
  // What a deleted account leaves to tidy, after its own transaction.
  { name: 'account-cleanup', kind: 'pattern', detailTypes: ['UserDeleted'], target: 'account-cleanup' },
  // The booking e-mail to the student, their parent and the tutor.
  { name: 'trial-booked-mail', kind: 'pattern', detailTypes: ['TrialBooked'], target: 'trial-mail' },
  // Lesson history rows (spec 001 section 3) for lessons that ended, every five minutes.
  {
    name: 'lesson-history',
    kind: 'schedule',
    schedule: 'rate(5 minutes)',
    everyMs: 5 * 60_000,
    target: 'lesson-history',
    emits: 'LessonHistoryDue',
  },
  { name: 'sitemap-requested', kind: 'pattern', detailTypes: ['SitemapRequested'], target: 'sitemap' },
  { name: 'redirect-edge', kind: 'pattern', detailTypes: ['RedirectionChanged'], target: 'redirect-edge' },
  // Every tenant's sitemap, once a day (03:00 UTC, a quiet hour for the platform's time zones).
  {
    name: SITEMAP_SCHEDULES.daily,
    kind: 'schedule',
    schedule: 'cron(0 3 * * ? *)',
    everyMs: 86_400_000,
    target: 'sitemap',
    emits: 'SitemapRequested',
  },
  // The sitemap of each tenant whose catalogue changed and has been quiet since, every five minutes
  // (shared/rules/sitemap-generation.ts).
  {
    name: SITEMAP_SCHEDULES.catalogueChanges,
    kind: 'schedule',
    schedule: `rate(${CATALOGUE_CHECK_EVERY_MS / 60_000} minutes)`,
    everyMs: CATALOGUE_CHECK_EVERY_MS,
    target: 'sitemap',
    emits: 'SitemapRequested',
  },
  // The edge redirect store made to match the table once a day (03:30 UTC): a change lost on the way (its
  // delivery dead-lettered), redirections older than the store, a tenant's former domain.
  {
    name: 'redirect-edge-reconcile',
    kind: 'schedule',
    schedule: 'cron(30 3 * * ? *)',
    everyMs: 86_400_000,
    target: 'redirect-edge',
    emits: 'RedirectEdgeReconcileDue',
  },
  // A Stripe event recorded (by its webhook or the reconciliation): its effect on the books, once.
  {
    name: 'stripe-payments',
    kind: 'pattern',
    detailTypes: ['StripeEventReceived'],
    target: 'stripe-webhooks',
  },
  // Each school's Stripe events since the last run, listed from Stripe and recorded if their webhook never
  // arrived (04:15 UTC daily): a webhook lost for days still lands.
  {
    name: 'stripe-reconcile',
    kind: 'schedule',
    schedule: 'cron(15 4 * * ? *)',
    everyMs: 86_400_000,
    target: 'stripe-webhooks',
    emits: 'StripeReconcileDue',
  },
  // A Zoom event recorded by its webhook: participants' joins and leaves, finished recordings.
  { name: 'zoom-events', kind: 'pattern', detailTypes: ['ZoomEventReceived'], target: 'zoom-webhooks' },
  // --- Notifications (issue 19 items 5 and 7): e-mail with a calendar invite, in-app and push, once per
  // event and person; and the lesson reminders, every five minutes (functions/notifications).
  {
    name: 'notifications',
    kind: 'pattern',
    detailTypes: [
      'LessonScheduled',
      'LessonRescheduled',
      'LessonCancelled',
      'LessonParticipantsChanged',
      'LessonChangeRequestAnswered',
      'HomeworkReviewed',
    ],
    target: 'notifications',
  },
  {
    name: 'lesson-reminders',
    kind: 'schedule',
    schedule: 'rate(5 minutes)',
    everyMs: 5 * 60_000,
    target: 'notifications',
    emits: 'LessonReminderDue',
  },
];
