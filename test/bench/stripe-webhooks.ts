import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import * as z from 'zod';
import { db } from '../../functions/lib/db';
import { localStripeSettings } from '../../functions/payments/local-stripe';
import { accountEntries } from '../../functions/repositories/ledger';
import { getStripeObjectState } from '../../functions/repositories/payments';
import { onTransactionCommitted, type TransactItem } from '../../functions/table/transactions';
import type { BusDelivery } from '../../infra/local/event-bus';
import { type OpenLoopPlan, type OpenLoopResult, percentile } from './open-loop-sender';
import type { BenchStack } from './stack';

/** What the bench reads of a StripeEventReceived on the bus: the Stripe event it is about. */
const busDetailSchema = z.object({ data: z.object({ stripeEventId: z.string() }) });

/** The load (#18 item 9): 200 events a second for 30 seconds. Smaller by env to try the bench out. */
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 30);
/** The share of sends that are a second delivery of an event already sent (Stripe retries and duplicates). */
const DUPLICATE_SHARE = 0.05;
const PAYERS = 40;
/** Updates per subscription, sent in an order other than their `created`. */
const UPDATES_PER_SUBSCRIPTION = 3;
const TENANT = 'demo';

interface Envelope {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

/** What the run sends and what each unique event must leave in the books. */
interface Plan {
  /** The bodies in send order (a duplicate is the same body again, signed again). */
  sends: Envelope[];
  /** A payment event's id, by the cause its ledger entry is named by (the session's or invoice's id). */
  eventOfCause: Map<string, string>;
  /** Each subscription's newest update: the state the books must end with, whatever the order of arrival. */
  newestUpdate: Map<string, { eventId: string; status: string }>;
  payers: string[];
  uniqueEvents: number;
}

const envelope = (id: string, type: string, created: number, object: Record<string, unknown>): Envelope => ({
  id,
  object: 'event',
  type,
  created,
  livemode: false,
  api_version: '2025-10-29.clover',
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

/**
 * The mix: payments through Checkout (checkout.session.completed, a FLEXIBLE plan's session), subscription
 * renewals (invoice.paid) and subscription changes (customer.subscription.updated, three per subscription,
 * the newest sometimes sent first), in the shapes the platform's own sessions give them (the metadata its
 * consumer routes on). About 5% of sends repeat an event already sent: some straight after it (two
 * deliveries at once), some seconds later.
 */
function planEvents(run: string, total: number): Plan {
  const payers = Array.from({ length: PAYERS }, (_, n) => `bench-payer-${run}-${n}`);
  const base = Math.floor(Date.now() / 1000) - 3600;
  const sends: Envelope[] = [];
  const eventOfCause = new Map<string, string>();
  const newestUpdate = new Map<string, { eventId: string; status: string }>();
  const unique = Math.round(total * (1 - DUPLICATE_SHARE));
  let n = 0;
  while (sends.length < unique) {
    const userId = payers[n % PAYERS] ?? '';
    const kind = n % 10;
    if (kind < 4) {
      const session = `cs_bench_${run}_${n}`;
      const id = `evt_bench_${run}_${n}`;
      eventOfCause.set(session, id);
      sends.push(
        envelope(id, 'checkout.session.completed', base + n, {
          id: session,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 4500 + (n % 7) * 100,
          currency: 'usd',
          customer: `cus_bench_${run}_${n % PAYERS}`,
          payment_intent: `pi_bench_${run}_${n}`,
          metadata: { purpose: 'FLEXIBLE', userId, planId: 'bench-plan' },
          created: base + n,
        }),
      );
    } else if (kind < 7) {
      const invoice = `in_bench_${run}_${n}`;
      const id = `evt_bench_${run}_${n}`;
      eventOfCause.set(invoice, id);
      sends.push(
        envelope(id, 'invoice.paid', base + n, {
          id: invoice,
          object: 'invoice',
          amount_paid: 2000,
          amount_due: 2000,
          currency: 'usd',
          customer: `cus_bench_${run}_${n % PAYERS}`,
          payment_intent: `pi_bench_${run}_${n}`,
          parent: {
            subscription_details: {
              subscription: `sub_bench_${run}_${n % PAYERS}`,
              metadata: { purpose: 'SUBSCRIPTION', userId, planId: 'bench-plan' },
            },
          },
          created: base + n,
        }),
      );
    } else {
      // Three updates of one subscription, created a second apart; a third of them sent newest first, a
      // third oldest first, a third middle, newest, oldest.
      const subscription = `sub_bench_${run}_u${n}`;
      const statuses = ['incomplete', 'past_due', n % 2 ? 'active' : 'canceled'] as const;
      const updates = statuses.map((status, k) =>
        envelope(`evt_bench_${run}_${n}_${k}`, 'customer.subscription.updated', base + n + k, {
          id: subscription,
          object: 'subscription',
          status,
          customer: `cus_bench_${run}_${n % PAYERS}`,
          current_period_end: base + n + k + 30 * 86_400,
          cancel_at_period_end: false,
          metadata: { purpose: 'SUBSCRIPTION', userId, planId: 'bench-plan' },
        }),
      );
      const newest = updates[UPDATES_PER_SUBSCRIPTION - 1];
      if (newest) newestUpdate.set(subscription, { eventId: newest.id, status: statuses[2] });
      const order = [
        [2, 1, 0],
        [0, 1, 2],
        [1, 2, 0],
      ][n % 3] ?? [0, 1, 2];
      for (const k of order) {
        const update = updates[k];
        if (update) sends.push(update);
      }
      n += 2;
    }
    n++;
  }
  const uniqueEvents = sends.length;
  // The duplicates: every k-th event sent again, alternately right after it and about two seconds later.
  const duplicates = Math.max(0, total - uniqueEvents);
  const every = duplicates ? Math.max(1, Math.floor(uniqueEvents / duplicates)) : Number.POSITIVE_INFINITY;
  const lag = RATE * 2;
  const later = new Map<number, Envelope[]>();
  const withDuplicates: Envelope[] = [];
  let repeated = 0;
  sends.forEach((event, index) => {
    withDuplicates.push(event);
    if (index % every === every - 1 && repeated < duplicates) {
      repeated++;
      if (repeated % 2) withDuplicates.push(event);
      else {
        const at = Math.min(index + lag, sends.length - 1);
        later.set(at, [...(later.get(at) ?? []), event]);
      }
    }
    withDuplicates.push(...(later.get(index) ?? []));
  });
  return { sends: withDuplicates, eventOfCause, newestUpdate, payers, uniqueEvents };
}

/** The bodies as Stripe sends them, each with its signature made now (Stripe's tolerance is five minutes). */
function signed(events: Envelope[], secret: string): OpenLoopPlan['sends'] {
  return events.map((event) => {
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
  });
}

/**
 * Posts the signed bodies in order at `rate` a second from the open-loop sender (test/bench/open-loop-sender.ts)
 * in a process of its own, so its work is not the stack's and the stack's is not its.
 */
async function sendAtRate(url: string, sends: OpenLoopPlan['sends'], rate: number): Promise<OpenLoopResult> {
  const dir = await mkdtemp(join(tmpdir(), 'stripe-webhooks-'));
  const planFile = join(dir, 'plan.json');
  const plan: OpenLoopPlan = { url, rate, timeoutMs: 10_000, sends };
  await writeFile(planFile, JSON.stringify(plan));
  const sender = join(import.meta.dirname, 'open-loop-sender.ts');
  try {
    return await new Promise<OpenLoopResult>((done, fail) => {
      const child = spawn(process.execPath, ['--import', 'tsx', sender, planFile], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += String(chunk);
      });
      child.on('exit', (code) =>
        code === 0 ? done(JSON.parse(text)) : fail(new Error(`the load generator exited ${code}`)),
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Counts the functions' DynamoDB calls by command, until stopped (the client is the one every function shares). */
function countDynamoCalls() {
  const counts: Record<string, number> = {};
  const name = 'benchCallCounter';
  db().middlewareStack.add(
    (next, context) => (args) => {
      const command = context.commandName ?? 'unnamed';
      counts[command] = (counts[command] ?? 0) + 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    stop() {
      db().middlewareStack.remove(name);
      return counts;
    },
  };
}

/** A process's CPU time so far (user and system), in ms, from /proc; NaN when it cannot be read. */
async function processCpuMs(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Linux's USER_HZ, which /proc counts CPU time in. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Webhook intake: correctly signed Stripe events posted to POST /webhooks/stripe/demo through the local
 * gateway at a fixed rate, recorded with their StripeEventReceived (the outbox), read from the table's
 * stream onto the local bus, and applied by the `stripe-payments` rule's consumer
 * (functions/payments/apply-stripe-event.ts), all as `npm start` runs them.
 *
 * Receipt to ledger entry is timed in this process, where the stack's functions run: the commit of the
 * event's record (the webhook answers 200 right after it) and the commit of the transaction holding the
 * payment's ledger entry, both seen by `onTransactionCommitted`. (The entries' `createdAt` is the Stripe
 * event's `created`, deterministic like their ids, so it cannot time the write.) Afterwards the books are
 * read back: every payment event's entry there once, every subscription at its newest update's state.
 */
export async function measureStripeWebhooks(stack: BenchStack) {
  const run = Date.now().toString(36);
  const total = Math.round(RATE * SECONDS);
  const plan = planEvents(run, total);
  const { webhookSecret } = localStripeSettings(process.env.STRIPE_LOCAL_KEY ?? '', TENANT);

  const planned = new Set(plan.sends.map((event) => event.id));
  const receivedAt = new Map<string, number>();
  const entryCommits = new Map<string, number[]>();
  const stopListening = onTransactionCommitted((items: TransactItem[]) => {
    const now = performance.now();
    for (const item of items) {
      const put = item.Put?.Item;
      if (put?.type === 'StripeEventReceived') {
        const stripeEventId = String(JSON.parse(String(put.detail)).stripeEventId);
        if (planned.has(stripeEventId)) receivedAt.set(stripeEventId, now);
      } else if (put?.entity === 'ledgerEntry' && plan.eventOfCause.has(String(put.cause))) {
        const eventId = plan.eventOfCause.get(String(put.cause)) ?? '';
        entryCommits.set(eventId, [...(entryCommits.get(eventId) ?? []), now]);
      }
    }
  });

  // Warm up, not counted: the same mix for three seconds at the rate, so the handlers are loaded and their
  // caches filled as a warm Lambda's are, and DynamoDB Local's JVM has compiled its hot paths (the cloud's
  // DynamoDB is not a process that starts with the benchmark).
  const url = `${stack.apiUrl}/webhooks/stripe/${TENANT}`;
  await sendAtRate(url, signed(planEvents(`${run}w`, RATE * 3).sends, webhookSecret), RATE);
  await stack.events.settled();

  const deliveredBefore = stack.bus.deliveries.length;
  const calls = countDynamoCalls();
  const dynamoCpuBefore = await processCpuMs(stack.dynamoPid);
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const load = await sendAtRate(url, signed(plan.sends, webhookSecret), RATE);
  await stack.events.settled();
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - wallBefore;
  /** The share of one core this process (gateway, functions, stream reader, bus) used while the load ran. */
  const stackCpuShare = (cpu.user + cpu.system) / 1000 / wall;
  const dynamoCpuMs = (await processCpuMs(stack.dynamoPid)) - dynamoCpuBefore;
  const dynamoCalls = calls.stop();
  stopListening();

  // The books, read back.
  const entries = (
    await Promise.all(plan.payers.map((userId) => accountEntries(TENANT, { kind: 'MONEY', userId })))
  )
    .flat()
    .filter((entry) => plan.eventOfCause.has(entry.cause));
  const entriesByCause = new Map<string, number>();
  for (const entry of entries) entriesByCause.set(entry.cause, (entriesByCause.get(entry.cause) ?? 0) + 1);
  const lostPayments = [...plan.eventOfCause.keys()].filter((cause) => !entriesByCause.has(cause)).length;
  const duplicatedPayments = [...entriesByCause.values()].reduce((sum, count) => sum + count - 1, 0);
  const states = await Promise.all(
    [...plan.newestUpdate].map(async ([subscription, newest]) => {
      const state = await getStripeObjectState(TENANT, subscription);
      return state?.eventId === newest.eventId && state.status === newest.status;
    }),
  );
  const wrongStates = states.filter((right) => !right).length;
  // A second commit holding an entry of the same cause would be a duplicated effect (the ids forbid it).
  const duplicateCommits = [...entryCommits.values()].reduce((sum, times) => sum + times.length - 1, 0);

  // Where the time goes, per payment event: its record's commit to the bus taking it (the stream read and
  // forwarded), the bus taking it to its consumer starting, and the consumer starting to the entry's commit.
  const deliveryOf = new Map<string, BusDelivery>();
  for (const delivery of stack.bus.deliveries.slice(deliveredBefore)) {
    const detail = busDetailSchema.safeParse(delivery.event.detail);
    if (delivery.detailType === 'StripeEventReceived' && detail.success)
      deliveryOf.set(detail.data.data.stripeEventId, delivery);
  }
  const latencies: number[] = [];
  const stages: { [stage in 'toBus' | 'busToConsumer' | 'consumerToEntry']: number[] } = {
    toBus: [],
    busToConsumer: [],
    consumerToEntry: [],
  };
  let unmatched = 0;
  for (const [eventId, times] of entryCommits) {
    const received = receivedAt.get(eventId);
    const first = times[0];
    if (received === undefined || first === undefined) unmatched++;
    else latencies.push(first - received);
    const delivery = deliveryOf.get(eventId);
    if (received === undefined || first === undefined || !delivery) continue;
    stages.toBus.push(delivery.acceptedAt - received);
    stages.busToConsumer.push(delivery.startedAt - delivery.acceptedAt);
    stages.consumerToEntry.push(first - delivery.startedAt);
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const commits = [...entryCommits.values()].flat();
  const spread = (values: number[]) => ({
    p50: round(percentile(values, 50)),
    p99: round(percentile(values, 99)),
  });
  return {
    rate: RATE,
    seconds: SECONDS,
    sent: plan.sends.length,
    uniqueEvents: plan.uniqueEvents,
    paymentEvents: plan.eventOfCause.size,
    subscriptions: plan.newestUpdate.size,
    load,
    stages: {
      toBus: spread(stages.toBus),
      busToConsumer: spread(stages.busToConsumer),
      consumerToEntry: spread(stages.consumerToEntry),
    },
    stackCpuShare,
    /** DynamoDB Local's JVM, the same way (NaN when the stack did not start it or /proc is not there). */
    dynamoCpuShare: dynamoCpuMs / wall,
    /** The functions' DynamoDB calls (and the stream reader's are not among them) per unique event, by command. */
    dynamoCallsPerEvent: Object.fromEntries(
      Object.entries(dynamoCalls).map(([command, count]) => [command, count / plan.uniqueEvents]),
    ),
    dynamoCpuMsPerCall: dynamoCpuMs / Object.values(dynamoCalls).reduce((sum, count) => sum + count, 0),
    recorded: receivedAt.size,
    ledgerEntries: entries.length,
    lost: lostPayments + wrongStates,
    lostPayments,
    wrongStates,
    duplicated: duplicatedPayments + duplicateCommits,
    unmatched,
    /**
     * Ledger entries committed a second in five equal slices of the time from the first commit to the last:
     * a rate that falls while the backlog lasts is DynamoDB Local slowing as its stream records pile up.
     */
    commitRates: sliceRates(commits, 5),
    latency: {
      count: latencies.length,
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(Math.max(...latencies)),
    },
  };
}

/** Events a second in each of `slices` equal parts of the span from the first time to the last. */
export function sliceRates(times: readonly number[], slices: number): number[] {
  if (times.length < 2) return [];
  const first = Math.min(...times);
  const width = (Math.max(...times) - first) / slices;
  const counts = Array.from({ length: slices }, () => 0);
  for (const time of times) counts[Math.min(slices - 1, Math.floor((time - first) / width))]! += 1;
  return counts.map((count) => Math.round((count / width) * 1000 * 10) / 10);
}
