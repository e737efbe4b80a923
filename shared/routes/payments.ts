import * as z from 'zod';
import { moneySchema } from '../money/schemas';
import { tokenResponseSchema } from '../schemas/auth';
import { idSchema } from '../schemas/common';
import { signUpBodySchema } from '../schemas/user';
import { permission, publicAccess, route } from './define';

/**
 * The payment provider's calls of spec 000 section 7 (v1 `stripe/...`, v2 the rest). A session is always
 * priced by the server from the catalogue (a plan, the student's rate for it, a course's pricing), never
 * from the client, and made for the caller or a child of their family. The answer's `stripeSession.url` (or
 * `session.url` for the Customer Portal) is where the browser goes; a credit course's subscription needs
 * no payment and answers `paymentStatus: 'success'`, the page then reloading with it.
 */

const billing = permission('billing', 'view');
const portal = permission('billing', 'customerPortalView');
const topUp = permission('courses', 'courseTopup');

/** Who pays: the caller when absent, or a child of the caller's family. */
const forUser = { userId: z.optional(idSchema) };
const planBody = z.object({ planId: idSchema, ...forUser }).strict();

export const stripeSessionSchema = z.object({ id: z.string(), url: z.string() });
const sessionAnswer = z.object({ stripeSession: stripeSessionSchema });
export const planTypes = ['FLEXIBLE', 'SUBSCRIPTION'] as const;

export const productPriceSchema = z.object({
  planId: z.string(),
  planType: z.enum(planTypes),
  name: z.string(),
  duration: z.number(),
  durationUnit: z.string(),
  /** What the plan costs this student (their rate for it, or the plan's own price). */
  price: moneySchema,
});

/** A plan as a billing viewer is offered it: at the price this payer pays. */
export const planOfferSchema = productPriceSchema.extend({ description: z.string() });
export type PlanOffer = z.infer<typeof planOfferSchema>;

export const paymentRoutes = [
  route({
    id: 'payments.plans',
    method: 'GET',
    path: '/plans',
    resource: 'payments',
    access: billing,
    query: z.object(forUser).strict(),
    response: z.object({ flexible: z.array(planOfferSchema), subscription: z.array(planOfferSchema) }),
    summary:
      'The ACTIVE flexible and subscription plans the caller (or their child) may buy, at their price (read only)',
  }),
  route({
    id: 'payments.createSession',
    method: 'POST',
    path: '/stripe/createSession',
    resource: 'payments',
    access: billing,
    body: z.object({ planId: idSchema, planType: z.enum(planTypes), ...forUser }).strict(),
    response: sessionAnswer,
    summary: 'A Checkout Session for a flexible or subscription plan (v1)',
  }),
  route({
    id: 'payments.productPrice',
    method: 'GET',
    path: '/stripe/getProductPrice/{id}',
    resource: 'payments',
    access: billing,
    query: z.object({ planType: z.enum(planTypes).default('FLEXIBLE'), ...forUser }).strict(),
    response: productPriceSchema,
    summary: 'What a plan costs the caller (or their child)',
  }),
  route({
    id: 'payments.premiumStatus',
    method: 'GET',
    path: '/stripe/premium/{id}',
    resource: 'payments',
    access: billing,
    response: z.object({ userId: z.string(), premium: z.boolean() }),
    summary: 'Whether a user has the premium learning-platform access',
  }),
  route({
    id: 'payments.premiumCreateSession',
    method: 'POST',
    path: '/stripe/premium/createSession',
    resource: 'payments',
    access: billing,
    body: z.object(forUser).strict(),
    response: sessionAnswer,
    summary: 'A Checkout Session for the premium upgrade (the price the school set)',
  }),
  route({
    id: 'payments.premiumProductPrice',
    method: 'POST',
    path: '/stripe/premium/getProductPrice',
    resource: 'payments',
    access: publicAccess,
    response: z.object({ name: z.string(), price: moneySchema }),
    summary: "The premium upgrade's price (anyone: a visitor sees it before signing up)",
  }),
  route({
    id: 'payments.premiumCreateSessionWithDetails',
    method: 'POST',
    path: '/stripe/premium/createSessionWithDetails',
    resource: 'payments',
    throttle: 'strict',
    access: publicAccess,
    body: z.strictObject(signUpBodySchema.shape),
    response: z.object({
      ...tokenResponseSchema.shape,
      user: tokenResponseSchema.shape.oauthUser,
      session: stripeSessionSchema,
    }),
    counts: { succeeded: 'SignUps' },
    summary:
      "A visitor's premium upgrade: a new account by sign-up's rules, signed in, and its Checkout Session",
  }),
  route({
    id: 'payments.customerPortal',
    method: 'GET',
    path: '/stripe/customerPortal/{id}',
    resource: 'payments',
    access: portal,
    response: z.object({ session: z.object({ url: z.string() }) }),
    summary: "A Customer Portal session for a user's billing (v1)",
  }),
  route({
    id: 'payments.subscribeCourse',
    method: 'POST',
    path: '/subscribe-course',
    resource: 'payments',
    access: billing,
    body: z.object({ courseId: idSchema, ...forUser }).strict(),
    response: z.object({
      stripeSession: stripeSessionSchema.optional(),
      /** A credit course: enrolled at once (credits are bought by top-up), the page reloads with it. */
      paymentStatus: z.literal('success').optional(),
    }),
    summary: 'Enrol in a course: a Checkout Session, or at once for a credit course',
  }),
  route({
    id: 'payments.courseSubscriptionSession',
    method: 'GET',
    path: '/course-subscription-session/{id}',
    resource: 'payments',
    access: billing,
    response: z.object({ id: z.string(), status: z.string(), paymentStatus: z.string() }),
    summary: "A course payment's Checkout Session: whether it is paid",
  }),
  route({
    id: 'payments.flexibleSession',
    method: 'POST',
    path: '/flexible-session',
    resource: 'payments',
    access: billing,
    body: planBody,
    response: sessionAnswer,
    summary: 'A Checkout Session for a flexible plan',
  }),
  route({
    id: 'payments.subscriptionSession',
    method: 'POST',
    path: '/subscription-session',
    resource: 'payments',
    access: billing,
    body: planBody,
    response: sessionAnswer,
    summary: 'A Checkout Session for a subscription plan',
  }),
  route({
    id: 'payments.customerPortalData',
    method: 'GET',
    path: '/customer-portal-data',
    resource: 'payments',
    access: portal,
    query: z.object(forUser).strict(),
    response: z.object({ session: z.object({ url: z.string() }) }),
    summary: "A Customer Portal session for the caller's (or their child's) billing",
  }),
  route({
    id: 'payments.topUpCourse',
    method: 'POST',
    path: '/top-up-course',
    resource: 'payments',
    access: topUp,
    body: z
      .object({
        courseId: idSchema,
        credits: z.number().int('Credits are whole').min(1, 'Top up at least 1 credit').max(100),
        ...forUser,
      })
      .strict(),
    response: sessionAnswer,
    summary: 'A Checkout Session for credits on a credit course',
  }),
];
