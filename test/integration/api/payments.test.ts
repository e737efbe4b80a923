import { beforeAll, describe, expect, it } from 'vitest';
import { stripeFor } from '../../../functions/payments/stripe-client';
import { getCourseMember } from '../../../functions/repositories/courses';
import { creditsOf } from '../../../functions/repositories/ledger';
import { userPayments } from '../../../functions/repositories/payments';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/**
 * The payment calls of spec 000 section 7 through the real SDK against the fake Stripe: prices from the
 * catalogue, the redirect contract, who may pay for whom, and the payment landing through the webhook.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let sam: Session;
let parent: Session;
let stranger: Session;
const SAM = 'demo-student-1';
const MAYA = 'demo-student-2';

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
  stranger = await local.api.signIn(demo.student3.email, demo.student3.password);
});

async function settle() {
  await local.stack.stripe.settled();
  await local.stack.events.settled();
}

/** Presses Pay on the fake's hosted page, and answers where it sent the browser back to. */
async function payOnPage(url: string): Promise<string> {
  const paid = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await settle();
  return paid.headers.get('location') ?? '';
}

const retrieve = async (id: string) => (await stripeFor('demo')).checkout.sessions.retrieve(id);

async function newCourse(paymentType: 'ONETIME' | 'SUBSCRIPTION' | 'CREDIT', type: 'One-to-One' | 'Group') {
  const { body } = await local.api.call<Json>('courses.adminCreate', {
    ...admin,
    body: {
      title: `${paymentType} course`,
      curriculum: 'Cambridge IGCSE',
      subject: 'Biology',
      grade: 'Grade 9',
      status: 'ACTIVE',
      type,
      paymentType,
    },
  });
  return body._id as string;
}

describe('a plan bought through the local checkout', () => {
  it("is priced by the server as the catalogue says, and lands as the student's payment", async () => {
    // Prepare: what the flexible plan costs Sam
    const price = await local.api.call<Json>('payments.productPrice', {
      ...sam,
      params: { id: 'plan-flex-10h' },
      query: { planType: 'FLEXIBLE' },
    });
    expect(price.status).toBe(200);
    const minor = Math.round(price.body.price.amount * 100);

    // Act: a session, paid on the hosted page
    const { status, body } = await local.api.call<Json>('payments.flexibleSession', {
      ...sam,
      body: { planId: 'plan-flex-10h' },
    });
    expect(status).toBeLessThan(300);
    const url = body.stripeSession.url as string;
    const session = await retrieve(body.stripeSession.id);
    const back = await payOnPage(url);

    // Assess: charged the catalogue's price, back on the subscriptions page with paymentStatus=success, and
    // the payment recorded for Sam from the webhook
    expect(session.amount_total).toBe(minor);
    expect(session.metadata).toMatchObject({ purpose: 'FLEXIBLE', userId: SAM, planId: 'plan-flex-10h' });
    expect(session.client_reference_id).toBe(SAM);
    expect(back).toContain('/learning-portal/subscriptions?paymentStatus=success');
    const payments = await userPayments('demo', SAM);
    expect(payments.find((row) => row.stripe.objectId === session.id)).toMatchObject({
      kind: 'PAYMENT',
      paymentType: 'FLEXIBLE',
      amount: { minor, currency: price.body.price.currency },
    });
  });

  it('takes no price from the client, and sells only an active plan it has', async () => {
    const priced = await local.api.call('payments.flexibleSession', {
      ...sam,
      body: { planId: 'plan-flex-10h', price: { amount: 1, currency: 'USD' } },
    });
    expect(priced.status).toBe(400);
    const unknown = await local.api.call('payments.subscriptionSession', {
      ...sam,
      body: { planId: 'no-such-plan' },
    });
    expect(unknown.status).toBe(404);
  });

  it('makes a subscription plan a recurring session (v1 createSession)', async () => {
    const { status, body } = await local.api.call<Json>('payments.createSession', {
      ...sam,
      body: { planId: 'plan-sub-monthly', planType: 'SUBSCRIPTION' },
    });
    expect(status).toBeLessThan(300);
    const session = await retrieve(body.stripeSession.id);
    expect(session.mode).toBe('subscription');
    expect(session.metadata).toMatchObject({ purpose: 'SUBSCRIPTION', planId: 'plan-sub-monthly' });
  });
});

describe('who pays', () => {
  it('is the caller or a child of their family; for anyone else there is no such user', async () => {
    const forChild = await local.api.call<Json>('payments.flexibleSession', {
      ...parent,
      body: { planId: 'plan-flex-10h', userId: MAYA },
    });
    expect(forChild.status).toBeLessThan(300);
    expect((await retrieve(forChild.body.stripeSession.id)).metadata).toMatchObject({ userId: MAYA });

    const forAnother = await local.api.call<Json>('payments.flexibleSession', {
      ...stranger,
      body: { planId: 'plan-flex-10h', userId: SAM },
    });
    expect(forAnother.status).toBe(404);
    const portal = await local.api.call('payments.customerPortal', { ...stranger, params: { id: SAM } });
    expect(portal.status).toBe(404);
  });
});

describe('courses', () => {
  it('a credit course enrols at once, without a payment, answering paymentStatus success', async () => {
    const courseId = await newCourse('CREDIT', 'One-to-One');
    const { status, body } = await local.api.call<Json>('payments.subscribeCourse', {
      ...stranger,
      body: { courseId },
    });
    expect(status).toBeLessThan(300);
    expect(body).toEqual({ paymentStatus: 'success' });
    expect(
      await getCourseMember('demo', { courseId, role: 'student', userId: stranger.userId }),
    ).toMatchObject({ enrolmentType: 'CREDIT', enrolment: 'ENROLLED' });
    const again = await local.api.call('payments.subscribeCourse', { ...stranger, body: { courseId } });
    expect(again.status).toBe(409);

    // Top-up: credits at the pricing of the course's class type, landing on the course's credit account
    const pricing = await local.api.call<Json>('course-pricing-templates.create', {
      ...admin,
      body: {
        name: 'One-to-one lesson',
        classType: 'One-to-One',
        duration: 1,
        durationUnit: 'MONTHS',
        price: { amount: 25, currency: 'USD' },
      },
    });
    expect(pricing.status).toBe(201);
    const topUp = await local.api.call<Json>('payments.topUpCourse', {
      ...stranger,
      body: { courseId, credits: 3 },
    });
    expect(topUp.status).toBeLessThan(300);
    const session = await retrieve(topUp.body.stripeSession.id);
    expect(session.amount_total).toBe(7500);
    await payOnPage(topUp.body.stripeSession.url);
    expect(await creditsOf('demo', stranger.userId, courseId)).toBe(3);

    // The Customer Portal, now that there is a billing account
    const portal = await local.api.call<Json>('payments.customerPortalData', { ...stranger });
    expect(portal.status).toBe(200);
    expect(typeof portal.body.session.url).toBe('string');
  });

  it('a one-time course is paid through a session at its pricing, and the payment enrols', async () => {
    const courseId = await newCourse('ONETIME', 'Group');
    const unpriced = await local.api.call('payments.subscribeCourse', { ...sam, body: { courseId } });
    expect(unpriced.status).toBe(409);
    await local.api.call('course-pricing-templates.create', {
      ...admin,
      body: {
        name: 'Group course',
        classType: 'Group',
        duration: 3,
        durationUnit: 'MONTHS',
        price: { amount: 120, currency: 'USD' },
      },
    });
    const { status, body } = await local.api.call<Json>('payments.subscribeCourse', {
      ...sam,
      body: { courseId },
    });
    expect(status).toBeLessThan(300);
    expect(body.stripeSession.url).toMatch(/\/checkout\/demo\/cs_test_/);
    const back = await payOnPage(body.stripeSession.url);
    expect(back).toContain(`/learning-portal/portal/courses/${courseId}?paymentStatus=success`);
    expect(await getCourseMember('demo', { courseId, role: 'student', userId: SAM })).toMatchObject({
      enrolmentType: 'ONETIME',
      enrolment: 'ENROLLED',
    });
    const read = await local.api.call<Json>('payments.courseSubscriptionSession', {
      ...sam,
      params: { id: body.stripeSession.id },
    });
    expect(read.body).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
  });
});

describe('plans on offer (GET /plans)', () => {
  it('lists the ACTIVE flexible and subscription plans, each at the price this payer pays', async () => {
    // Prepare: a plan the school stopped selling
    const stopped = await local.api.call<Json>('flexible-plans.create', {
      ...admin,
      body: {
        name: 'Retired bundle',
        status: 'INACTIVE',
        duration: 60,
        durationUnit: 'MINUTES',
        price: { amount: 10, currency: 'USD' },
      },
    });
    expect(stopped.status).toBe(201);

    // Act
    const { status, body } = await local.api.call<Json>('payments.plans', { ...sam });

    // Assess: the seeded plans are there, the inactive one is not, and each price is productPrice's
    expect(status).toBe(200);
    const flexibleIds = body.flexible.map((plan: Json) => plan.planId);
    expect(flexibleIds).toContain('plan-flex-10h');
    expect(flexibleIds).not.toContain(stopped.body._id);
    expect(body.subscription.map((plan: Json) => plan.planId)).toContain('plan-sub-monthly');
    for (const plan of [...body.flexible, ...body.subscription]) {
      const single = await local.api.call<Json>('payments.productPrice', {
        ...sam,
        params: { id: plan.planId },
        query: { planType: plan.planType },
      });
      expect(single.body.price, plan.planId).toEqual(plan.price);
    }
  });

  it("is read for a child by their parent, and for nobody else's child", async () => {
    const forChild = await local.api.call<Json>('payments.plans', { ...parent, query: { userId: MAYA } });
    expect(forChild.status).toBe(200);
    expect(forChild.body.flexible.length).toBeGreaterThan(0);
    const forAnother = await local.api.call('payments.plans', { ...stranger, query: { userId: SAM } });
    expect(forAnother.status).toBe(404);
  });
});

describe('course credits (GET /course-credits)', () => {
  it("shows a credit course's credits after a top-up, to the student and their parent, and re-enrols an unenrolled student", async () => {
    // Prepare: Maya on a credit course, unenrolled by the school, who enrols again from the course page
    const courseId = await newCourse('CREDIT', 'One-to-One');
    const added = await local.api.call<Json>('courseStudents.create', {
      ...admin,
      body: { course: courseId, student: MAYA, type: 'CREDIT' },
    });
    expect(added.status).toBeLessThan(300);
    await local.api.call('courseStudents.update', {
      ...admin,
      params: { id: added.body._id },
      body: { status: 'UNENROLLED' },
    });
    const enrol = await local.api.call<Json>('payments.subscribeCourse', {
      ...parent,
      body: { courseId, userId: MAYA },
    });
    expect(enrol.status, JSON.stringify(enrol.body)).toBeLessThan(300);
    expect(enrol.body).toEqual({ paymentStatus: 'success' });
    const before = await local.api.call<Json>('courseCredits.list', { ...parent, query: { userId: MAYA } });
    expect(before.body.docs).toContainEqual({ courseId, courseTitle: 'CREDIT course', credits: 0 });

    // Act: two credits bought by her parent
    await local.api.call('course-pricing-templates.create', {
      ...admin,
      body: {
        name: 'One-to-one credit',
        classType: 'One-to-One',
        duration: 1,
        durationUnit: 'MONTHS',
        price: { amount: 25, currency: 'USD' },
      },
    });
    const topUp = await local.api.call<Json>('payments.topUpCourse', {
      ...parent,
      body: { courseId, credits: 2, userId: MAYA },
    });
    expect(topUp.status).toBeLessThan(300);
    await payOnPage(topUp.body.stripeSession.url);

    // Assess: the credits, in the parent's read and Maya's own, and the top-up in her histories
    const read = await local.api.call<Json>('courseCredits.list', { ...parent, query: { userId: MAYA } });
    expect(read.body.docs).toContainEqual({ courseId, courseTitle: 'CREDIT course', credits: 2 });
    expect(read.body.total).toBeGreaterThanOrEqual(2);
    const maya = await local.api.signIn(demo.student2.email, demo.student2.password);
    const own = await local.api.call<Json>('courseCredits.list', { ...maya });
    expect(own.body).toEqual(read.body);
    const payments = await local.api.call<Json>('paymentHistory.list', {
      ...parent,
      query: { userId: MAYA, limit: 10, offset: 0 },
    });
    expect(payments.body.docs[0]).toMatchObject({ paymentType: 'COURSE_TOPUP', credits: 2, userId: MAYA });
    const logs = await local.api.call<Json>('transactionLogs.list', {
      ...parent,
      query: { userId: MAYA, limit: 10, offset: 0 },
    });
    expect(logs.body.docs.map((entry: Json) => entry.kind)).toContain('TOPUP');

    // Nobody else's child: no such user
    for (const routeId of ['courseCredits.list', 'paymentHistory.list', 'transactionLogs.list']) {
      const other = await local.api.call(routeId, { ...stranger, query: { userId: MAYA } });
      expect(other.status, routeId).toBe(404);
    }
  });
});
