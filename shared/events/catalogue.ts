import * as z from 'zod';

/**
 * The event catalogue: every event on the bus, with its detail schema. The CDK rules and the local bus read
 * the same list, so a pattern or a schedule declared here behaves the same in both.
 */
export const EVENT_SOURCE = 'learning-platform';

export const eventCatalogue = {
  UserSignedUp: z.object({ tenant: z.string(), userId: z.string() }),
  PasswordResetRequested: z.object({ tenant: z.string(), userId: z.string() }),
  UserImpersonated: z.object({ tenant: z.string(), adminId: z.string(), userId: z.string() }),
  SitemapRequested: z.object({ tenant: z.string(), requestedBy: z.string().optional() }),
  LessonReminderDue: z.object({ tenant: z.string().optional() }),
  TrialBooked: z.object({ tenant: z.string(), trialId: z.string(), studentId: z.string() }),
  StripeEventReceived: z.object({ tenant: z.string(), stripeEventId: z.string(), type: z.string() }),
} as const;
export type EventType = keyof typeof eventCatalogue;
export type EventDetail<T extends EventType> = z.infer<(typeof eventCatalogue)[T]>;

/** An EventBridge rule: a pattern on detail-type, or a schedule, delivering to one resource's handler. */
export type EventRule =
  | { name: string; kind: 'pattern'; detailTypes: EventType[]; target: string }
  | { name: string; kind: 'schedule'; schedule: string; everyMs: number; target: string; emits: EventType };

export const eventRules: EventRule[] = [
  { name: 'audit-trail', kind: 'pattern', detailTypes: ['UserSignedUp', 'TrialBooked'], target: 'audit' },
];
