/**
 * `npm run bench`: the figures the issues name, measured on this machine, printed as a table and written to
 * test/bench/results/<time>.json and latest.json (this run's figures only: a partial run writes a partial
 * file). Benchmarks, not tests: a figure that misses its target makes the run exit with status 1.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { measureAdminUsersList } from './admin-users';
import { measureBookingContention } from './booking-contention';
import { measureBundleSizes } from './bundle-size';
import { measureChatDelivery } from './chat-delivery';
import { COLD_START_RUNS, measureColdStart } from './cold-start';
import { measureFinanceReports } from './finance-reports';
import { measureListCost } from './lists';
import { measureNpmStart } from './npm-start';
import { measurePagingCost } from './paging';
import { measureProjection } from './projection';
import { measureReminderScan, REMINDER_TARGET_MS } from './reminders';
import { measureSitemapGeneration } from './sitemap';
import { median, withBenchStack } from './stack';
import { measureStripeWebhooks } from './stripe-webhooks';
import { measureTrialSlots } from './trial-slots';
import { measureTutorPay } from './tutor-pay';
import { measureWaitingRoomStart } from './waiting-room';
import { measureWarmAuthUser } from './warm-auth-user';
import { measureWebVitals } from './web-vitals';

interface Figure {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
  /** Every run's value, in the order measured (the value is their median), so noise shows. */
  runs?: number[];
}

async function main() {
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const figures: Figure[] = [];

  if (wanted('bundles')) {
    for (const bundle of await measureBundleSizes()) {
      figures.push({
        name: `bundle size: ${bundle.resource}`,
        value: bundle.kb,
        unit: 'KB',
        target: '<= 350 KB',
        met: bundle.withinTarget,
      });
    }
  }

  if (wanted('projection')) {
    const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
    for (const c of await measureProjection()) {
      figures.push(
        {
          name: `response projection, warm, per response: ${c.name} (median of 15 batches)`,
          value: c.projectionUs,
          unit: 'µs',
          target: 'info',
          met: true,
          runs: round(c.projection),
        },
        {
          name: `JSON.stringify of the same answer, for scale: ${c.name}`,
          value: c.stringifyUs,
          unit: 'µs',
          target: 'info',
          met: true,
          runs: round(c.stringify),
        },
      );
    }
  }

  await withBenchStack(async (stack) => {
    if (wanted('cold-start')) {
      const cold = await measureColdStart(stack);
      const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
      const cpuRatio = median(cold.cpuRatios);
      const rounds = `median of ${COLD_START_RUNS}`;
      figures.push(
        {
          name: `cold start: bare node + empty handler (${rounds})`,
          value: cold.baselineMs,
          unit: 'ms',
          target: 'baseline',
          met: true,
          runs: round(cold.baseline),
        },
        {
          name: `cold start: AWS SDK DynamoDB client + one GetItem alone (${rounds})`,
          value: cold.sdkFloorMs,
          unit: 'ms',
          target: 'floor',
          met: true,
          runs: round(cold.sdkFloor),
        },
        {
          name: `cold start: users bundle, first GET /user/authUser (${rounds})`,
          value: cold.bundleMs,
          unit: 'ms',
          target: 'baseline + 120 ms',
          met: cold.bundleMs - cold.baselineMs <= 120,
          runs: round(cold.bundle),
        },
        {
          name: `cold start: users bundle / SDK-only process, wall time, same round (${rounds})`,
          value: median(cold.ratios),
          unit: 'x',
          // Judged in CPU time below: on a shared machine the wall ratio swings with others' load.
          target: 'info',
          met: true,
          runs: round(cold.ratios),
        },
        {
          name: `cold start: CPU time of the SDK-only process (${rounds})`,
          value: median(cold.sdkFloorCpu),
          unit: 'ms',
          target: 'floor',
          met: true,
          runs: round(cold.sdkFloorCpu),
        },
        {
          name: `cold start: CPU time of the users bundle's process (${rounds})`,
          value: median(cold.bundleCpu),
          unit: 'ms',
          target: 'info',
          met: true,
          runs: round(cold.bundleCpu),
        },
        {
          name: `cold start: users bundle / SDK-only process, CPU time, same round (${rounds})`,
          value: cpuRatio,
          unit: 'x',
          target: '<= 1.2',
          met: cpuRatio <= 1.2,
          runs: round(cold.cpuRatios),
        },
      );
    }
    if (wanted('warm')) {
      const warm = await measureWarmAuthUser(stack);
      figures.push(
        {
          name: 'warm GET /user/authUser, 32 connections, 10 s: p50',
          value: warm.p50,
          unit: 'ms',
          target: 'info',
          met: true,
        },
        {
          name: 'warm GET /user/authUser, 32 connections, 10 s: p99',
          value: warm.p99,
          unit: 'ms',
          target: '<= 20 ms',
          met: warm.p99 <= 20,
        },
        {
          name: 'warm GET /user/authUser: requests/s',
          value: warm.requestsPerSecond,
          unit: 'req/s',
          target: 'info',
          met: true,
        },
      );
    }
    if (wanted('paging')) {
      const paging = await measurePagingCost(stack);
      for (const row of paging.rows) {
        figures.push({
          name: `page of 20, ${row.records} records, offset ${row.offset} (median)`,
          value: row.medianMs,
          unit: 'ms',
          target: 'info',
          met: true,
          runs: row.runs.map((ms) => Math.round(ms * 100) / 100),
        });
      }
      for (const ratio of paging.ratios) {
        figures.push({
          name: `paging ratio 50,000 / 1,000 records at offset ${ratio.offset}`,
          value: ratio.ratio,
          unit: 'x',
          target: '<= 1.3',
          met: ratio.ratio <= 1.3,
        });
      }
    }
    if (wanted('lists')) {
      const lists = await measureListCost(stack);
      const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
      figures.push({
        name: 'filtered lists: seeding 1,000 and 50,000 trials (BatchWriteItem)',
        value: lists.seedSeconds,
        unit: 's',
        target: 'info',
        met: true,
      });
      for (const [position, result] of lists.results.entries()) {
        // The first case is the filtered page the target is for; the others are reported.
        const targeted = position === 0;
        for (const size of [result.small, result.large]) {
          figures.push({
            name: `${result.name}, ${size.records.toLocaleString('en')} trials (median of rounds)`,
            value: size.medianMs,
            unit: 'ms',
            target: 'info',
            met: true,
            runs: round(size.runs),
          });
        }
        figures.push({
          name: `${result.name}: 50,000 / 1,000 trials, alternating rounds (median ratio)`,
          value: result.ratio,
          unit: 'x',
          target: targeted ? '<= 1.5' : 'info',
          met: !targeted || result.ratio <= 1.5,
          runs: round(result.ratios),
        });
      }
    }
    if (wanted('admin-users')) {
      const users = await measureAdminUsersList(stack);
      const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
      figures.push({
        name: `admin users list: seeding 1,000 and 50,000 users (BatchWriteItem)${users.viaStackGateway ? '' : ' [route served by a gateway of its own until adminUsers.list joins the route table]'}`,
        value: users.seedSeconds,
        unit: 's',
        target: 'info',
        met: true,
      });
      for (const result of users.results) {
        for (const size of [result.small, result.large]) {
          // Every case's page at 50,000 users has its target; the 1,000-user figures are the ratio's base.
          const targeted = size.users === 50_000;
          figures.push({
            name: `${result.name}, ${size.users.toLocaleString('en')} users (p50: median of rounds)`,
            value: size.medianMs,
            unit: 'ms',
            target: targeted ? '<= 30' : 'info',
            met: !targeted || size.medianMs <= 30,
            runs: round(size.runs),
          });
        }
        figures.push({
          name: `${result.name}: 50,000 / 1,000 users, alternating rounds (median ratio; ${result.matches.small} and ${result.matches.large} matches)`,
          value: result.ratio,
          unit: 'x',
          target: result.ratioTarget ? '<= 1.5' : 'info',
          met: !result.ratioTarget || result.ratio <= 1.5,
          runs: round(result.ratios),
        });
      }
    }
    if (wanted('reminders')) {
      const scan = await measureReminderScan();
      const round = (values: number[]) => values.map((v) => Math.round(v * 10) / 10);
      const readOnlyWindow = scan.read.every((count, i) => count === scan.expectedRead[i]);
      figures.push(
        {
          name: 'lesson reminders: seeding 100,000 future lessons and 2,200 people (BatchWriteItem)',
          value: Math.round(scan.seedSeconds * 10) / 10,
          unit: 's',
          target: 'info',
          met: true,
        },
        {
          name: `lesson reminders: one five-minute run over 100,000 future lessons, windows 24 h and 15 min (median of ${scan.runs.length} consecutive ticks)`,
          value: Math.round(scan.medianMs * 10) / 10,
          unit: 'ms',
          target: `<= ${REMINDER_TARGET_MS}`,
          met: scan.medianMs <= REMINDER_TARGET_MS,
          runs: round(scan.runs),
        },
        {
          name: "lesson reminders: the index reads alone of a run (both windows' five-minute slices of gsi2; median)",
          value: Math.round(median(scan.scanRuns) * 10) / 10,
          unit: 'ms',
          target: 'info',
          met: true,
          runs: round(scan.scanRuns),
        },
        {
          name: 'lesson reminders: slowest run',
          value: Math.round(scan.maxMs * 10) / 10,
          unit: 'ms',
          target: `<= ${REMINDER_TARGET_MS}`,
          met: scan.maxMs <= REMINDER_TARGET_MS,
        },
        {
          name: `lesson reminders: lessons read per run (the runs' slices hold ${scan.expectedRead.join(', ')})`,
          value: median(scan.read),
          unit: 'lessons',
          target: 'only the window',
          met: readOnlyWindow,
          runs: scan.read,
        },
        {
          name: 'lesson reminders: reminders sent per run (live lessons x people)',
          value: median(scan.sent),
          unit: 'reminders',
          target: 'info',
          met: true,
          runs: scan.sent,
        },
        {
          name: `lesson reminders: the last tick fired again (read ${scan.repeat.read}, sent ${scan.repeat.sent})`,
          value: Math.round(scan.repeat.ms * 10) / 10,
          unit: 'ms',
          target: 'sends nothing',
          met: scan.repeat.sent === 0,
        },
      );
    }
    if (wanted('trial-slots')) {
      const slots = await measureTrialSlots(stack);
      const info = (name: string, value: number, unit = 'ms') =>
        figures.push({ name, value, unit, target: 'info', met: true });
      info(`trial slots: seeding ${slots.tutors} tutors, ${slots.lessons} lessons`, slots.seedSeconds, 's');
      figures.push({
        name: `GET /trials/slots, ${slots.tutors} tutors with a month of lessons (30 sequential): p50`,
        value: slots.p50,
        unit: 'ms',
        target: '<= 50 ms',
        met: slots.p50 <= 50,
      });
      info('GET /trials/slots (30 sequential): p95', slots.p95);
      figures.push({
        name: `GET /trials/slots ${slots.date}: slots offered (${slots.tutorsOffered} tutors)`,
        value: slots.slots,
        unit: 'slots',
        target: '> 0',
        met: slots.slots > 0,
      });
      info('trial slots in process, no HTTP (median): total', slots.phases.total);
      info(
        'trial slots in process: tutors teaching, with their hours (gsi1 query)',
        slots.phases.teachingAvailabilities,
      );
      info(
        'trial slots in process: busy days of the viewer day, every shard (one BatchGet, alongside the query)',
        slots.phases.busyLessons,
      );
      info('trial slots in process: slot rule for every tutor (CPU)', slots.phases.slotRules);
      info('trial slots: booked lessons in the busy days read', slots.bookedAround, 'count');
    }
    if (wanted('sitemap')) {
      const sitemap = await measureSitemapGeneration(stack);
      figures.push(
        {
          name: `sitemap generation, ${sitemap.pages} pages: read, build, write, record (median of 3)`,
          value: sitemap.medianMs / 1000,
          unit: 's',
          target: '<= 10 s',
          met: sitemap.medianMs <= 10_000 && sitemap.urlCount === sitemap.pages,
        },
        {
          name: 'sitemap generation: URLs written',
          value: sitemap.urlCount,
          unit: 'count',
          target: String(sitemap.pages),
          met: sitemap.urlCount === sitemap.pages,
        },
        {
          name: 'sitemap generation: sitemap.xml size',
          value: sitemap.bytes / 1024,
          unit: 'KB',
          target: 'info',
          met: true,
        },
        {
          name: 'sitemap generation: catalogue read (projected queries)',
          value: sitemap.readMs,
          unit: 'ms',
          target: 'info',
          met: true,
        },
        {
          name: 'sitemap generation: XML build (CPU)',
          value: sitemap.buildMs,
          unit: 'ms',
          target: 'info',
          met: true,
        },
        {
          name: `sitemap bench: seeding ${sitemap.pages} catalogue records`,
          value: sitemap.seedSeconds,
          unit: 's',
          target: 'info',
          met: true,
        },
      );
    }
    if (wanted('web-vitals')) {
      const vitals = await measureWebVitals(stack);
      const rounded = (values: number[]) => values.map((v) => Math.round(v));
      figures.push(
        {
          name: 'home page: JavaScript loaded for the first render, gzipped (median of 5)',
          value: vitals.homeJsKb,
          unit: 'KB',
          target: '<= 170 KB',
          met: vitals.homeJsKb <= 170,
        },
        {
          name: 'floor: the hero as static HTML, same server: Largest Contentful Paint (median of 5)',
          value: vitals.floorLcpMs,
          unit: 'ms',
          target: 'floor',
          met: true,
          runs: rounded(vitals.floorLcp),
        },
        {
          name: 'home page: Largest Contentful Paint, headless Chromium, cold cache (median of 5)',
          value: vitals.homeLcpMs,
          unit: 'ms',
          target: '<= 1000 ms',
          met: vitals.homeLcpMs <= 1000,
          runs: rounded(vitals.homeLcp),
        },
        {
          name: 'subject page: Largest Contentful Paint, headless Chromium, cold cache (median of 5)',
          value: vitals.subjectLcpMs,
          unit: 'ms',
          target: '<= 1000 ms',
          met: vitals.subjectLcpMs <= 1000,
          runs: rounded(vitals.subjectLcp),
        },
        {
          name: 'subject page: JavaScript loaded, gzipped (median of 5)',
          value: vitals.subjectJsKb,
          unit: 'KB',
          target: 'info',
          met: true,
        },
      );
    }
    if (wanted('tutor-pay')) {
      const pay = await measureTutorPay(stack);
      const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
      figures.push({
        name: `tutor-pay list: seeding ${pay.rows.toLocaleString('en')} lesson-history rows (BatchWriteItem)`,
        value: pay.seedSeconds,
        unit: 's',
        target: 'info',
        met: true,
      });
      for (const page of pay.pages) {
        figures.push({
          name: `GET /lesson-history, a month of ${pay.monthRows.toLocaleString('en')} rows, includeTutorAmountData, page of 50, ${page.name}: p50 of ${page.runs.length}`,
          value: page.p50,
          unit: 'ms',
          target: '<= 50 ms',
          met: page.p50 <= 50,
          runs: round(page.runs),
        });
      }
    }
    if (wanted('finance-reports')) {
      const reports = await measureFinanceReports(stack);
      const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
      const path = (report: string) => `GET /admin/finance/${report}`;
      figures.push({
        name: `finance reports: seeding ${reports.lessons.toLocaleString('en')} lesson-history rows and ${reports.payments.toLocaleString('en')} payment rows (BatchWriteItem)`,
        value: reports.seedSeconds,
        unit: 's',
        target: 'info',
        met: true,
      });
      for (const item of reports.cases) {
        figures.push({
          name: `${path(item.report)}, ${item.name}, ${reports.monthRows.toLocaleString('en')} facts a month: p50 of ${item.runs.length} (alternating)`,
          value: item.p50,
          unit: 'ms',
          target: 'info',
          met: true,
          runs: round(item.runs),
        });
      }
      for (const { report, zone, ratio } of reports.ratios) {
        figures.push({
          name: `${path(report)}, ${zone}: 24 months over 1 month (p50s)`,
          value: Math.round(ratio * 100) / 100,
          unit: 'ratio',
          target: '<= 1.5',
          met: ratio <= 1.5,
        });
      }
    }
    if (wanted('chat-delivery')) {
      const chat = await measureChatDelivery(stack);
      const label = `Chat: ${chat.users} users in ${chat.conversations} conversations, ${chat.rate} messages/s for ${chat.seconds} s (${chat.sent} sent, ${chat.expected} pushes expected)`;
      const info = (name: string, value: number, unit: string) =>
        figures.push({ name, value, unit, target: 'info', met: true });
      figures.push(
        {
          name: `${label}: delivery p99, send to each other member's push`,
          value: chat.p99,
          unit: 'ms',
          target: '<= 150',
          met: chat.p99 <= 150,
        },
        { name: `${label}: pushes lost`, value: chat.lost, unit: 'count', target: '0', met: chat.lost === 0 },
        {
          name: `${label}: pushes duplicated`,
          value: chat.duplicated,
          unit: 'count',
          target: '0',
          met: chat.duplicated === 0,
        },
        {
          name: `${label}: sends a second achieved (at least 95% of the rate)`,
          value: chat.sentRate,
          unit: 'msg/s',
          target: `>= ${chat.rate * 0.95}`,
          met: chat.sentRate >= chat.rate * 0.95,
        },
      );
      info(`${label}: delivery p50`, chat.p50, 'ms');
      info(`${label}: delivery p95`, chat.p95, 'ms');
      info(`${label}: delivery max`, chat.max, 'ms');
      info(`${label}: error frames received`, chat.errors, 'count');
      info(`${label}: time to connect everyone and open the conversations`, chat.connectSeconds, 's');
    }

    if (wanted('stripe-webhooks')) {
      const hooks = await measureStripeWebhooks(stack);
      const label = `Stripe webhooks, ${hooks.rate}/s for ${hooks.seconds} s (${hooks.sent} sends, ${hooks.uniqueEvents} unique events)`;
      const info = (name: string, value: number, unit: string) =>
        figures.push({ name, value, unit, target: 'info', met: true });
      figures.push({
        name: `${label}: sends a second the open-loop sender achieved (at least 95% of the rate; achieved / target ${(hooks.load.sentRate / hooks.rate).toFixed(3)})`,
        value: hooks.load.sentRate,
        unit: 'req/s',
        target: `>= ${hooks.rate * 0.95}`,
        met: hooks.load.sentRate >= hooks.rate * 0.95,
      });
      info(`${label}: answers a second, first send to last answer`, hooks.load.answeredRate, 'req/s');
      info(`${label}: the sender's lag behind its schedule, p99`, hooks.load.sendLagP99, 'ms');
      figures.push({
        name: `${label}: answers other than 200 (errors, timeouts)`,
        value: hooks.load.non2xx + hooks.load.errors + hooks.load.timeouts,
        unit: 'count',
        target: '0',
        met: hooks.load.non2xx + hooks.load.errors + hooks.load.timeouts === 0,
      });
      info(
        `${label}: CPU of the stack's Node process while loaded (1 = one core)`,
        hooks.stackCpuShare,
        'cores',
      );
      info(`${label}: CPU of the sender's process (1 = one core)`, hooks.load.cpuShare, 'cores');
      info(
        `${label}: CPU of DynamoDB Local's JVM while loaded (1 = one core)`,
        hooks.dynamoCpuShare,
        'cores',
      );
      info(`${label}: CPU of DynamoDB Local per call of the functions`, hooks.dynamoCpuMsPerCall, 'ms');
      for (const [command, perEvent] of Object.entries(hooks.dynamoCallsPerEvent)) {
        info(`${label}: the functions' ${command} calls per unique event`, perEvent, 'calls');
      }
      info(`${label}: webhook answer p50 (from the moment the send was due)`, hooks.load.latency.p50, 'ms');
      info(`${label}: webhook answer p99`, hooks.load.latency.p99, 'ms');
      figures.push(
        {
          name: `${label}: events recorded (outbox), of the unique`,
          value: hooks.recorded,
          unit: 'count',
          target: String(hooks.uniqueEvents),
          met: hooks.recorded === hooks.uniqueEvents,
        },
        {
          name: `${label}: lost (payment without its ledger entry ${hooks.lostPayments}, subscription not at its newest state ${hooks.wrongStates})`,
          value: hooks.lost,
          unit: 'count',
          target: '0',
          met: hooks.lost === 0,
        },
        {
          name: `${label}: duplicated effects (ledger entries ${hooks.ledgerEntries} for ${hooks.paymentEvents} payment events)`,
          value: hooks.duplicated,
          unit: 'count',
          target: '0',
          met: hooks.duplicated === 0 && hooks.ledgerEntries === hooks.paymentEvents,
        },
      );
      info(
        `${label}: receipt to ledger entry committed, p50 (${hooks.latency.count} entries)`,
        hooks.latency.p50,
        'ms',
      );
      info(`${label}: receipt to ledger entry committed, p90`, hooks.latency.p90, 'ms');
      figures.push({
        name: `${label}: receipt to ledger entry committed, p99`,
        value: hooks.latency.p99,
        unit: 'ms',
        target: '<= 200 ms',
        met: hooks.latency.p99 <= 200 && hooks.unmatched === 0,
      });
      info(`${label}: receipt to ledger entry committed, max`, hooks.latency.max, 'ms');
      figures.push({
        name: `${label}: ledger entries committed a second, in five equal slices from the first commit to the last (the drain's rate over time)`,
        value: hooks.commitRates.at(-1) ?? 0,
        unit: 'entries/s',
        target: 'info',
        met: true,
        runs: hooks.commitRates,
      });
      const stages = [
        ['record committed to the bus taking it (stream read, forwarded)', hooks.stages.toBus],
        ['the bus taking it to its consumer starting', hooks.stages.busToConsumer],
        ['consumer started to ledger entry committed', hooks.stages.consumerToEntry],
      ] as const;
      for (const [stage, spread] of stages) {
        info(`${label}: ${stage}, p50`, spread.p50, 'ms');
        info(`${label}: ${stage}, p99`, spread.p99, 'ms');
      }
    }
    if (wanted('booking-contention')) {
      const contention = await measureBookingContention(stack);
      if (contention.otherStatuses.length > 0) {
        console.error(`booking contention: unexpected answers: ${contention.otherStatuses.join('; ')}`);
      }
      const label = `${contention.clients} concurrent POST /trials/sign-up on ${contention.slots} slots`;
      figures.push(
        { name: `${label}: p50`, value: contention.p50, unit: 'ms', target: 'info', met: true },
        { name: `${label}: p99`, value: contention.p99, unit: 'ms', target: 'info', met: true },
        {
          name: `${contention.clients} concurrent password hashes alone (scrypt), for comparison`,
          value: contention.hashesMs,
          unit: 'ms',
          target: 'info',
          met: true,
        },
        {
          name: `${label}: 201 successes`,
          value: contention.successes,
          unit: 'count',
          target: '10',
          met: contention.successes === 10 && contention.slotsWithOneBooking === 10,
        },
        {
          name: `${label}: 409 answers`,
          value: contention.conflicts,
          unit: 'count',
          target: 'info',
          met: contention.otherStatuses.length === 0,
        },
        {
          name: `${label}: double bookings on tutors' calendars`,
          value: contention.doubleBookings,
          unit: 'count',
          target: '0',
          met: contention.doubleBookings === 0,
        },
        {
          name: `${label}: lessons on tutors' calendars`,
          value: contention.lessonsBooked,
          unit: 'count',
          target: '10',
          met: contention.lessonsBooked === 10,
        },
      );
    }
    if (wanted('waiting-room')) {
      const room = await measureWaitingRoomStart(stack);
      const label = `waiting room, ${room.connections} connections, the tutor's start to each connection's notice (${room.rooms} rooms)`;
      const round = (values: number[]) => values.map((v) => Math.round(v * 100) / 100);
      figures.push(
        {
          name: `waiting room: ${room.connections} connections opened and registered to ${room.rooms} rooms through the local gateway`,
          value: room.openSeconds,
          unit: 's',
          target: 'info',
          met: true,
        },
        {
          name: `waiting room: after that, until the arrivals' "who is there" posts were all received`,
          value: room.drainSeconds,
          unit: 's',
          target: 'info',
          met: true,
        },
        { name: `${label}: p50`, value: room.p50, unit: 'ms', target: 'info', met: true },
        {
          name: `${label}: p99`,
          value: room.p99,
          unit: 'ms',
          target: '<= 250 ms',
          met: room.p99 <= 250,
          runs: round(room.roomP99s),
        },
        { name: `${label}: max`, value: room.max, unit: 'ms', target: 'info', met: true },
        {
          name: `waiting room: the bare fan-out to the same ${room.connections} connections (a pong to the room, no start), p99`,
          value: room.floorP99,
          unit: 'ms',
          target: 'info',
          met: true,
          runs: round(room.floorP99s),
        },
        {
          name: 'waiting room: start p99 / bare fan-out p99 (what the start itself adds over the local gateway)',
          value: room.p99 / room.floorP99,
          unit: 'ratio',
          target: 'info',
          met: true,
        },
        {
          name: `${label}: connections never told`,
          value: room.missed,
          unit: 'count',
          target: '0',
          met: room.missed === 0,
        },
      );
    }
  });

  if (wanted('npm-start')) {
    const start = await measureNpmStart();
    figures.push(
      {
        name: 'npm start: home page LCP, first visit once ready (cold profile)',
        value: start.first,
        unit: 'ms',
        target: '<= 1500 ms',
        met: start.first <= 1500,
      },
      {
        name: 'npm start: home page LCP, later first visits (cold profiles, median of 5)',
        value: start.laterMedian,
        unit: 'ms',
        target: '<= 1500 ms',
        met: start.laterMedian <= 1500,
        runs: start.later.map((v) => Math.round(v)),
      },
      {
        name: "npm run dev (Vite's dev server): home page LCP, first visit, for comparison",
        value: start.devFirst,
        unit: 'ms',
        target: 'info',
        met: true,
      },
    );
  }

  const width = Math.max(...figures.map((f) => f.name.length));
  console.log(`\n${'figure'.padEnd(width)}  ${'value'.padStart(10)}  unit   target           met`);
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(width)}  ${f.value.toFixed(2).padStart(10)}  ${f.unit.padEnd(5)}  ${f.target.padEnd(15)}  ${f.met ? 'yes' : 'NO'}`,
    );
    if (f.runs) console.log(`  each run: ${f.runs.join(', ')}`);
  }
  const dir = join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const measuredAt = new Date().toISOString();
  const file = join(dir, `${measuredAt.replace(/[:.]/g, '-')}.json`);
  const results = { measuredAt, benchmarks: only.length ? only : 'all', machine: machine(), figures };
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  await copyFile(file, join(dir, 'latest.json'));
  console.log(`\nWritten to ${file} and latest.json`);
  const missed = figures.filter((f) => !f.met);
  if (missed.length > 0) {
    console.error(`\n${missed.length} figure(s) missed their target:`);
    for (const f of missed) console.error(`  ${f.name}: ${f.value.toFixed(2)} ${f.unit}, target ${f.target}`);
    process.exitCode = 1;
  }
}

function machine() {
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
  };
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
