import { describe, expect, it } from 'vitest';
import { eventConsumer } from '../../../functions/lib/event-pipeline';
import { type MetricsRecord, setMetricsSink } from '../../../functions/lib/metrics';
import type { MetricsSummary } from '../../../infra/local/metrics';
import { METRICS_NAMESPACE } from '../../../shared/observability/metrics';
import { demo } from '../../support/api-client';
import { busEvent } from '../../support/events';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();

/** The metrics records the functions write while `act` runs (the local stack's page still gets them). */
async function recordsDuring(act: () => Promise<unknown>): Promise<MetricsRecord[]> {
  const records: MetricsRecord[] = [];
  const restore = setMetricsSink((record) => {
    records.push(record);
    local.stack.metrics.record(record);
  });
  try {
    await act();
  } finally {
    restore();
  }
  return records;
}

const dimensionsOf = (record: MetricsRecord) => record._aws.CloudWatchMetrics[0]?.Dimensions;
const metricNames = (record: MetricsRecord) =>
  record._aws.CloudWatchMetrics[0]?.Metrics.map((metric) => metric.Name).sort();

describe('the request pipeline', () => {
  it('writes one metrics record per answer: the route, counted, timed and classed, in the platform namespace', async () => {
    // Act: an answered request and a refused one
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const records = await recordsDuring(async () => {
      await local.api.call('users.authUser', { ...student });
      await local.api.call('users.authUser', { ...student });
      await local.api.call('tags.list', {});
    });

    // Assess: the answer's record carries the route's id and stage as dimensions, never a tenant or user id
    const answered = records.find((record) => record.route === 'users.authUser');
    expect(answered).toMatchObject({ stage: 'local', Requests: 1, Errors4xx: 0, Errors5xx: 0 });
    expect(answered?._aws.CloudWatchMetrics[0]?.Namespace).toBe(METRICS_NAMESPACE);
    expect(dimensionsOf(answered!)).toEqual([['service', 'stage', 'route']]);
    expect(metricNames(answered!)).toEqual(
      expect.arrayContaining(['Errors4xx', 'Errors5xx', 'Latency', 'Requests']),
    );
    expect(typeof answered?.Latency).toBe('number');
    // The users function's first answer in this process was its cold start; the next one is warm
    const [first, second] = records.filter((record) => record.route === 'users.authUser');
    expect(first?.ColdStarts).toBe(1);
    expect(second?.ColdStarts).toBeUndefined();
    const raw = JSON.stringify(records);
    expect(raw).not.toContain(student.userId);
    expect(raw).not.toContain('"tenant"');
    // The refused one (no token: 401) is a client error of its route
    expect(records.find((record) => record.route === 'tags.list')).toMatchObject({
      Errors4xx: 1,
      Errors5xx: 0,
    });
  });

  it('counts what a route declares among the business counts: a failed sign-in, a sign-up', async () => {
    // Act
    const records = await recordsDuring(async () => {
      const failed = await local.api.call('auth.token', {
        body: { grant_type: 'password', username: demo.student.email, password: 'not-the-password' },
      });
      expect(failed.status).toBe(400);
      const signedUp = await local.api.call('auth.signUp', {
        body: {
          firstname: 'Mira',
          lastname: 'Okafor',
          email: `mira.${Date.now()}@example.com`,
          password: 'Str0ng-pass!',
        },
      });
      expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(201);
    });

    // Assess: each its own record with the stage alone as dimension (a dashboard sums them)
    const business = records.filter((record) => record.route === undefined);
    expect(business.map((record) => metricNames(record))).toEqual([['FailedSignIns'], ['SignUps']]);
    for (const record of business) expect(dimensionsOf(record)).toEqual([['service', 'stage']]);
  });
});

describe('the event pipeline', () => {
  it('counts a failed delivery, its retry, a duplicate, and the age of the event', async () => {
    // Prepare: a consumer that fails the first time it handles an event
    let calls = 0;
    const consumer = eventConsumer('metrics-probe', {
      UserSignedUp: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the mail server is down');
      },
    });
    const event = busEvent('UserSignedUp', { tenant: 'demo', userId: 'demo-student-1' });

    // Act: delivered, failing; delivered again (the bus's retry); delivered a third time (a duplicate)
    const records = await recordsDuring(async () => {
      await expect(consumer(event)).rejects.toThrow('the mail server is down');
      await consumer(event);
      await consumer(event);
    });

    // Assess: one record each, under the consumer
    const byConsumer = records.filter((record) => record.consumer === 'metrics-probe');
    expect(byConsumer).toHaveLength(3);
    expect(byConsumer[0]).toMatchObject({ EventsFailed: 1, EventsProcessed: 0 });
    expect(byConsumer[0]?.EventsRetried).toBeUndefined();
    expect(byConsumer[1]).toMatchObject({ EventsFailed: 0, EventsProcessed: 1, EventsRetried: 1 });
    expect(byConsumer[2]).toMatchObject({ EventsFailed: 0, EventsProcessed: 0, EventsDuplicate: 1 });
    for (const record of byConsumer) {
      expect(dimensionsOf(record)).toEqual([['service', 'stage', 'consumer']]);
      expect(record.EventAge).toBeGreaterThanOrEqual(0);
    }
    expect(calls).toBe(2);
  });
});

describe('the local metrics page', () => {
  it('adds up the records since start per route, per consumer and per business count', async () => {
    // Act
    const answer = await fetch(`${local.stack.apiUrl}/_local/metrics.json`);
    const summary = (await answer.json()) as MetricsSummary;
    const page = await (await fetch(`${local.stack.apiUrl}/_local/metrics`)).text();

    // Assess: what the tests above did is there
    const authUser = summary.routes.find((route) => route.route === 'users.authUser');
    expect(authUser?.requests).toBeGreaterThanOrEqual(1);
    expect(authUser?.p99Ms).toBeGreaterThanOrEqual(authUser?.p50Ms ?? 0);
    expect(summary.routes.find((route) => route.route === 'tags.list')?.clientErrors).toBeGreaterThanOrEqual(
      1,
    );
    expect(summary.consumers.find((c) => c.consumer === 'metrics-probe')).toMatchObject({
      processed: 1,
      failed: 1,
      retried: 1,
      duplicates: 1,
    });
    expect(summary.business.FailedSignIns).toBeGreaterThanOrEqual(1);
    expect(summary.business.SignUps).toBeGreaterThanOrEqual(1);
    expect(page).toContain('<h1>Local metrics</h1>');
    expect(page).toContain('users.authUser');
    expect(page).toContain('metrics-probe');
  });
});
