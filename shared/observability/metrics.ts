/**
 * The platform's metrics, by name: what the request and event pipelines record (functions/lib/metrics.ts),
 * what the dashboards and alarms read (infra/cloud/observability.ts) and what the local metrics page
 * shows. One list, so a renamed metric cannot leave a dashboard reading nothing.
 */
export const METRICS_NAMESPACE = 'LearningPlatform';

/** Per route (dimension `route`: the route's id, never a tenant or user id). */
export const requestMetrics = {
  requests: 'Requests',
  latency: 'Latency',
  clientErrors: 'Errors4xx',
  serverErrors: 'Errors5xx',
  coldStarts: 'ColdStarts',
} as const;

/** Per event consumer (dimension `consumer`). */
export const consumerMetrics = {
  processed: 'EventsProcessed',
  failed: 'EventsFailed',
  /** A delivery after an earlier one failed (the bus's or Lambda's retry). */
  retried: 'EventsRetried',
  /** A delivery of an event this consumer has handled or is handling: passed over. */
  duplicates: 'EventsDuplicate',
  /** From the change that wrote the event to its consumer starting on it. */
  age: 'EventAge',
} as const;

/**
 * What the school's business does, counted by the pipeline from the routes that declare one (RouteDef
 * `counts`) with no dimension but the stage: a dashboard sums them, an alarm could watch them fall to zero.
 * The money and live issues add payments, webhooks, reminders and messages.
 */
export const businessMetrics = [
  'SignUps',
  'FailedSignIns',
  'TrialsBooked',
  'LessonsBooked',
  'LessonChangesRequested',
] as const;
export type BusinessMetric = (typeof businessMetrics)[number];

/** The status classes a request is counted in. */
export function statusClass(status: number): '2xx' | '3xx' | '4xx' | '5xx' {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}
