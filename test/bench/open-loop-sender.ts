/**
 * An open-loop HTTP load generator, run as a process of its own by the webhook benchmark
 * (`node --import tsx test/bench/open-loop-sender.ts <plan.json>`; the plan is an OpenLoopPlan, the answer an
 * OpenLoopResult on standard output).
 *
 * Send i leaves at start + i / rate whether or not the earlier ones were answered, as Stripe's deliveries do
 * (they do not wait for each other). autocannon, which the other benchmarks use, cannot do that: its rate is
 * per connection, each connection waits for its answer before the next request, and every connection's
 * budget is refilled by one timer a second, so at 200/s it sent bursts of 200 at once and then waited (a
 * closed loop that sent 130/s when answers were slow). Here connections are keep-alive and opened as
 * needed (no cap, so a slow answer never holds a send back), the bodies are signed before the start, and
 * answer times are taken from the moment a send was due, so a late sender shows as latency rather than
 * hiding it (no coordinated omission).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export interface OpenLoopPlan {
  url: string;
  rate: number;
  /** Abandon a send not answered after this long (counted as a timeout). */
  timeoutMs: number;
  sends: Array<{ body: string; headers: Record<string, string> }>;
}

export interface OpenLoopResult {
  sent: number;
  /** Sends a second from the first send to the last (what the sender achieved). */
  sentRate: number;
  /** How late a send left after its due moment: the sender's own lag. */
  sendLagP99: number;
  sendLagMax: number;
  answered: number;
  /** Answers a second, from the first send to the last answer. */
  answeredRate: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** From a send's due moment to its answer's end, ms. */
  latency: { p50: number; p99: number; max: number };
  /** Of one core: the sender's CPU over its run. */
  cpuShare: number;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export async function sendOpenLoop(plan: OpenLoopPlan): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const target = new URL(plan.url);
  const interval = 1000 / plan.rate;
  const lags: number[] = [];
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let firstSentAt = Number.NaN;
  let lastSentAt = Number.NaN;
  let lastAnsweredAt = Number.NaN;
  const cpuBefore = process.cpuUsage();
  const start = performance.now() + 20;

  const answers = plan.sends.map(
    (send, index) =>
      new Promise<void>((done) => {
        const due = start + index * interval;
        const fire = () => {
          const sentAt = performance.now();
          if (index === 0) firstSentAt = sentAt;
          lastSentAt = Math.max(Number.isNaN(lastSentAt) ? sentAt : lastSentAt, sentAt);
          lags.push(sentAt - due);
          const body = Buffer.from(send.body);
          const outgoing = request(
            target,
            {
              method: 'POST',
              agent,
              timeout: plan.timeoutMs,
              headers: { ...send.headers, 'content-length': String(body.length) },
            },
            (response) => {
              response.resume();
              response.on('end', () => {
                const answeredAt = performance.now();
                lastAnsweredAt = Math.max(
                  Number.isNaN(lastAnsweredAt) ? answeredAt : lastAnsweredAt,
                  answeredAt,
                );
                latencies.push(answeredAt - due);
                if ((response.statusCode ?? 0) >= 300) non2xx++;
                done();
              });
            },
          );
          outgoing.on('timeout', () => {
            timeouts++;
            outgoing.destroy(new Error('timed out'));
          });
          outgoing.on('error', () => {
            errors++;
            done();
          });
          outgoing.end(body);
        };
        // Every send has its own timer, so one that fires late never delays the ones after it.
        setTimeout(fire, Math.max(0, due - performance.now()));
      }),
  );
  await Promise.all(answers);
  agent.destroy();
  const cpu = process.cpuUsage(cpuBefore);
  const sent = plan.sends.length;
  return {
    sent,
    sentRate: sent > 1 ? ((sent - 1) * 1000) / (lastSentAt - firstSentAt) : sent,
    sendLagP99: percentile(lags, 99),
    sendLagMax: Math.max(...lags),
    answered: latencies.length,
    answeredRate: (latencies.length * 1000) / (lastAnsweredAt - firstSentAt),
    non2xx,
    errors: errors - timeouts,
    timeouts,
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies) },
    cpuShare: (cpu.user + cpu.system) / 1000 / (performance.now() - start),
  };
}

if (process.argv[1] === import.meta.filename) {
  const planFile = process.argv[2];
  if (!planFile) throw new Error('usage: open-loop-sender.ts <plan.json>');
  const plan: OpenLoopPlan = JSON.parse(readFileSync(planFile, 'utf8'));
  process.stdout.write(JSON.stringify(await sendOpenLoop(plan)));
}
