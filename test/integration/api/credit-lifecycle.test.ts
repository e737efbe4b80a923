import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db, TransactWriteCommand } from '../../../functions/lib/db';
import { getCourseMember } from '../../../functions/repositories/courses';
import {
  accountEntries,
  creditSummaryOf,
  creditsOf,
  moneyBalanceOf,
} from '../../../functions/repositories/ledger';
import { userPayments } from '../../../functions/repositories/payments';
import { getSection } from '../../../functions/repositories/sections';
import { NO_CREDITS_MESSAGE } from '../../../shared/money/ledger';
import { studentWithToken } from '../../support/accounts';
import { demo } from '../../support/api-client';
import { payThroughCheckout, settlePayments, usd } from '../../support/payments';
import { unique } from '../../support/people';
import { localStackForFile } from '../../support/stack';

/**
 * The credits lifecycle and the payment events that reach enrolments (issue #18): a cancelled lesson of a
 * credit course gives its credit back once; parallel bookings never spend more credits than there are; a
 * series spends one credit per lesson, all or none; a course subscription that ends unenrols its student;
 * a refund that comes before its payment is applied once the payment lands.
 */
const local = localStackForFile();
const TENANT = 'demo';
const TUTOR = 'demo-tutor-2';
type Json = Record<string, any>;

let admin: { token: string; userId: string };
let creditCourseId: string;

async function adminCourse(title: string, paymentType: 'CREDIT' | 'SUBSCRIPTION'): Promise<string> {
  const course = await local.api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title,
      curriculum: 'Cambridge IGCSE',
      subject: 'Chemistry',
      grade: 'Grade 10',
      status: 'ACTIVE',
      paymentType,
    },
  });
  expect(course.status, JSON.stringify(course.body)).toBe(201);
  const tutor = await local.api.call('courseTutors.create', {
    ...admin,
    body: { course: course.body._id, tutor: TUTOR, type: 'PRIMARY' },
  });
  expect(tutor.status).toBe(201);
  return course.body._id;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  creditCourseId = await adminCourse('Chemistry credits', 'CREDIT');
});

afterEach(() => local.stack.stripe.setDelivery(true));

const newStudent = () =>
  studentWithToken(TENANT, { firstname: 'Cred', lastname: 'It', email: `credit-${unique()}@example.com` });

const settle = () => settlePayments(local.stack);
const pay = (metadata: Record<string, string>, unitAmount: number, mode?: 'payment' | 'subscription') =>
  payThroughCheckout(local.stack, metadata, { tenant: TENANT, unitAmount, mode });

/** A student enrolled by credit on the credit course with `credits` credits. */
async function studentWithCredits(credits: number): Promise<string> {
  const { userId } = await newStudent();
  await pay(
    { purpose: 'COURSE', userId, courseId: creditCourseId, credits: String(credits) },
    credits * 2500,
  );
  expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(credits);
  return userId;
}

/** A whole hour `days` ahead (the admin books any free time of the course's tutor). */
let nextDay = 100;
const freshDay = (hour = 9) => {
  nextDay += 1;
  const at = new Date(Date.now() + nextDay * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

const book = (userId: string, start: string, recurrence?: Json) =>
  local.api.call<Json>('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course: creditCourseId,
      title: 'Lesson',
      start,
      duration: 60,
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

const entriesOf = async (userId: string, kind: string) =>
  (await accountEntries(TENANT, { kind: 'CREDITS', userId, courseId: creditCourseId })).filter(
    (entry) => entry.kind === kind,
  );

describe('a credit course lesson cancelled', () => {
  it('gives its credit back once, however often it is cancelled', async () => {
    // Prepare
    const userId = await studentWithCredits(2);
    const lesson = await book(userId, freshDay());
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(1);

    // Act: cancelled, then cancelled again (twice at once)
    const first = await cancel(lesson.body._id);
    const again = await Promise.all([cancel(lesson.body._id), cancel(lesson.body._id)]);

    // Assess
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    for (const answer of again) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(2);
    expect(await creditSummaryOf(TENANT, userId, creditCourseId)).toBe(2);
    expect(await entriesOf(userId, 'RETURN')).toMatchObject([
      { _id: `RETURN:${lesson.body._id}:${userId}`, cause: lesson.body._id, credits: 1 },
    ]);
  });
});

describe('parallel bookings', () => {
  it('spend no more credits than there are: 10 bookings against 3 credits give 3 lessons', async () => {
    // Prepare
    const userId = await studentWithCredits(3);

    // Act: ten bookings of ten different times at once
    const answers = await Promise.all(Array.from({ length: 10 }, () => book(userId, freshDay(10))));

    // Assess
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body.message).toBe(NO_CREDITS_MESSAGE);
    }
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(0);
    expect(await creditSummaryOf(TENANT, userId, creditCourseId)).toBe(0);
    expect(await entriesOf(userId, 'USE')).toHaveLength(3);
  });
});

describe('a series on a credit course', () => {
  it('uses one credit per lesson, all or none', async () => {
    // Prepare
    const userId = await studentWithCredits(3);

    // Act: four weekly lessons with three credits, then three
    const tooMany = await book(userId, freshDay(11), { frequency: 'WEEKLY', count: 4 });
    const fits = await book(userId, freshDay(11), { frequency: 'WEEKLY', count: 3 });

    // Assess: the first spent nothing and booked nothing; the second spent the three
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toMatch(/^Not enough credits/);
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(0);
    const uses = await entriesOf(userId, 'USE');
    expect(uses).toHaveLength(3);
    expect(await entriesOf(userId, 'RETURN')).toHaveLength(0);

    // A lesson of it cancelled gives its credit back.
    const cancelled = await cancel(fits.body._id);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBeLessThan(300);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(1);
  });

  it('that clashes spends nothing', async () => {
    const userId = await studentWithCredits(3);
    const start = freshDay(12);
    const taken = await book(userId, start);
    expect(taken.status).toBe(201);
    const clash = await book(userId, start, { frequency: 'WEEKLY', count: 2 });
    expect(clash.status).toBe(409);
    expect(clash.body.message).not.toMatch(/credits/);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(2);
    expect(await creditSummaryOf(TENANT, userId, creditCourseId)).toBe(2);
  });
});

describe('a series on a credit course whose booking fails part-way', () => {
  it('gives every credit back, each once, and leaves the balance as it was', async () => {
    // Prepare: five credits; the table refuses the third lesson's own writes once (as when that lesson is
    // changed meanwhile), after the credits are spent and the first two lessons are written
    const userId = await studentWithCredits(5);
    const balanceBefore = await creditsOf(TENANT, userId, creditCourseId);
    const send = db().send.bind(db());
    let lessonWrites = 0;
    vi.spyOn(db(), 'send').mockImplementation((command: Parameters<typeof send>[0]) => {
      const items: Json[] =
        command instanceof TransactWriteCommand ? (command.input.TransactItems ?? []) : [];
      if (items.some((item) => item.Put?.Item?.seriesId && item.Put.Item.studentIds)) {
        lessonWrites += 1;
        if (lessonWrites === 3) {
          return Promise.reject(
            Object.assign(new Error('Transaction cancelled'), {
              name: 'TransactionCanceledException',
              CancellationReasons: items.map((_, i) => ({
                Code: i === 0 ? 'ConditionalCheckFailed' : 'None',
              })),
            }),
          );
        }
      }
      return send(command);
    });

    // Act: four weekly lessons
    const series = await book(userId, freshDay(13), { frequency: 'WEEKLY', count: 4 });
    vi.restoreAllMocks();

    // Assess: refused; the four credits it spent came back, one RETURN per lesson and student, and the
    // balance (entries and summary) is what it was; no lesson of it is left
    expect(series.status, JSON.stringify(series.body)).toBe(409);
    expect(lessonWrites).toBe(3);
    const uses = await entriesOf(userId, 'USE');
    const returns = await entriesOf(userId, 'RETURN');
    expect(uses).toHaveLength(4);
    expect(returns.map((entry) => entry._id).sort()).toEqual(
      uses.map((use) => `RETURN:${use.cause}:${userId}`).sort(),
    );
    expect(returns.every((entry) => entry.credits === 1)).toBe(true);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(balanceBefore);
    expect(await creditSummaryOf(TENANT, userId, creditCourseId)).toBe(balanceBefore);
    for (const use of uses) expect(await getSection(TENANT, use.cause)).toBeUndefined();
  });
});

describe("a course subscription's end", () => {
  it('unenrols its student (the enrolment stays, UNENROLLED), once', async () => {
    // Prepare: a student subscribes to a subscription course
    const courseId = await adminCourse('Chemistry monthly', 'SUBSCRIPTION');
    const { userId } = await newStudent();
    await pay({ purpose: 'COURSE', userId, courseId }, 9000, 'subscription');
    const enrolled = await getCourseMember(TENANT, { courseId, role: 'student', userId });
    expect(enrolled).toMatchObject({ enrolment: 'ENROLLED', enrolmentType: 'SUBSCRIPTION' });

    // Act: Stripe says the subscription ended, twice
    const deleted = local.stack.stripe.emit(TENANT, 'customer.subscription.deleted', {
      id: `sub_${unique()}`,
      object: 'subscription',
      status: 'canceled',
      customer: 'cus_1',
      metadata: { tenant: TENANT, purpose: 'COURSE', userId, courseId },
      current_period_end: Math.floor(Date.now() / 1000),
      cancel_at_period_end: false,
    });
    await settle();
    await local.stack.stripe.redeliver(TENANT, deleted.id);
    await settle();

    // Assess
    expect(await getCourseMember(TENANT, { courseId, role: 'student', userId })).toMatchObject({
      enrolment: 'UNENROLLED',
      enrolmentType: 'SUBSCRIPTION',
    });
    expect(await userPayments(TENANT, userId)).toHaveLength(1);
  });
});

describe('a refund that arrives before its payment', () => {
  it('is applied when the payment lands: no orphan, no double', async () => {
    // Prepare: the payment's events are held back
    const { userId } = await newStudent();
    local.stack.stripe.setDelivery(false);
    const { session, paymentIntent } = await pay({ purpose: 'FLEXIBLE', userId, planId: 'plan-1' }, 4500);
    const completed = local.stack.stripe
      .events(TENANT)
      .find(
        (event) => event.type === 'checkout.session.completed' && JSON.stringify(event).includes(session.id),
      );
    local.stack.stripe.setDelivery(true);

    // Act: the refund comes first (twice), then the payment
    const refund = local.stack.stripe.emit(TENANT, 'charge.refunded', {
      id: `ch_${unique()}`,
      object: 'charge',
      amount: 4500,
      amount_refunded: 1500,
      currency: 'usd',
      payment_intent: paymentIntent,
    });
    await settle();
    await local.stack.stripe.redeliver(TENANT, refund.id);
    await settle();
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([]);
    await local.stack.stripe.redeliver(TENANT, String(completed?.id));
    await settle();
    await local.stack.stripe.redeliver(TENANT, String(completed?.id));
    await settle();

    // Assess
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(3000)]);
    const kinds = (await userPayments(TENANT, userId)).map((row) => [row.kind, row.amount.minor]).sort();
    expect(kinds).toEqual([
      ['PAYMENT', 4500],
      ['REFUND', 1500],
    ]);
  });
});
