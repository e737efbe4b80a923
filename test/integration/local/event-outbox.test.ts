import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { handler as auditHandler } from '../../../functions/audit/handler';
import { db, tableName } from '../../../functions/lib/db';
import { type BusEvent, eventConsumer } from '../../../functions/lib/event-pipeline';
import { listAudit } from '../../../functions/repositories/audit-log';
import { claimEvent } from '../../../functions/repositories/event-claims';
import { keys } from '../../../functions/table/access-patterns';
import { createTableInput, OUTBOX_ENTITY } from '../../../functions/table/definition';
import { handler as trialMailHandler } from '../../../functions/trial-mail/handler';
import { deleteTable, ensureTable, localDynamoClient, readAllItems } from '../../../infra/local/dynamodb';
import { readOutbox } from '../../../infra/local/mailbox';
import { startStreamReader } from '../../../infra/local/stream-reader';
import { busEvent } from '../../support/events';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();

/** A Wednesday at least four days ahead, as a Singapore calendar date (the trial tests' day). */
function upcomingWednesday(): string {
  let day = DateTime.now().setZone('Asia/Singapore').startOf('day').plus({ days: 4 });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

const igcseMaths = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };
const visitor = 'outbox.visitor@example.com';

/** Signs a visitor up with a free trial (one transaction: the account, the booking and their events). */
async function signUpWithTrial(email: string) {
  const slots = await local.api.call<{ docs: Array<{ start: string; end: string; tutorId: string }> }>(
    'trials.slots',
    { query: { date: upcomingWednesday(), ...igcseMaths, deviceTimezone: 'Asia/Singapore' } },
  );
  const slot = slots.body.docs[0]!;
  const booked = await local.api.call<{ trial: { _id: string; tutorId: string }; user: { _id: string } }>(
    'trials.signUp',
    {
      body: {
        firstname: 'Olive',
        lastname: 'Outbox',
        email,
        password: 'Olive-outbox-1',
        ...igcseMaths,
        startDate: slot.start,
        endDate: slot.end,
        tutorId: slot.tutorId,
        deviceTimezone: 'Asia/Singapore',
      },
    },
  );
  expect(booked.status).toBe(201);
  return booked.body;
}

/** The outbox items in the file's table (a Scan: a test's look, never a request path's). */
async function outboxItems() {
  const items = await readAllItems(local.stack.dynamoEndpoint, tableName());
  return items
    .filter((item) => item.entity?.S === OUTBOX_ENTITY)
    .map((item) => ({
      eventId: item.eventId?.S,
      type: item.type?.S,
      detail: JSON.parse(item.detail?.S ?? '{}'),
    }));
}

const deliveredTo = (rule: string, eventId: string | undefined) =>
  local.stack.bus.deliveries.filter(
    (d) => d.rule === rule && (d.event.detail as { eventId?: string } | undefined)?.eventId === eventId,
  );

describe('outbox -> stream -> bus -> consumers', () => {
  it("a trial booking's TrialBooked reaches the trial mail and the audit trail, with the outbox item's id", async () => {
    // Act
    const booked = await signUpWithTrial(visitor);
    await local.stack.events.settled();

    // Assess: the events were written with the booking, and the bus carried their ids
    const written = (await outboxItems()).filter((item) => item.detail.trialId === booked.trial._id);
    expect(written.map((item) => item.type)).toEqual(['TrialBooked']);
    const trialBooked = written[0]!;
    expect(trialBooked.detail).toEqual({
      tenant: 'demo',
      trialId: booked.trial._id,
      studentId: booked.user._id,
    });
    expect(deliveredTo('trial-booked-mail', trialBooked.eventId)).toEqual([
      expect.objectContaining({ ok: true, detailType: 'TrialBooked' }),
    ]);
    expect(deliveredTo('audit-trail', trialBooked.eventId)).toEqual([expect.objectContaining({ ok: true })]);
    const signedUp = (await outboxItems()).find(
      (item) => item.type === 'UserSignedUp' && item.detail.userId === booked.user._id,
    );
    expect(deliveredTo('audit-trail', signedUp?.eventId)).toEqual([expect.objectContaining({ ok: true })]);

    // Assess: the e-mail sent, the audit entry written under the event's id
    const mails = (await readOutbox(local.stack.outboxDir)).filter((m) => m.to === visitor);
    expect(mails).toHaveLength(1);
    const audit = await listAudit('demo');
    expect(audit.filter((entry) => entry.subjectId === booked.trial._id)).toEqual([
      expect.objectContaining({ _id: trialBooked.eventId, action: 'trialBooked', actorId: booked.user._id }),
    ]);
  });

  it('the same event delivered three more times, two at once, sends no second e-mail and writes no second entry', async () => {
    // Prepare: the event exactly as the bus delivered it
    const delivery = local.stack.bus.deliveries.find((d) => d.rule === 'trial-booked-mail' && d.ok);
    const event: BusEvent = {
      version: '0',
      id: 'redelivery',
      'detail-type': 'TrialBooked',
      source: 'learning-platform',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'local-1',
      resources: [],
      detail: delivery!.event.detail,
    };
    const { data } = event.detail as { data: { trialId: string } };
    const mailsBefore = await readOutbox(local.stack.outboxDir);
    const entriesBefore = (await listAudit('demo')).filter((entry) => entry.subjectId === data.trialId);
    expect(entriesBefore).toHaveLength(1);

    // Act
    await Promise.all([
      trialMailHandler(event),
      trialMailHandler(event),
      auditHandler(event),
      auditHandler(event),
    ]);
    await trialMailHandler(event);
    await auditHandler(event);

    // Assess
    expect(await readOutbox(local.stack.outboxDir)).toHaveLength(mailsBefore.length);
    expect((await listAudit('demo')).filter((entry) => entry.subjectId === data.trialId)).toEqual(
      entriesBefore,
    );
  });
});

describe('the local table and its stream', () => {
  it('turns the stream on after the starting items, and on a table made before the outbox', async () => {
    // Prepare: a reader of a table's stream that keeps what it reads
    const readStream = async (table: string) => {
      const records: Array<{ eventName?: string }> = [];
      const reader = startStreamReader({
        endpoint: local.stack.dynamoEndpoint,
        tableName: table,
        positionsFile: join(local.stack.dataDir, `${table}-positions.json`),
        forward: async (batch) => {
          records.push(...batch);
          return {};
        },
        idlePollMs: 60_000,
      });
      await reader.drain();
      await reader.stop();
      return records;
    };
    const client = localDynamoClient(local.stack.dynamoEndpoint);
    const item = (pk: string) => ({ pk: { S: pk }, sk: { S: 'x' } });

    // Act / Assess: the starting items are the table's state, not changes in its stream
    await ensureTable(local.stack.dynamoEndpoint, 'stream-new', [item('a'), item('b')]);
    expect(await readStream('stream-new')).toEqual([]);
    await client.send(new PutItemCommand({ TableName: 'stream-new', Item: item('c') }));
    expect((await readStream('stream-new')).map((r) => r.eventName)).toEqual(['INSERT']);

    // Act / Assess: a table without a stream gets one
    await client.send(new CreateTableCommand(createTableInput('stream-old')));
    await ensureTable(local.stack.dynamoEndpoint, 'stream-old');
    const { Table } = await client.send(new DescribeTableCommand({ TableName: 'stream-old' }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    client.destroy();
    await deleteTable(local.stack.dynamoEndpoint, 'stream-new');
    await deleteTable(local.stack.dynamoEndpoint, 'stream-old');
  });
});

describe('the event pipeline', () => {
  const claimOf = async (consumer: string, eventId: string) =>
    (
      await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.eventClaim('demo', consumer, eventId) }),
      )
    ).Item;

  it('acts once on an event delivered three times, two of them at the same moment', async () => {
    // Prepare: a consumer whose work lasts until the test lets it finish
    let runs = 0;
    let finishWork = () => {};
    const work = new Promise<void>((resolve) => {
      finishWork = resolve;
    });
    const consumer = eventConsumer('counting', {
      UserSignedUp: async () => {
        runs++;
        await work;
      },
    });
    const event = busEvent('UserSignedUp', { tenant: 'demo', userId: 'demo-student-1' });

    // Act: a second delivery while the first is at work, and a third once it is done
    const first = consumer(event);
    await expect.poll(() => runs).toBe(1);
    await consumer({ ...event, id: 'second-delivery' });
    finishWork();
    await first;
    await consumer({ ...event, id: 'third-delivery' });

    // Assess
    expect(runs).toBe(1);
    expect(await claimOf('counting', (event.detail as { eventId: string }).eventId)).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('gives the claim back when the consumer fails, so the retry acts; a died invocation’s claim lapses', async () => {
    // Prepare
    let attempts = 0;
    const consumer = eventConsumer('flaky', {
      PasswordResetRequested: async () => {
        attempts++;
        if (attempts === 1) throw new Error('the mail service is down');
      },
    });
    const event = busEvent('PasswordResetRequested', { tenant: 'demo', email: 'someone@demo.test' });
    const eventId = (event.detail as { eventId: string }).eventId;

    // Act / Assess: the failure goes on to the bus (which retries), the claim given back (FAILED, its attempt
    // counted), so the retry takes it as the second attempt and the third delivery is passed over
    await expect(consumer(event)).rejects.toThrow('the mail service is down');
    expect(await claimOf('flaky', eventId)).toMatchObject({ status: 'FAILED', attempts: 1 });
    await consumer(event);
    await consumer(event);
    expect(attempts).toBe(2);
    expect(await claimOf('flaky', eventId)).toMatchObject({ status: 'COMPLETED', attempts: 2 });

    // A claim whose invocation died (its deadline passed) is taken by the next delivery.
    const orphan = busEvent('PasswordResetRequested', { tenant: 'demo', email: 'someone@demo.test' });
    const orphanId = (orphan.detail as { eventId: string }).eventId;
    expect(await claimEvent('demo', 'flaky', orphanId, Date.now() - 1)).toMatchObject({ attempt: 1 });
    await consumer(orphan);
    expect(attempts).toBe(3);
    expect(await claimOf('flaky', orphanId)).toMatchObject({ status: 'COMPLETED', attempts: 2 });
  });

  it('refuses an event whose detail does not fit the catalogue, or that it does not consume', async () => {
    const consumer = eventConsumer('strict', { UserSignedUp: async () => undefined });
    const wrongDetail = { ...busEvent('UserSignedUp', { tenant: 'demo', userId: 'u' }) };
    wrongDetail.detail = { eventId: 'e-1', occurredAt: '', data: { tenant: 'demo' } };
    await expect(consumer(wrongDetail)).rejects.toThrow(/userId/);
    await expect(
      consumer(busEvent('TrialBooked', { tenant: 'demo', trialId: 't', studentId: 's' })),
    ).rejects.toThrow('strict does not consume TrialBooked');
  });
});
