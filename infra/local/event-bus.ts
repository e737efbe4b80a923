import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { EVENT_SOURCE, type EventRule, type ScheduleTickDetail } from '../../shared/events/catalogue';
import type { HandlerLoader } from './handler-loader';
import { closeServer } from './http-gateway';
import { lambdaContext } from './lambda-context';
import { listenOn } from './listen';

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: string | number;
}

export interface EventBusOptions {
  port: number;
  busName: string;
  rules: EventRule[];
  loader: HandlerLoader;
  /** Run schedule rules on timers (off in tests, which trigger them by name). */
  schedules: boolean;
  retryDelaysMs?: number[];
  /** How many invocations of one target run at once (default TARGET_CONCURRENCY); the rest wait in order. */
  targetConcurrency?: number;
}

/**
 * A target's invocations at once. Lambda's asynchronous invocation puts events in a queue and runs them with
 * as many instances as the function's concurrency allows, each with its own connections; here every
 * "instance" is this process and shares one DynamoDB client (50 sockets) and one DynamoDB Local, so without
 * a bound a burst of events started hundreds of consumers whose calls queued behind each other and behind
 * the webhook's own write (measured: 25 s from a consumer's start to its ledger entry at 50 events/s on a
 * loaded machine, and webhook answers timing out). Bounded, a consumer runs its few calls at once and the
 * others wait their turn in the bus's queue, as they would for a function's reserved concurrency.
 */
const TARGET_CONCURRENCY = 8;

/** An event as the bus hands it to a target. */
export type BusEventRecord = Record<string, unknown>;

/**
 * One delivery to one rule's target, once it succeeded or ran out of retries. The times (performance.now(),
 * this process's clock) are when PutEvents took the event, when its first attempt started and when the
 * delivery ended: the webhook benchmark splits its latency with them.
 */
export interface BusDelivery {
  rule: string;
  detailType: string;
  ok: boolean;
  event: BusEventRecord;
  acceptedAt: number;
  startedAt: number;
  finishedAt: number;
}

/**
 * The local EventBridge bus: accepts `PutEvents` as @aws-sdk/client-eventbridge sends it (AWS JSON 1.1),
 * matches each entry against the same rules the CDK stack declares, and delivers EventBridge events to the
 * targets, asynchronously and with retries, as EventBridge and Lambda's asynchronous invocation do. A
 * delivery that fails every attempt is kept in `deadLetters`, the cloud's dead-letter queue. Schedule rules
 * run on timers.
 */
export async function startEventBus(options: EventBusOptions) {
  const retryDelays = options.retryDelaysMs ?? [200, 1000];
  const inFlight = new Set<Promise<void>>();
  const deliveries: BusDelivery[] = [];
  const deadLetters: Array<{ rule: string; target: string; event: BusEventRecord; error: string }> = [];
  const concurrency = options.targetConcurrency ?? TARGET_CONCURRENCY;
  const instances = new Map<string, ReturnType<typeof concurrencyLimit>>();
  const instanceOf = (target: string) => {
    const limit = instances.get(target) ?? concurrencyLimit(concurrency);
    instances.set(target, limit);
    return limit;
  };

  function deliver(rule: EventRule, event: BusEventRecord) {
    const detailType = String(event['detail-type']);
    const acceptedAt = performance.now();
    const attempt = async () => {
      let startedAt: number | undefined;
      const timing = () => ({
        acceptedAt,
        startedAt: startedAt ?? acceptedAt,
        finishedAt: performance.now(),
      });
      for (let i = 0; ; i++) {
        try {
          const handler = await options.loader(rule.target);
          // Each attempt waits for a free instance; a retry's delay holds none.
          await instanceOf(rule.target)(() => {
            startedAt ??= performance.now();
            return handler(event, lambdaContext(rule.target));
          });
          deliveries.push({ rule: rule.name, detailType, ok: true, event, ...timing() });
          return;
        } catch (error) {
          if (i >= retryDelays.length) {
            console.error(`Event delivery to ${rule.target} failed after ${i + 1} attempts`, error);
            deliveries.push({ rule: rule.name, detailType, ok: false, event, ...timing() });
            deadLetters.push({ rule: rule.name, target: rule.target, event, error: String(error) });
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelays[i]));
        }
      }
    };
    const running = attempt();
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  }

  function route(entry: PutEventsEntry, eventId: string) {
    const busName = entry.EventBusName ?? 'default';
    let detail: unknown = {};
    try {
      detail = entry.Detail ? JSON.parse(entry.Detail) : {};
    } catch {
      return false;
    }
    if (busName !== options.busName) return true;
    const event = {
      version: '0',
      id: eventId,
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: '000000000000',
      time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region: 'local-1',
      resources: entry.Resources ?? [],
      detail,
    };
    for (const rule of options.rules) {
      if (
        rule.kind === 'pattern' &&
        entry.Source === EVENT_SOURCE &&
        (rule.detailTypes as string[]).includes(entry.DetailType ?? '')
      ) {
        deliver(rule, event);
      }
    }
    return true;
  }

  const server = createServer((request, response) => {
    readJson(request)
      .then((body) => {
        const target = request.headers['x-amz-target'];
        if (target !== 'AWSEvents.PutEvents') {
          response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
          response.end(
            JSON.stringify({ __type: 'UnknownOperationException', message: `Unsupported ${target}` }),
          );
          return;
        }
        const entries = ((body as { Entries?: PutEventsEntry[] }).Entries ?? []).map((entry) => {
          const eventId = randomUUID();
          return route(entry, eventId)
            ? { EventId: eventId }
            : { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
        });
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(
          JSON.stringify({
            FailedEntryCount: entries.filter((e) => 'ErrorCode' in e).length,
            Entries: entries,
          }),
        );
      })
      .catch(() => {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ __type: 'SerializationException', message: 'Malformed request' }));
      });
  });
  const port = await listenOn(server, options.port);

  function triggerSchedule(ruleName: string) {
    const rule = options.rules.find((r) => r.name === ruleName && r.kind === 'schedule');
    if (!rule) throw new Error(`No schedule rule ${ruleName}`);
    deliver(rule, {
      version: '0',
      id: randomUUID(),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '000000000000',
      time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      region: 'local-1',
      resources: [`arn:aws:events:local-1:000000000000:rule/${rule.name}`],
      // The rule's name, as the cloud rule's target input gives it (infra/cloud/events.ts).
      detail: { schedule: rule.name } satisfies ScheduleTickDetail,
    });
  }

  const timers = options.schedules
    ? options.rules
        .filter((r) => r.kind === 'schedule')
        .map((rule) => setInterval(() => triggerSchedule(rule.name), rule.everyMs))
    : [];

  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    deadLetters,
    triggerSchedule,
    /** Waits until every delivery in flight has finished (tests); true when there was one to wait for. */
    async idle(): Promise<boolean> {
      const busy = inFlight.size > 0;
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      return busy;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      await closeServer(server);
    },
  };
}

/** Runs at most `limit` tasks at once; the others start in the order they came as running ones end. */
function concurrencyLimit(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A task that ends hands its place straight to the next waiting one (`running` stays as it is).
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}
