import type Stripe from 'stripe';
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import type { BillingPeriodUnit, FlexiblePlanUnit, PaymentType } from '../../shared/money/finance';
import type { Money } from '../../shared/money/money';
import { moneyDoc } from '../../shared/money/schemas';
import { applicableVersion, studentRateSubject } from '../../shared/rules/rate-versions';
import type { Tenant } from '../../shared/schemas/tenant';
import { payerFor } from '../access/family';
import { addMember, updateStudent } from '../courses/members';
import type { Caller } from '../lib/request';
import { siteOrigin } from '../lib/site-origin';
import { type CourseRecord, coursesRepository, getCourseMember } from '../repositories/courses';
import { userPayments, userSubscriptions } from '../repositories/payments';
import {
  coursePricingTemplatesRepository,
  flexiblePlansRepository,
  subscriptionPlansRepository,
} from '../repositories/price-catalogue';
import {
  studentFlexibleRatesRepository,
  studentFlexibleRateVersionsRepository,
  studentSubscriptionRatesRepository,
  studentSubscriptionRateVersionsRepository,
} from '../repositories/rates';
import type { UserRecord } from '../repositories/users';
import { stripeFor } from './stripe-client';

/**
 * Checkout Sessions the platform makes (issue #18 item 3): priced here from the catalogue, for the caller or
 * a child of their family, carrying the metadata the consumer of their events routes on
 * (functions/payments/apply-stripe-event.ts): `{ tenant, purpose, userId, ...ids }`, on the session and on
 * its PaymentIntent or subscription, so a later refund, dispute or renewal names them too.
 */

export type PlanType = 'FLEXIBLE' | 'SUBSCRIPTION';

const plansOf = (planType: PlanType) =>
  planType === 'FLEXIBLE' ? flexiblePlansRepository : subscriptionPlansRepository;

/**
 * What plans cost a student now: their rate for a plan under the rate version that applies to them at this
 * instant (shared/rules/rate-versions.ts), in their country or any, else the plan's own price. The version
 * and its rates are read once, however many plans are priced with them (`onlyPlan`: the rates of one).
 */
async function payerPrices(tenant: string, planType: PlanType, payer: UserRecord, onlyPlan?: string) {
  const versions = await (planType === 'FLEXIBLE'
    ? studentFlexibleRateVersionsRepository
    : studentSubscriptionRateVersionsRepository
  ).list(tenant, { limit: 500, offset: 0 });
  const version = applicableVersion(versions.docs, studentRateSubject(payer), new Date().toISOString());
  const country = (payer.country ?? '').toLowerCase();
  const rates = version
    ? (
        await (planType === 'FLEXIBLE'
          ? studentFlexibleRatesRepository
          : studentSubscriptionRatesRepository
        ).list(
          tenant,
          { limit: 500, offset: 0 },
          { versionId: version._id },
          {
            matches: (rate) =>
              (!onlyPlan || rate.packageId === onlyPlan) &&
              (rate.country === '' || rate.country.toLowerCase() === country),
          },
        )
      ).docs
    : [];
  return (plan: { _id: string; price: Money }): Money => {
    // A rate for the student's own country wins over one for any country.
    const rate = rates
      .filter((candidate) => candidate.packageId === plan._id)
      .sort((a, b) => b.country.length - a.country.length)[0];
    return rate ? rate.price : plan.price;
  };
}

/** What a plan costs a student now (payerPrices). Only an ACTIVE plan is sold. */
export async function planPrice(tenant: string, planType: PlanType, planId: string, payer: UserRecord) {
  const plan = await plansOf(planType).get(tenant, planId);
  if (plan?.status !== 'ACTIVE') throw new NotFoundError('Plan not found');
  const priceOf = await payerPrices(tenant, planType, payer, plan._id);
  return { plan, price: priceOf(plan) };
}

/**
 * The plans a billing viewer may buy ("Billing viewers load flexible and subscription plans", spec 000
 * section 6): the ACTIVE flexible and subscription plans, each at the price this payer would pay, by name.
 */
export async function planOffers(tenant: string, payer: UserRecord) {
  const offers = async (planType: PlanType) => {
    const [plans, priceOf] = await Promise.all([
      plansOf(planType).list(tenant, { limit: 100, offset: 0 }, { status: 'ACTIVE' }),
      payerPrices(tenant, planType, payer),
    ]);
    return plans.docs
      .map((plan) => ({
        planId: plan._id,
        planType,
        name: plan.name,
        description: plan.description,
        duration: plan.duration,
        durationUnit: plan.durationUnit,
        price: moneyDoc(priceOf(plan)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  };
  const [flexible, subscription] = await Promise.all([offers('FLEXIBLE'), offers('SUBSCRIPTION')]);
  return { flexible, subscription };
}

const INTERVALS: {
  [U in BillingPeriodUnit]: Stripe.Checkout.SessionCreateParams.LineItem.PriceData.Recurring.Interval;
} = { DAYS: 'day', WEEKS: 'week', MONTHS: 'month', YEARS: 'year' };

interface SessionRequest {
  tenant: Tenant;
  payer: UserRecord;
  purpose: PaymentType;
  name: string;
  unitPrice: Money;
  quantity?: number;
  recurring?: { unit: BillingPeriodUnit; count: number };
  ids: { planId?: string; courseId?: string; credits?: number };
  /** A flexible plan's term as sold, which its payment gives (lesson minutes, or a period of access). */
  planTerm?: { duration: number; durationUnit: FlexiblePlanUnit };
  /** The SPA page the payer comes back to (success with paymentStatus=success). */
  returnPath: string;
}

/** A Checkout Session on the school's own Stripe account, through the real SDK. */
export async function checkoutSession(request: SessionRequest): Promise<{ id: string; url: string }> {
  const { tenant, payer, purpose, ids } = request;
  const metadata: Record<string, string> = {
    tenant: tenant.key,
    purpose,
    userId: payer._id,
    ...(ids.planId ? { planId: ids.planId } : {}),
    ...(ids.courseId ? { courseId: ids.courseId } : {}),
    ...(ids.credits ? { credits: String(ids.credits) } : {}),
    ...(request.planTerm
      ? { duration: String(request.planTerm.duration), durationUnit: request.planTerm.durationUnit }
      : {}),
  };
  const back = `${siteOrigin(tenant.domain)}/learning-portal${request.returnPath}`;
  const stripe = await stripeFor(tenant.key);
  const session = await stripe.checkout.sessions.create({
    mode: request.recurring ? 'subscription' : 'payment',
    line_items: [
      {
        quantity: request.quantity ?? 1,
        price_data: {
          currency: request.unitPrice.currency.toLowerCase(),
          unit_amount: request.unitPrice.minor,
          product_data: { name: request.name },
          ...(request.recurring
            ? {
                recurring: {
                  interval: INTERVALS[request.recurring.unit],
                  interval_count: request.recurring.count,
                },
              }
            : {}),
        },
      },
    ],
    client_reference_id: payer._id,
    customer_email: payer.billingEmail ?? payer.email,
    metadata,
    ...(request.recurring ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    success_url: `${back}?paymentStatus=success`,
    cancel_url: back,
  });
  if (!session.url) throw new Error('Stripe made a Checkout Session without a page');
  return { id: session.id, url: session.url };
}

/** A flexible or subscription plan's session, at the payer's price. */
export async function planSession(
  tenant: Tenant,
  caller: Caller,
  planType: PlanType,
  planId: string,
  userId?: string,
) {
  const payer = await payerFor(tenant.key, caller, userId);
  const { plan, price } = await planPrice(tenant.key, planType, planId, payer);
  return checkoutSession({
    tenant,
    payer,
    purpose: planType,
    name: plan.name,
    unitPrice: price,
    ...(planType === 'SUBSCRIPTION' && plan.durationUnit !== 'MINUTES'
      ? { recurring: { unit: plan.durationUnit, count: plan.duration } }
      : {}),
    ids: { planId: plan._id },
    ...(planType === 'FLEXIBLE'
      ? { planTerm: { duration: plan.duration, durationUnit: plan.durationUnit } }
      : {}),
    returnPath: '/subscriptions',
  });
}

/** An ACTIVE course the payer can enrol in, and its price: the school's active pricing of its class type. */
async function pricedCourse(tenant: string, courseId: string) {
  const course = await coursesRepository.get(tenant, courseId);
  if (course?.status !== 'ACTIVE' || course.isTrial) throw new NotFoundError('Course not found');
  const templates = await coursePricingTemplatesRepository.list(
    tenant,
    { limit: 100, offset: 0 },
    { status: 'ACTIVE' },
    { matches: (template) => template.classType === course.type },
  );
  return { course, pricing: templates.docs[0] };
}

function priceOf(course: CourseRecord, pricing: Awaited<ReturnType<typeof pricedCourse>>['pricing']) {
  if (!pricing) throw new ConflictError(`${course.title} has no price yet: ask the school`);
  return pricing;
}

/**
 * subscribe-course: a one-time or subscription course is paid through a Checkout Session (its pricing's
 * price, once or every period); a credit course enrols at once (credits are bought by top-up), answering
 * paymentStatus=success. Someone already enrolled is a 409.
 */
export async function subscribeCourse(tenant: Tenant, caller: Caller, courseId: string, userId?: string) {
  const payer = await payerFor(tenant.key, caller, userId);
  const { course, pricing } = await pricedCourse(tenant.key, courseId);
  const enrolled = await getCourseMember(tenant.key, { courseId, role: 'student', userId: payer._id });
  if (enrolled?.enrolment === 'ENROLLED')
    throw new ConflictError(`You are already enrolled in ${course.title}`);
  if (course.paymentType === 'CREDIT') {
    // A student on the course's list but not enrolled (unenrolled earlier) is enrolled again by credit.
    if (enrolled) await updateStudent(tenant.key, enrolled._id, { status: 'ENROLLED', type: 'CREDIT' });
    else
      await addMember(tenant.key, { course: course._id, userId: payer._id, role: 'student', type: 'CREDIT' });
    return { paymentStatus: 'success' as const };
  }
  const price = priceOf(course, pricing);
  const session = await checkoutSession({
    tenant,
    payer,
    purpose: 'COURSE',
    name: course.title,
    unitPrice: price.price,
    ...(course.paymentType === 'SUBSCRIPTION'
      ? { recurring: { unit: price.durationUnit, count: price.duration } }
      : {}),
    ids: { courseId: course._id },
    returnPath: `/portal/courses/${course._id}`,
  });
  return { stripeSession: session };
}

/** top-up-course: credits on a credit course the payer is enrolled in by credit, at its pricing per credit. */
export async function topUpCourse(
  tenant: Tenant,
  caller: Caller,
  body: { courseId: string; credits: number; userId?: string | undefined },
) {
  const payer = await payerFor(tenant.key, caller, body.userId);
  const { course, pricing } = await pricedCourse(tenant.key, body.courseId);
  const member = await getCourseMember(tenant.key, {
    courseId: course._id,
    role: 'student',
    userId: payer._id,
  });
  if (
    course.paymentType !== 'CREDIT' ||
    member?.enrolmentType !== 'CREDIT' ||
    member.enrolment !== 'ENROLLED'
  ) {
    throw new ConflictError('Credits are topped up on a credit course you are enrolled in');
  }
  const price = priceOf(course, pricing);
  const session = await checkoutSession({
    tenant,
    payer,
    purpose: 'COURSE_TOPUP',
    name: `${course.title}: ${body.credits} lesson credit${body.credits === 1 ? '' : 's'}`,
    unitPrice: price.price,
    quantity: body.credits,
    ids: { courseId: course._id, credits: body.credits },
    returnPath: `/portal/courses/${course._id}`,
  });
  return { stripeSession: session };
}

/**
 * A Customer Portal session for the payer's Stripe customer (the one their payments or subscriptions were
 * made as); someone who never paid has none: a 404.
 */
export async function customerPortal(tenant: Tenant, caller: Caller, userId?: string) {
  const payer = await payerFor(tenant.key, caller, userId);
  const [subscriptions, payments] = await Promise.all([
    userSubscriptions(tenant.key, payer._id),
    userPayments(tenant.key, payer._id),
  ]);
  const customer =
    subscriptions.find((subscription) => subscription.customerId)?.customerId ??
    payments.find((payment) => payment.stripe.customerId)?.stripe.customerId;
  if (!customer) throw new NotFoundError('No billing account yet: it is made with the first payment');
  const stripe = await stripeFor(tenant.key);
  const portal = await stripe.billingPortal.sessions.create({
    customer,
    return_url: `${siteOrigin(tenant.domain)}/learning-portal/subscriptions`,
  });
  return { session: { url: portal.url } };
}

/** A course payment's session, read from Stripe: only the payer's (or their parent's) own. */
export async function courseSession(tenant: Tenant, caller: Caller, sessionId: string) {
  const stripe = await stripeFor(tenant.key);
  const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => undefined);
  const owner = session?.metadata?.userId;
  if (!session || !owner) throw new NotFoundError('Checkout session not found');
  await payerFor(tenant.key, caller, owner).catch(() => {
    throw new NotFoundError('Checkout session not found');
  });
  return { id: session.id, status: session.status ?? 'open', paymentStatus: session.payment_status };
}
