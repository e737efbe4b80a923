import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import {
  type BusinessMetric,
  consumerMetrics,
  METRICS_NAMESPACE,
  requestMetrics,
  statusClass,
} from '../../shared/observability/metrics';

/** One metrics record in CloudWatch's Embedded Metric Format, as Powertools serializes it. */
export type MetricsRecord = ReturnType<Metrics['serializeMetrics']>;

/**
 * Where records go. In Lambda, standard output, as Powertools writes them (CloudWatch turns each line into
 * metrics: no API call, nothing to wait for). Elsewhere nothing reads standard output for them: the local
 * stack's collector and tests take them (setMetricsSink), and otherwise they are dropped.
 */
let sink: (record: MetricsRecord) => void = process.env.AWS_LAMBDA_FUNCTION_NAME
  ? (record) => {
      process.stdout.write(`${JSON.stringify(record)}\n`);
    }
  : () => undefined;

/** Sends records elsewhere (the local stack's collector, a test); returns a function that restores the last sink. */
export function setMetricsSink(next: (record: MetricsRecord) => void): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

/** Dimensions are the stage and the route or consumer only: never a tenant or user id (cost per value). */
const metrics = new Metrics({
  namespace: METRICS_NAMESPACE,
  serviceName: 'learning-platform',
  defaultDimensions: { stage: process.env.STAGE ?? 'local' },
});

/**
 * Serializes what was added and clears it, in one synchronous step with the adds: the local stack runs many
 * handlers' requests interleaved in one process, and no other request's metrics can enter between.
 */
function flush(): void {
  const record = metrics.serializeMetrics();
  metrics.clearMetrics();
  metrics.clearDimensions();
  sink(record);
}

/** The functions (by resource or consumer) that have answered in this process. */
const warm = new Set<string>();

/**
 * A function's first request or event in this process is its cold start. In Lambda a process is one
 * function's; the local stack runs them all in one, so each counts its own first.
 */
function takeColdStart(fn: string): boolean {
  if (warm.has(fn)) return false;
  warm.add(fn);
  return true;
}

/** Every function cold again: a new local stack in the same process is a new set of containers. */
export function resetColdStarts(): void {
  warm.clear();
}

/**
 * One answered request: counted, timed and classed under its route's id, with a cold start when it was the
 * process's first; and the business count its route declares for a success or a client error.
 */
export function recordRequest(answer: {
  route: string;
  /** The function that answered (the route's resource). */
  resource: string;
  status: number;
  durationMs: number;
  counts?: { succeeded?: BusinessMetric; failed?: BusinessMetric } | undefined;
}): void {
  const kind = statusClass(answer.status);
  metrics.addDimension('route', answer.route);
  metrics.addMetric(requestMetrics.requests, MetricUnit.Count, 1);
  metrics.addMetric(requestMetrics.latency, MetricUnit.Milliseconds, answer.durationMs);
  // Zeros too, so each error metric's average is the route's error rate.
  metrics.addMetric(requestMetrics.clientErrors, MetricUnit.Count, kind === '4xx' ? 1 : 0);
  metrics.addMetric(requestMetrics.serverErrors, MetricUnit.Count, kind === '5xx' ? 1 : 0);
  if (takeColdStart(answer.resource)) metrics.addMetric(requestMetrics.coldStarts, MetricUnit.Count, 1);
  flush();
  const business =
    kind === '2xx' ? answer.counts?.succeeded : kind === '4xx' ? answer.counts?.failed : undefined;
  if (business) countBusiness(business);
}

/** One business event (a trial booked, a sign-up...), with no dimension but the stage. */
export function countBusiness(name: BusinessMetric, count = 1): void {
  metrics.addMetric(name, MetricUnit.Count, count);
  flush();
}

/**
 * One delivery of an event to a consumer: handled, failed or passed over as a duplicate; a retry when an
 * earlier delivery of it failed; and the event's age, from the commit that wrote it to now.
 */
export function recordConsumed(delivery: {
  consumer: string;
  outcome: 'processed' | 'failed' | 'duplicate';
  attempt?: number | undefined;
  occurredAt?: string | undefined;
}): void {
  metrics.addDimension('consumer', delivery.consumer);
  metrics.addMetric(consumerMetrics.processed, MetricUnit.Count, delivery.outcome === 'processed' ? 1 : 0);
  metrics.addMetric(consumerMetrics.failed, MetricUnit.Count, delivery.outcome === 'failed' ? 1 : 0);
  if (delivery.outcome === 'duplicate') metrics.addMetric(consumerMetrics.duplicates, MetricUnit.Count, 1);
  if ((delivery.attempt ?? 1) > 1) metrics.addMetric(consumerMetrics.retried, MetricUnit.Count, 1);
  const occurred = delivery.occurredAt ? Date.parse(delivery.occurredAt) : Number.NaN;
  if (Number.isFinite(occurred)) {
    metrics.addMetric(consumerMetrics.age, MetricUnit.Milliseconds, Math.max(0, Date.now() - occurred));
  }
  if (takeColdStart(delivery.consumer)) metrics.addMetric(requestMetrics.coldStarts, MetricUnit.Count, 1);
  flush();
}
