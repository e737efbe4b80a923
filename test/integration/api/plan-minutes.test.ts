import { beforeAll, describe, expect, it } from 'vitest';
import { accountEntries, minuteSummaryOf, minutesOf } from '../../../functions/repositories/ledger';
import { userPayments } from '../../../functions/repositories/payments';
import { MINUTES_LESSON_LENGTH_MESSAGE, notEnoughMinutesMessage } from '../../../shared/money/ledger';
import { studentWithToken } from '../../support/accounts';
import { demo } from '../../support/api-client';
import { payThroughCheckout, settlePayments } from '../../support/payments';
import { unique } from '../../support/people';
import { localStackForFile } from '../../support/stack';

/**
 * Flexible plans sold by the minute (issue #18): paying one credits its minutes to the student's minutes
 * account once, however often Stripe delivers the payment; each billable lesson booked for them draws its
 * length in the booking's transaction (never more than there is, even for bookings racing), a series all
 * or nothing; a cancelled lesson gives its minutes back once; too few minutes is a 409 saying so. A plan
 * sold for a time (a month) gives a period of access instead: its lessons draw no minutes.
 */
const local = localStackForFile();
const TENANT = 'demo';
const TUTOR = 'demo-tutor-2';
type Json = Record<string, any>;

let admin: { token: string; userId: string };
let courseId: string;
/** A flexible plan of 90 lesson minutes, made by the admin for this file. */
let planId: string;
/** A flexible plan of one month of lessons. */
let monthPlanId: string;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  const course = await local.api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'Physics by the minute',
      curriculum: 'Cambridge IGCSE',
      subject: 'Physics',
      grade: 'Grade 10',
      status: 'ACTIVE',
      paymentType: 'ONETIME',
    },
  });
  expect(course.status, JSON.stringify(course.body)).toBe(201);
  courseId = course.body._id;
  const tutor = await local.api.call('courseTutors.create', {
    ...admin,
    body: { course: courseId, tutor: TUTOR, type: 'PRIMARY' },
  });
  expect(tutor.status).toBe(201);
  const plan = await local.api.call<Json>('flexible-plans.create', {
    ...admin,
    body: {
      name: `90 lesson minutes ${unique()}`,
      description: '',
      duration: 90,
      durationUnit: 'MINUTES',
      price: { amount: 70, currency: 'USD' },
    },
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  planId = plan.body._id;
  const month = await local.api.call<Json>('flexible-plans.create', {
    ...admin,
    body: {
      name: `A month of lessons ${unique()}`,
      description: '',
      duration: 1,
      durationUnit: 'MONTHS',
      price: { amount: 200, currency: 'USD' },
    },
  });
  expect(month.status, JSON.stringify(month.body)).toBe(201);
  monthPlanId = month.body._id;
});

const settle = () => settlePayments(local.stack);

/** A student enrolled (one-time) on the course, not holding any minutes yet. */
async function enrolledStudent() {
  const student = await studentWithToken(TENANT, {
    firstname: 'Min',
    lastname: 'Ute',
    email: `minutes-${unique()}@example.com`,
  });
  await payThroughCheckout(
    local.stack,
    { purpose: 'COURSE', userId: student.userId, courseId },
    { tenant: TENANT, unitAmount: 9000 },
  );
  return student;
}

/** The student buys a plan (the 90-minute one unless named) through its own route and the local checkout. */
async function buyPlan(student: { token: string; userId: string }, plan = planId) {
  const session = await local.api.call<Json>('payments.flexibleSession', {
    ...student,
    body: { planId: plan },
  });
  expect(session.status, JSON.stringify(session.body)).toBeLessThan(300);
  const url: string = session.body.stripeSession.url;
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await settle();
  return url.slice(url.lastIndexOf('/') + 1);
}

async function studentWithMinutes() {
  return (await studentBuyingMinutes()).userId;
}

/** A student who bought the 90-minute plan, and the PaymentIntent it was paid with. */
async function studentBuyingMinutes() {
  const student = await enrolledStudent();
  const sessionId = await buyPlan(student);
  expect(await minutesOf(TENANT, student.userId)).toBe(90);
  const paid = (await userPayments(TENANT, student.userId)).find((row) => row.stripe.objectId === sessionId);
  return { userId: student.userId, paymentIntent: paid?.stripe.paymentIntentId ?? '' };
}

let nextDay = 200;
const freshDay = (hour = 9) => {
  nextDay += 1;
  const at = new Date(Date.now() + nextDay * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

const book = (userId: string, start: string, duration = 60, recurrence?: Json) =>
  local.api.call<Json>('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: courseId,
      title: 'Lesson',
      start,
      duration,
      studentIds: [userId],
      ...(recurrence ? { recurrence } : {}),
    },
  });

const cancel = (id: string) =>
  local.api.call<Json>('meetings.teamsAdminCancel', {
    ...admin,
    params: { id },
    body: { reason: 'Sickness' },
  });

const entriesOf = async (userId: string, kind?: string) =>
  (await accountEntries(TENANT, { kind: 'MINUTES', userId })).filter(
    (entry) => kind === undefined || entry.kind === kind,
  );

/** Both views of the balance: the sum of the entries and the summary the draws are held by. */
async function expectMinutes(userId: string, minutes: number) {
  expect(await minutesOf(TENANT, userId)).toBe(minutes);
  expect(await minuteSummaryOf(TENANT, userId)).toBe(minutes);
}

describe('a flexible plan of minutes paid', () => {
  it('credits its minutes once, however often the payment is delivered', async () => {
    // Prepare: a student buys the 90-minute plan through the checkout (delivered once)
    const student = await enrolledStudent();
    const sessionId = await buyPlan(student);
    const event = local.stack.stripe
      .events(TENANT)
      .find(
        (candidate) =>
          candidate.type === 'checkout.session.completed' && JSON.stringify(candidate).includes(sessionId),
      );
    if (!event) throw new Error('No completion event of the plan');

    // Act: Stripe delivers it twice more
    await local.stack.stripe.redeliver(TENANT, event.id);
    await local.stack.stripe.redeliver(TENANT, event.id);
    await settle();

    // Assess: one payment, one PLAN_MINUTES entry of 90, named by the session; the viewer shows them
    expect(
      (await userPayments(TENANT, student.userId)).filter((row) => row.paymentType === 'FLEXIBLE'),
    ).toHaveLength(1);
    expect(await entriesOf(student.userId)).toMatchObject([
      { _id: `PLAN_MINUTES:${sessionId}`, kind: 'PLAN_MINUTES', minutes: 90, paymentType: 'FLEXIBLE' },
    ]);
    await expectMinutes(student.userId, 90);
    const viewer = await local.api.call<Json>('courseCredits.list', { ...student });
    expect(viewer.status).toBe(200);
    expect(viewer.body.planMinutes).toBe(90);
    const logs = await local.api.call<Json>('transactionLogs.list', {
      ...student,
      query: { limit: 10, offset: 0 },
    });
    expect(logs.body.docs).toContainEqual(expect.objectContaining({ kind: 'PLAN_MINUTES', minutes: 90 }));
  });
});

describe('a lesson booked for a student holding minutes', () => {
  it('draws its length; too few left is a 409 saying so, and cancelling gives them back once', async () => {
    // Prepare
    const userId = await studentWithMinutes();

    // Act: a 60-minute lesson, then another (30 minutes left)
    const first = await book(userId, freshDay());
    const second = await book(userId, freshDay());

    // Assess: the first drew 60, the second was refused and drew nothing
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(await entriesOf(userId, 'MINUTES_USE')).toMatchObject([
      { _id: `MINUTES_USE:${first.body._id}:${userId}`, minutes: -60, cause: first.body._id },
    ]);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(notEnoughMinutesMessage(60));
    await expectMinutes(userId, 30);

    // A 30-minute lesson still fits
    const short = await book(userId, freshDay(), 30);
    expect(short.status, JSON.stringify(short.body)).toBe(201);
    await expectMinutes(userId, 0);

    // Act: the first cancelled, then cancelled twice more at once
    const cancelled = await cancel(first.body._id);
    const again = await Promise.all([cancel(first.body._id), cancel(first.body._id)]);

    // Assess: its 60 minutes came back once
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBeLessThan(300);
    for (const answer of again) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await entriesOf(userId, 'MINUTES_RETURN')).toMatchObject([
      { _id: `MINUTES_RETURN:${first.body._id}:${userId}`, minutes: 60 },
    ]);
    await expectMinutes(userId, 60);
  });

  it('racing another booking for the last minutes: exactly one succeeds', async () => {
    // Prepare: 90 minutes, room for one 60-minute lesson
    const userId = await studentWithMinutes();

    // Act: two bookings of two different times at once
    const answers = await Promise.all([book(userId, freshDay(10)), book(userId, freshDay(11))]);

    // Assess
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(notEnoughMinutesMessage(60));
    expect(await entriesOf(userId, 'MINUTES_USE')).toHaveLength(1);
    await expectMinutes(userId, 30);
  });

  it('in a series draws every lesson at once, or nothing', async () => {
    const userId = await studentWithMinutes();

    // Act: two weekly 60-minute lessons (120 minutes) with 90, then two of 45
    const tooLong = await book(userId, freshDay(12), 60, { frequency: 'WEEKLY', count: 2 });
    const fits = await book(userId, freshDay(12), 45, { frequency: 'WEEKLY', count: 2 });

    // Assess
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.message).toBe(notEnoughMinutesMessage(120, 2));
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(await entriesOf(userId, 'MINUTES_USE')).toHaveLength(2);
    await expectMinutes(userId, 0);
  });

  it('of a student who never bought minutes draws nothing and is not refused', async () => {
    const { userId } = await enrolledStudent();
    const lesson = await book(userId, freshDay(13));
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('moved at its length keeps what it drew; at another length it is refused, saying why', async () => {
    const userId = await studentWithMinutes();
    const lesson = await book(userId, freshDay(14), 45);
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    const reschedule = (duration?: number) =>
      local.api.call<Json>('meetings.teamsAdminReschedule', {
        ...admin,
        params: { id: lesson.body._id },
        body: { reason: 'Sickness', start: freshDay(15), ...(duration ? { duration } : {}) },
      });

    const longer = await reschedule(90);
    const same = await reschedule();

    expect(longer.status).toBe(409);
    expect(longer.body.message).toBe(MINUTES_LESSON_LENGTH_MESSAGE);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await entriesOf(userId, 'MINUTES_USE')).toHaveLength(1);
    await expectMinutes(userId, 45);
  });
});

describe("a flexible plan's payment refunded in full", () => {
  it('takes its minutes back once (the account may go below zero when some were used)', async () => {
    // Prepare: 90 minutes bought, 60 used
    const { userId, paymentIntent } = await studentBuyingMinutes();
    expect((await book(userId, freshDay(16))).status).toBe(201);
    const charge = {
      id: `ch_${unique()}`,
      object: 'charge',
      amount: 7000,
      amount_refunded: 7000,
      currency: 'usd',
      payment_intent: paymentIntent,
    };

    // Act: the refund, delivered twice
    const refunded = local.stack.stripe.emit(TENANT, 'charge.refunded', charge);
    await settle();
    await local.stack.stripe.redeliver(TENANT, refunded.id);
    await settle();

    // Assess
    expect(await entriesOf(userId, 'MINUTES_REVERSAL')).toMatchObject([{ minutes: -90 }]);
    await expectMinutes(userId, -60);
  });
});

describe('a flexible plan of a month paid', () => {
  /** A whole hour `days` from now: inside the month bought today when under 28. */
  let hour = 6;
  const daysAhead = (days: number) => {
    hour += 1;
    const at = new Date(Date.now() + days * 86_400_000);
    at.setUTCHours(hour % 24, 0, 0, 0);
    return at.toISOString();
  };

  it('includes the lessons of the month (no minutes drawn) and none after; a full refund ends it', async () => {
    // Prepare: a student with 90 minutes buys a month of lessons, the payment delivered twice
    const student = await enrolledStudent();
    await buyPlan(student);
    const sessionId = await buyPlan(student, monthPlanId);
    const event = local.stack.stripe
      .events(TENANT)
      .find(
        (candidate) =>
          candidate.type === 'checkout.session.completed' && JSON.stringify(candidate).includes(sessionId),
      );
    if (!event) throw new Error('No completion event of the plan');
    await local.stack.stripe.redeliver(TENANT, event.id);
    await settle();
    const entries = await accountEntries(TENANT, { kind: 'ACCESS', userId: student.userId });
    expect(entries).toMatchObject([
      { _id: `PLAN_ACCESS:${sessionId}`, kind: 'PLAN_ACCESS', term: { duration: 1, durationUnit: 'MONTHS' } },
    ]);
    const viewer = await local.api.call<Json>('courseCredits.list', { ...student });
    const until = Date.parse(viewer.body.accessUntil);
    expect(until - Date.now()).toBeGreaterThan(27 * 86_400_000);
    expect(until - Date.now()).toBeLessThan(32 * 86_400_000);
    expect(viewer.body.planMinutes).toBe(90);

    // Act: a 60-minute lesson in a week, and one in forty days
    const inMonth = await book(student.userId, daysAhead(7));
    const after = await book(student.userId, daysAhead(40));

    // Assess: only the second drew minutes
    expect(inMonth.status, JSON.stringify(inMonth.body)).toBe(201);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(await entriesOf(student.userId, 'MINUTES_USE')).toMatchObject([
      { _id: `MINUTES_USE:${after.body._id}:${student.userId}`, minutes: -60 },
    ]);
    await expectMinutes(student.userId, 30);

    // A full refund of the month takes the access back
    const paid = (await userPayments(TENANT, student.userId)).find(
      (row) => row.stripe.objectId === sessionId,
    );
    local.stack.stripe.emit(TENANT, 'charge.refunded', {
      id: `ch_${unique()}`,
      object: 'charge',
      amount: paid?.amount.minor,
      amount_refunded: paid?.amount.minor,
      currency: 'usd',
      payment_intent: paid?.stripe.paymentIntentId,
    });
    await settle();
    const refunded = await local.api.call<Json>('courseCredits.list', { ...student });
    expect(refunded.body.accessUntil).toBeUndefined();
    const longer = await book(student.userId, daysAhead(8), 30);
    expect(longer.status, JSON.stringify(longer.body)).toBe(201);
    await expectMinutes(student.userId, 0);
  });
});
