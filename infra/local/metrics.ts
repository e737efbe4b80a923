import type { MetricsRecord } from '../../functions/lib/metrics';
import { businessMetrics, consumerMetrics, requestMetrics } from '../../shared/observability/metrics';

/** Latencies kept per route: the newest this many, so a long-running `npm start` keeps bounded memory. */
const SAMPLES_KEPT = 20_000;

export interface RouteFigures {
  route: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
  coldStarts: number;
  p50Ms: number;
  p99Ms: number;
}

export interface ConsumerFigures {
  consumer: string;
  processed: number;
  failed: number;
  retried: number;
  duplicates: number;
  p99AgeMs: number;
}

export interface MetricsSummary {
  since: string;
  routes: RouteFigures[];
  consumers: ConsumerFigures[];
  business: Record<string, number>;
}

/** The nearest-rank percentile of the values (0 for none). */
function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The values a record holds for one metric (one number, or a list when added more than once). */
function valuesOf(record: MetricsRecord, name: string): number[] {
  const value = record[name];
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is number => typeof entry === 'number');
  return [];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Keeps the newest SAMPLES_KEPT values. */
function keep(samples: number[], values: number[]) {
  samples.push(...values);
  if (samples.length > SAMPLES_KEPT) samples.splice(0, samples.length - SAMPLES_KEPT);
}

/**
 * What `npm start` does with the metrics records the functions write (functions/lib/metrics.ts): the same
 * records CloudWatch would read from a Lambda's output, added up since start per route, per event consumer
 * and per business count, for the local metrics page.
 */
export function metricsCollector() {
  const since = new Date().toISOString();
  const routes = new Map<string, Omit<RouteFigures, 'p50Ms' | 'p99Ms'> & { latencies: number[] }>();
  const consumers = new Map<string, Omit<ConsumerFigures, 'p99AgeMs'> & { ages: number[] }>();
  const business = new Map<string, number>();

  function record(emf: MetricsRecord): void {
    const route = emf.route;
    const consumer = emf.consumer;
    if (typeof route === 'string') {
      const figures = routes.get(route) ?? {
        route,
        requests: 0,
        clientErrors: 0,
        serverErrors: 0,
        coldStarts: 0,
        latencies: [],
      };
      figures.requests += sum(valuesOf(emf, requestMetrics.requests));
      figures.clientErrors += sum(valuesOf(emf, requestMetrics.clientErrors));
      figures.serverErrors += sum(valuesOf(emf, requestMetrics.serverErrors));
      figures.coldStarts += sum(valuesOf(emf, requestMetrics.coldStarts));
      keep(figures.latencies, valuesOf(emf, requestMetrics.latency));
      routes.set(route, figures);
    } else if (typeof consumer === 'string') {
      const figures = consumers.get(consumer) ?? {
        consumer,
        processed: 0,
        failed: 0,
        retried: 0,
        duplicates: 0,
        ages: [],
      };
      figures.processed += sum(valuesOf(emf, consumerMetrics.processed));
      figures.failed += sum(valuesOf(emf, consumerMetrics.failed));
      figures.retried += sum(valuesOf(emf, consumerMetrics.retried));
      figures.duplicates += sum(valuesOf(emf, consumerMetrics.duplicates));
      keep(figures.ages, valuesOf(emf, consumerMetrics.age));
      consumers.set(consumer, figures);
    } else {
      for (const name of businessMetrics) {
        const counted = sum(valuesOf(emf, name));
        if (counted) business.set(name, (business.get(name) ?? 0) + counted);
      }
    }
  }

  function summary(): MetricsSummary {
    return {
      since,
      routes: [...routes.values()]
        .map(({ latencies, ...figures }) => ({
          ...figures,
          p50Ms: percentile(latencies, 50),
          p99Ms: percentile(latencies, 99),
        }))
        .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route)),
      consumers: [...consumers.values()]
        .map(({ ages, ...figures }) => ({ ...figures, p99AgeMs: percentile(ages, 99) }))
        .sort((a, b) => a.consumer.localeCompare(b.consumer)),
      business: Object.fromEntries(businessMetrics.map((name) => [name, business.get(name) ?? 0])),
    };
  }

  return { record, summary };
}

export type MetricsCollector = ReturnType<typeof metricsCollector>;

const escapeText = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const cells = (values: Array<string | number>, header = false) =>
  `<tr>${values.map((value, i) => (header ? `<th${i ? ' class="n"' : ''}>` : `<td${i ? ' class="n"' : ''}>`) + escapeText(String(value)) + (header ? '</th>' : '</td>')).join('')}</tr>`;

/** The local metrics page: per route, per consumer and the business counts since the stack started. */
export function metricsPage(summary: MetricsSummary): string {
  const routeRows = summary.routes
    .map((r) => cells([r.route, r.requests, r.clientErrors, r.serverErrors, r.coldStarts, r.p50Ms, r.p99Ms]))
    .join('\n');
  const consumerRows = summary.consumers
    .map((c) => cells([c.consumer, c.processed, c.failed, c.retried, c.duplicates, c.p99AgeMs]))
    .join('\n');
  const businessRows = Object.entries(summary.business)
    .map(([name, count]) => cells([name, count]))
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local metrics</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f7f7;color:#1a202c}
h1{background:#319795;color:#fff;margin:0;padding:16px 24px;font-size:20px}
main{max-width:1000px;margin:24px auto;padding:0 16px}
section{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.1);margin-bottom:16px;padding:16px;overflow-x:auto}
h2{font-size:16px;margin:0 0 8px}
table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e2e8f0;white-space:nowrap}
.n{text-align:right;font-variant-numeric:tabular-nums}
p{color:#4a5568}
</style></head>
<body><h1>Local metrics</h1><main>
<p>Since ${escapeText(new Date(summary.since).toLocaleString())}: the metrics the functions record, as CloudWatch would receive them. <a href="/_local/metrics.json">JSON</a></p>
<section><h2>Routes</h2><table>
${cells(['Route', 'Requests', '4xx', '5xx', 'Cold starts', 'p50 ms', 'p99 ms'], true)}
${routeRows || '<tr><td colspan="7">No request yet.</td></tr>'}
</table></section>
<section><h2>Event consumers</h2><table>
${cells(['Consumer', 'Processed', 'Failed', 'Retried', 'Duplicates', 'p99 age ms'], true)}
${consumerRows || '<tr><td colspan="6">No event yet.</td></tr>'}
</table></section>
<section><h2>Business</h2><table>
${cells(['Count', 'Since start'], true)}
${businessRows}
</table></section>
</main></body></html>`;
}
