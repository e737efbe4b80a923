import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
import { payFlexiblePlan } from '../../support/payments';
import { localStackForFile } from '../../support/stack';

/** Payment history and transaction logs (spec 002 section 7), filled by payments through the fake Stripe. */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let student: Session;
let other: Session;

const pay = (userId: string, unitAmount: number) => payFlexiblePlan(local.stack, userId, unitAmount);

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  student = await local.api.signIn(demo.student3.email, demo.student3.password);
  other = await local.api.signIn(demo.student2.email, demo.student2.password);
  await pay(student.userId, 1000);
  await pay(student.userId, 2000);
  await pay(student.userId, 3000);
  await pay(other.userId, 9900);
});

describe('payment history', () => {
  it("lists the caller's own payments, newest first, paged, within dates", async () => {
    const first = await local.api.call<Json>('paymentHistory.list', { ...student, query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ limit: 2, offset: 0, totalDocs: 3 });
    const rest = await local.api.call<Json>('paymentHistory.list', {
      ...student,
      query: { limit: 2, offset: 2 },
    });
    // Payments made in one second tie on time (Stripe's `created`): the order is then the ids'.
    const newestFirst = [...first.body.docs, ...rest.body.docs];
    expect(newestFirst.map((d: Json) => d.amount.amount).sort()).toEqual([10, 20, 30]);
    const times = newestFirst.map((d: Json) => d.createdAt as string);
    expect(times).toEqual([...times].sort().reverse());
    const oldestFirst = await local.api.call<Json>('paymentHistory.list', {
      ...student,
      query: { sort: 'asc' },
    });
    expect(oldestFirst.body.docs.map((d: Json) => d._id)).toEqual(
      newestFirst.map((d: Json) => d._id).reverse(),
    );
    const past = await local.api.call<Json>('paymentHistory.list', {
      ...student,
      query: { startDate: '2020-01-01T00:00:00.000Z', endDate: '2020-12-31T00:00:00.000Z' },
    });
    expect(past.body).toMatchObject({ totalDocs: 0, docs: [] });
    expect(JSON.stringify(first.body)).not.toContain(other.userId);
  });

  it("lets the back-office read anyone's, or one user's, and note on a payment", async () => {
    const one = await local.api.call<Json>('paymentHistory.adminList', {
      ...admin,
      query: { userId: other.userId },
    });
    expect(one.body.totalDocs).toBe(1);
    const all = await local.api.call<Json>('paymentHistory.adminList', { ...admin, query: { limit: 100 } });
    expect(all.body.totalDocs).toBeGreaterThanOrEqual(4);
    const id = one.body.docs[0]._id as string;

    const noted = await local.api.call<Json>('paymentHistory.createNote', {
      ...admin,
      params: { id },
      body: { note: 'Paid by the grandmother' },
    });
    expect(noted.status).toBeLessThan(300);
    expect(noted.body.adminNotes).toMatchObject([{ note: 'Paid by the grandmother' }]);
    const noteId = noted.body.adminNotes[0]._id as string;
    const listed = await local.api.call<Json>('paymentHistory.adminList', {
      ...admin,
      query: { userId: other.userId },
    });
    expect(listed.body.docs[0].adminNotes).toHaveLength(1);

    const removed = await local.api.call<Json>('paymentHistory.deleteNote', {
      ...admin,
      params: { id },
      query: { id, noteId },
    });
    expect(removed.body.adminNotes).toEqual([]);
    const again = await local.api.call('paymentHistory.deleteNote', {
      ...admin,
      params: { id },
      query: { noteId },
    });
    expect(again.status).toBe(404);
    const unknown = await local.api.call('paymentHistory.createNote', {
      ...admin,
      params: { id: 'PAYMENT:nothing' },
      body: { note: 'x' },
    });
    expect(unknown.status).toBe(404);
  });

  it('is not the back-office list for a student', async () => {
    const { status } = await local.api.call('paymentHistory.adminList', { ...student });
    expect(status).toBe(403);
  });
});

describe('transaction logs', () => {
  it('list the ledger entries, signed, and take notes by their own id', async () => {
    const own = await local.api.call<Json>('transactionLogs.list', { ...student });
    // Each payment of the 10-hour plan (of MINUTES) is a money entry and 600 lesson minutes bought.
    expect(own.body.totalDocs).toBe(6);
    const payments = own.body.docs.filter((d: Json) => d.kind === 'PAYMENT');
    expect(payments).toHaveLength(3);
    expect(payments[0]).toMatchObject({ kind: 'PAYMENT', amount: { currency: 'USD' } });
    expect(own.body.docs.filter((d: Json) => d.kind === 'PLAN_MINUTES' && d.minutes === 600)).toHaveLength(3);
    const id = payments[0]._id as string;
    const noted = await local.api.call<Json>('transactionLogs.createNote', {
      ...admin,
      params: { id },
      body: { note: 'Checked' },
    });
    expect(noted.status).toBeLessThan(300);
    expect(noted.body).toMatchObject({ _id: id, adminNotes: [{ note: 'Checked' }] });
    const admins = await local.api.call<Json>('transactionLogs.adminList', {
      ...admin,
      query: { userId: student.userId },
    });
    expect(admins.body.docs.find((d: Json) => d._id === id).adminNotes).toHaveLength(1);
  });
});
