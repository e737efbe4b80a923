import { expect } from 'vitest';
import { stripeFor } from '../../functions/payments/stripe-client';
import { type PaymentRecord, payments, putStripeObjectState } from '../../functions/repositories/payments';
import type { startLocalStack } from '../../infra/local/stack';
import type { Money } from '../../shared/money/money';
import type { apiClient, CallOptions } from './api-client';
import { unique } from './people';

/** What the payment helpers wait on: the fake Stripe's webhook posts and the event pipeline. */
type PaymentStack = Pick<Awaited<ReturnType<typeof startLocalStack>>, 'stripe' | 'events'>;
type Api = ReturnType<typeof apiClient>;

/** An amount in minor units, as the ledger and the payment records keep it. */
export const usd = (minor: number): Money => ({ minor, currency: 'USD' });

/** Everything a payment sets under way: the fake's webhook posts, the stream, the bus and its retries. */
export async function settlePayments(stack: PaymentStack) {
  await stack.stripe.settled();
  await stack.events.settled();
}

/**
 * A Checkout Session made through the real SDK on the school's (fake) Stripe account with the platform's
 * metadata, paid on the hosted page and applied: what a payer does on the local checkout. Answers the
 * completed session and its payment intent.
 */
export async function payThroughCheckout(
  stack: PaymentStack,
  metadata: Record<string, string>,
  options: { tenant?: string; unitAmount?: number; mode?: 'payment' | 'subscription' } = {},
) {
  const { tenant = 'demo', unitAmount = 4500, mode = 'payment' } = options;
  const stripe = await stripeFor(tenant);
  const session = await stripe.checkout.sessions.create({
    mode,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: unitAmount,
          product_data: { name: 'Lessons' },
          ...(mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
        },
      },
    ],
    success_url: 'http://localhost:5173/learning-portal/subscriptions?paymentStatus=success',
    cancel_url: 'http://localhost:5173/learning-portal/subscriptions',
    ...(metadata.userId ? { client_reference_id: metadata.userId } : {}),
    metadata: { tenant, ...metadata },
  });
  const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  await settlePayments(stack);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  return { session: completed, paymentIntent: String(completed.payment_intent) };
}

/** A flexible-plan payment of `unitAmount` cents by `userId` through the local checkout. */
export const payFlexiblePlan = (stack: PaymentStack, userId: string, unitAmount: number) =>
  payThroughCheckout(stack, { purpose: 'FLEXIBLE', userId, planId: 'plan-flex-10h' }, { unitAmount });

/** A payment row written straight to the history, as the webhook consumer would have recorded it. */
export async function recordPayment(
  tenant: string,
  payment: Pick<PaymentRecord, 'userId' | 'amount'> & Partial<PaymentRecord>,
): Promise<PaymentRecord> {
  const id = payment._id ?? `pay-${unique()}`;
  const record: PaymentRecord = {
    _id: id,
    kind: 'PAYMENT',
    paymentType: 'SUBSCRIPTION',
    description: 'Monthly plan',
    planId: 'plan-sub-monthly',
    stripe: { eventId: `evt-${id}`, objectId: `in-${id}` },
    createdAt: new Date().toISOString(),
    ...payment,
  };
  await payments.put(tenant, record);
  return record;
}

/** A monthly plan of `userId`'s, active until 2031, as the webhook consumer would have recorded it. */
export async function recordSubscription(tenant: string, userId: string, objectId = `sub_${unique()}`) {
  await putStripeObjectState(tenant, {
    objectId,
    objectType: 'subscription',
    userId,
    paymentType: 'SUBSCRIPTION',
    status: 'active',
    planId: 'plan-sub-monthly',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2031-01-01T00:00:00.000Z',
    version: '000000000001#0#evt',
    eventId: 'evt',
    updatedAt: new Date().toISOString(),
  });
  return objectId;
}

/** Sets a tutor's own one-to-one rate (per hour, in force since 2020), as the admin's tutor-rates tab does. */
export async function setOwnTutorRate(
  api: Pick<Api, 'call'>,
  admin: Pick<CallOptions, 'token'>,
  tutorId: string,
  perHour: number,
) {
  const answer = await api.call('one-to-one-tutor-rates.setOwn', {
    ...admin,
    params: { userId: tutorId },
    body: { rates: [{ rate: { amount: perHour, currency: 'USD' }, effectiveFrom: '2020-01-01T00:00:00Z' }] },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
