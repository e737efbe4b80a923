import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getCourseMember } from '../../../functions/repositories/courses';
import {
  accountEntries,
  creditSummaryOf,
  creditsOf,
  moneyBalanceOf,
} from '../../../functions/repositories/ledger';
import { getStripeObjectState, userPayments } from '../../../functions/repositories/payments';
import { getLpAccess } from '../../../functions/repositories/usage';
import { handler as stripeWebhooks } from '../../../functions/stripe-webhooks/handler';
import { onTransactionCommitted } from '../../../functions/table/transactions';
import { lambdaContext } from '../../../infra/local/lambda-context';
import { NO_CREDITS_MESSAGE } from '../../../shared/money/ledger';
import { studentWithToken } from '../../support/accounts';
import { demo } from '../../support/api-client';
import { busEvent } from '../../support/events';
import { payThroughCheckout, settlePayments, usd } from '../../support/payments';
import { unique } from '../../support/people';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
const TENANT = 'demo';

let admin: { token: string; userId: string };
let creditCourseId: string;
beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  const course = await local.api.call<{ _id: string }>('courses.adminCreate', {
    ...admin,
    body: {
      title: 'IGCSE Physics credits',
      curriculum: 'Cambridge IGCSE',
      subject: 'Physics',
      grade: 'Grade 10',
      status: 'ACTIVE',
      paymentType: 'CREDIT',
    },
  });
  creditCourseId = course.body._id;
});

let stopCrashing: () => void = () => undefined;
afterEach(() => {
  stopCrashing();
  local.stack.stripe.setDelivery(true);
});

const newStudent = () =>
  studentWithToken(TENANT, { firstname: 'Pay', lastname: 'Er', email: `payer-${unique()}@example.com` });

const settle = () => settlePayments(local.stack);
const pay = (metadata: Record<string, string>, unitAmount?: number, mode?: 'payment' | 'subscription') =>
  payThroughCheckout(local.stack, metadata, { tenant: TENANT, unitAmount, mode });

const completedEventOf = (sessionId: string) => {
  const event = local.stack.stripe
    .events(TENANT)
    .find(
      (candidate) =>
        candidate.type === 'checkout.session.completed' && JSON.stringify(candidate).includes(sessionId),
    );
  if (!event) throw new Error(`No completion event of ${sessionId}`);
  return event;
};

describe('a payment through the local checkout', () => {
  it('writes its payment history row and its ledger entry once, however often it is delivered', async () => {
    // Prepare: a student pays for a flexible plan
    const { userId } = await newStudent();
    const { session } = await pay({ purpose: 'FLEXIBLE', userId, planId: 'plan-1' });
    const event = completedEventOf(session.id);

    // Act: Stripe delivers the event ten times more at once, and the bus hands the consumer ten
    // StripeEventReceived of it (as ten outbox events would: each with its own id, so no claim stops them)
    await Promise.all(Array.from({ length: 10 }, () => local.stack.stripe.redeliver(TENANT, event.id)));
    await Promise.all(
      Array.from({ length: 10 }, () =>
        stripeWebhooks(
          busEvent('StripeEventReceived', {
            tenant: TENANT,
            stripeEventId: event.id,
            type: String(event.type),
          }),
          lambdaContext('stripe-webhooks'),
        ),
      ),
    );
    await settle();

    // Assess: one payment, one entry, the balance the payment
    const rows = await userPayments(TENANT, userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'PAYMENT',
      paymentType: 'FLEXIBLE',
      planId: 'plan-1',
      amount: usd(4500),
    });
    expect(await accountEntries(TENANT, { kind: 'MONEY', userId })).toHaveLength(1);
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(4500)]);
  });

  it('enrols in a credit course with its credits, and a top-up adds to them', async () => {
    const { userId } = await newStudent();
    await pay({ purpose: 'COURSE', userId, courseId: creditCourseId, credits: '8' }, 20000);
    await pay({ purpose: 'COURSE_TOPUP', userId, courseId: creditCourseId, credits: '4' }, 10000);

    const member = await getCourseMember(TENANT, { courseId: creditCourseId, role: 'student', userId });
    expect(member).toMatchObject({ enrolment: 'ENROLLED', enrolmentType: 'CREDIT', status: 'ENABLE' });
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(12);
    expect(await creditSummaryOf(TENANT, userId, creditCourseId)).toBe(12);
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(30000)]);
  });

  it('gives a premium upgrade its learning-platform access', async () => {
    const { userId } = await newStudent();
    expect(await getLpAccess(TENANT, userId)).toBe(false);
    await pay({ purpose: 'PREMIUM_UPGRADE', userId });
    expect(await getLpAccess(TENANT, userId)).toBe(true);
  });

  it('passes over a session the platform did not make (no purpose), writing nothing', async () => {
    const { userId } = await newStudent();
    await pay({ userId, plan: 'elsewhere' });
    expect(await userPayments(TENANT, userId)).toEqual([]);
    expect(local.stack.bus.deadLetters).toEqual([]);
  });
});

describe('a consumer that fails half-way', () => {
  it('is retried by the bus and finishes without writing anything twice', async () => {
    // Prepare: the consumer crashes right after its first transaction (the payment) committed, once
    const { userId } = await newStudent();
    let crashes = 0;
    stopCrashing = onTransactionCommitted((items) => {
      const paymentOfThisStudent = items.some(
        (item) => item.Put?.Item?.entity === 'payment' && item.Put.Item.userId === userId,
      );
      if (paymentOfThisStudent && crashes === 0) {
        crashes++;
        throw new Error('The consumer died here');
      }
    });

    // Act: the student enrols in the credit course
    await pay({ purpose: 'COURSE', userId, courseId: creditCourseId, credits: '5' }, 12500);

    // Assess: it did crash; the retry entered the enrolment and its credits, and the payment once
    expect(crashes).toBe(1);
    expect(await userPayments(TENANT, userId)).toHaveLength(1);
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(12500)]);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(5);
    expect(await creditSummaryOf(TENANT, userId, creditCourseId)).toBe(5);
    expect(
      await getCourseMember(TENANT, { courseId: creditCourseId, role: 'student', userId }),
    ).toBeDefined();
    expect(local.stack.bus.deadLetters).toEqual([]);
  });
});

describe("a subscription's events", () => {
  it('delivered in reverse order leave the state of the newest', async () => {
    // Prepare: three events of one subscription, a second apart, not delivered as they happen
    const { userId } = await newStudent();
    const id = `sub_${unique()}`;
    const metadata = { tenant: TENANT, purpose: 'SUBSCRIPTION', userId, planId: 'monthly' };
    const subscription = (status: string, extra: object = {}) => ({
      id,
      object: 'subscription',
      status,
      customer: 'cus_1',
      metadata,
      current_period_end: 1_900_000_000,
      cancel_at_period_end: false,
      ...extra,
    });
    const at = Math.floor(Date.now() / 1000) - 60;
    local.stack.stripe.setDelivery(false);
    const events = [
      local.stack.stripe.emit(TENANT, 'customer.subscription.created', subscription('active'), at),
      local.stack.stripe.emit(
        TENANT,
        'customer.subscription.updated',
        subscription('past_due', { cancel_at_period_end: true }),
        at + 1,
      ),
      local.stack.stripe.emit(TENANT, 'customer.subscription.deleted', subscription('canceled'), at + 2),
    ];
    local.stack.stripe.setDelivery(true);

    // Act: Stripe delivers them newest first
    for (const event of [...events].reverse()) {
      await local.stack.stripe.redeliver(TENANT, event.id);
      await settle();
    }

    // Assess: cancelled, as the newest said; the older two changed nothing
    expect(await getStripeObjectState(TENANT, id)).toMatchObject({
      status: 'canceled',
      userId,
      planId: 'monthly',
      eventId: events[2]!.id,
    });
  });

  it('are applied as they come when they come in order, and a renewal is a payment of its own', async () => {
    const { userId } = await newStudent();
    const { session } = await pay(
      { purpose: 'SUBSCRIPTION', userId, planId: 'monthly' },
      2000,
      'subscription',
    );
    const subscriptionId = String(session.subscription);
    expect(await getStripeObjectState(TENANT, subscriptionId)).toMatchObject({ status: 'active', userId });

    // A renewal: its invoice paid, delivered twice
    const invoice = {
      id: `in_${unique()}`,
      object: 'invoice',
      amount_paid: 2000,
      amount_due: 2000,
      currency: 'usd',
      customer: session.customer,
      subscription: subscriptionId,
      billing_reason: 'subscription_cycle',
      subscription_details: {
        metadata: { tenant: TENANT, purpose: 'SUBSCRIPTION', userId, planId: 'monthly' },
      },
      created: Math.floor(Date.now() / 1000),
    };
    const renewal = local.stack.stripe.emit(TENANT, 'invoice.paid', invoice);
    await settle();
    await local.stack.stripe.redeliver(TENANT, renewal.id);
    await settle();

    expect(await userPayments(TENANT, userId)).toHaveLength(2);
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(4000)]);
  });
});

describe('the daily reconciliation', () => {
  it('applies a payment whose webhook never arrived', async () => {
    // Prepare: the webhook of a payment is lost
    const { userId } = await newStudent();
    local.stack.stripe.setDelivery(false);
    await pay({ purpose: 'FLEXIBLE', userId, planId: 'plan-2' }, 3000);
    local.stack.stripe.setDelivery(true);
    expect(await userPayments(TENANT, userId)).toEqual([]);

    // Act: the schedule ticks
    local.stack.bus.triggerSchedule('stripe-reconcile');
    await settle();

    // Assess: recorded, then applied through the same consumer
    expect(await userPayments(TENANT, userId)).toMatchObject([{ kind: 'PAYMENT', amount: usd(3000) }]);
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(3000)]);
  });
});

describe('refunds and disputes', () => {
  const charge = (paymentIntent: string, refunded: number, id = `ch_${unique()}`) => ({
    id,
    object: 'charge',
    amount: 4500,
    amount_refunded: refunded,
    currency: 'usd',
    payment_intent: paymentIntent,
  });

  it('take back what each refund gives back, once, and a full refund of credits takes the credits back', async () => {
    const { userId } = await newStudent();
    const { paymentIntent } = await pay(
      { purpose: 'COURSE_TOPUP', userId, courseId: creditCourseId, credits: '3' },
      4500,
    );
    const chargeId = `ch_${unique()}`;

    // A partial refund, delivered twice
    const partial = local.stack.stripe.emit(TENANT, 'charge.refunded', charge(paymentIntent, 1000, chargeId));
    await settle();
    await local.stack.stripe.redeliver(TENANT, partial.id);
    await settle();
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(3500)]);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(3);

    // The rest, then the first report again (older: it changes nothing)
    local.stack.stripe.emit(TENANT, 'charge.refunded', charge(paymentIntent, 4500, chargeId));
    await settle();
    await local.stack.stripe.redeliver(TENANT, partial.id);
    await settle();
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(0)]);
    expect(await creditsOf(TENANT, userId, creditCourseId)).toBe(0);
    expect(await creditSummaryOf(TENANT, userId, creditCourseId)).toBe(0);
    const kinds = (await userPayments(TENANT, userId)).map((row) => [row.kind, row.amount.minor]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['PAYMENT', 4500],
        ['REFUND', 1000],
        ['REFUND', 3500],
      ]),
    );
    expect(kinds).toHaveLength(3);
  });

  const dispute = (paymentIntent: string, id: string, status: string, created: number) => ({
    id,
    object: 'dispute',
    amount: 4500,
    currency: 'usd',
    status,
    payment_intent: paymentIntent,
    charge: `ch_${unique()}`,
    created,
  });

  it('take the amount back while a dispute is open, and give it again when it is won', async () => {
    const { userId } = await newStudent();
    const { paymentIntent } = await pay({ purpose: 'FLEXIBLE', userId, planId: 'plan-1' });
    const id = `dp_${unique()}`;
    const opened = Math.floor(Date.now() / 1000);

    local.stack.stripe.emit(
      TENANT,
      'charge.dispute.created',
      dispute(paymentIntent, id, 'needs_response', opened),
    );
    await settle();
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(0)]);

    const won = local.stack.stripe.emit(
      TENANT,
      'charge.dispute.closed',
      dispute(paymentIntent, id, 'won', opened),
    );
    await settle();
    await local.stack.stripe.redeliver(TENANT, won.id);
    await settle();
    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(4500)]);
  });

  it('leave a lost dispute taken back once, even when its closing arrives before its opening', async () => {
    const { userId } = await newStudent();
    const { paymentIntent } = await pay({ purpose: 'FLEXIBLE', userId, planId: 'plan-1' });
    const id = `dp_${unique()}`;
    const opened = Math.floor(Date.now() / 1000);
    local.stack.stripe.setDelivery(false);
    const created = local.stack.stripe.emit(
      TENANT,
      'charge.dispute.created',
      dispute(paymentIntent, id, 'needs_response', opened),
    );
    const lost = local.stack.stripe.emit(
      TENANT,
      'charge.dispute.closed',
      dispute(paymentIntent, id, 'lost', opened),
    );
    local.stack.stripe.setDelivery(true);

    await local.stack.stripe.redeliver(TENANT, lost.id);
    await settle();
    await local.stack.stripe.redeliver(TENANT, created.id);
    await settle();

    expect(await moneyBalanceOf(TENANT, userId)).toEqual([usd(0)]);
    const kinds = (await userPayments(TENANT, userId)).map((row) => row.kind).sort();
    expect(kinds).toEqual(['DISPUTE', 'DISPUTE_LOST', 'PAYMENT']);
  });
});

describe('the lessons of a credit course', () => {
  /** A quarter hour `days` ahead (the admin books any time of the course's tutor). */
  const daysAhead = (days: number, hour: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    at.setUTCHours(hour, 0, 0, 0);
    return at.toISOString();
  };

  it('use a credit each, in the booking, and none is booked once the credits are spent', async () => {
    // Prepare: a credit course with a tutor; a student enrols with one credit
    const course = await local.api.call<{ _id: string }>('courses.adminCreate', {
      ...admin,
      body: {
        title: 'Chemistry credits',
        curriculum: 'Cambridge IGCSE',
        subject: 'Chemistry',
        grade: 'Grade 10',
        status: 'ACTIVE',
        paymentType: 'CREDIT',
      },
    });
    const courseId = course.body._id;
    expect(
      (
        await local.api.call('courseTutors.create', {
          ...admin,
          body: { course: courseId, tutor: 'demo-tutor-2', type: 'PRIMARY' },
        })
      ).status,
    ).toBe(201);
    const { userId } = await newStudent();
    await pay({ purpose: 'COURSE', userId, courseId, credits: '1' }, 2500);
    expect(await creditsOf(TENANT, userId, courseId)).toBe(1);
    const book = (start: string, billing?: 'NON_BILLABLE') =>
      local.api.call<{ _id: string }>('meetings.teamsAdminCreate', {
        ...admin,
        body: {
          course: courseId,
          title: 'Lesson',
          start,
          duration: 60,
          studentIds: [userId],
          ...(billing ? { billing } : {}),
        },
      });

    // Act: two lessons booked, then one that is not billed
    const first = await book(daysAhead(200, 9));
    const second = await book(daysAhead(201, 9));
    const free = await book(daysAhead(202, 9), 'NON_BILLABLE');

    // Assess: the first used the credit; the second was refused and wrote nothing; the free one used none
    expect(first.status).toBe(201);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: NO_CREDITS_MESSAGE });
    expect(free.status).toBe(201);
    expect(await creditsOf(TENANT, userId, courseId)).toBe(0);
    expect(await creditSummaryOf(TENANT, userId, courseId)).toBe(0);
    const uses = (await accountEntries(TENANT, { kind: 'CREDITS', userId, courseId })).filter(
      (entry) => entry.kind === 'USE',
    );
    expect(uses).toMatchObject([{ cause: first.body._id, credits: -1 }]);
  });
});
