import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStripeSettings } from '../../../functions/payments/local-stripe';
import { reconcileStripeEvents } from '../../../functions/payments/reconcile';
import { stripeFor } from '../../../functions/payments/stripe-client';
import { getStripeEvent } from '../../../functions/repositories/stripe-events';
import { onTransactionCommitted, type TransactItem } from '../../../functions/table/transactions';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();

/** The StripeEventReceived events committed while a test runs (the handlers run in this process). */
let received: string[] = [];
let stopListening: () => void = () => undefined;
beforeEach(() => {
  received = [];
  stopListening = onTransactionCommitted((items: TransactItem[]) => {
    for (const item of items) {
      const put = item.Put?.Item;
      if (put?.type === 'StripeEventReceived') received.push(JSON.parse(String(put.detail)).stripeEventId);
    }
  });
});
afterEach(() => stopListening());

const webhookUrl = (tenant: string) => `${local.stack.apiUrl}/webhooks/stripe/${tenant}`;
const secretOf = (tenant: string) =>
  localStripeSettings(process.env.STRIPE_LOCAL_KEY ?? '', tenant).webhookSecret;

/** Posts a payload to a school's webhook with the given signature header, as Stripe would. */
function postWebhook(tenant: string, payload: string, signature: string | undefined) {
  return fetch(webhookUrl(tenant), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
}

/** A Checkout Session made through the real SDK on the demo school's (fake) account. */
async function checkoutSession() {
  const stripe = await stripeFor('demo');
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: 4500, product_data: { name: '10 lesson credits' } },
      },
    ],
    success_url: 'http://localhost:5173/learning-portal/subscriptions?paymentStatus=success',
    cancel_url: 'http://localhost:5173/learning-portal/subscriptions',
    metadata: { userId: 'demo-parent-1', plan: 'credits-10' },
  });
}

describe('a payment through the local checkout', () => {
  it("reaches the school's webhook signed, and is recorded once with its StripeEventReceived", async () => {
    // Prepare: a session through the real SDK
    const session = await checkoutSession();
    expect(session.url).toMatch(/\/checkout\/demo\/cs_test_/);
    expect(await (await fetch(session.url!)).text()).toContain('Pay 45.00 USD');

    // Act: the payer presses Pay on the hosted page
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    await local.stack.stripe.settled();

    // Assess: back to the school's success page; the completion event recorded, its outbox event written once
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain('paymentStatus=success');
    const completed = local.stack.stripe
      .events('demo')
      .find((event) => event.type === 'checkout.session.completed');
    expect(completed).toBeDefined();
    const recorded = await getStripeEvent('demo', completed!.id);
    expect(recorded).toMatchObject({
      type: 'checkout.session.completed',
      objectId: session.id,
      via: 'webhook',
    });
    expect(JSON.parse(recorded!.payload).data.object.payment_status).toBe('paid');
    expect(received).toEqual([completed!.id]);
    const retrieved = await (await stripeFor('demo')).checkout.sessions.retrieve(session.id);
    expect(retrieved.payment_status).toBe('paid');
  });

  it('records an event delivered ten times at once exactly once', async () => {
    // Prepare: a completed payment, its webhook already delivered
    const session = await checkoutSession();
    await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    await local.stack.stripe.settled();
    const event = local.stack.stripe.events('demo').at(-1)!;
    received = [];

    // Act: Stripe retries it ten times, all at the same moment
    await Promise.all(Array.from({ length: 10 }, () => local.stack.stripe.redeliver('demo', event.id)));

    // Assess: every delivery answered (Stripe stops retrying), nothing more written
    expect(received).toEqual([]);
    expect(await getStripeEvent('demo', event.id)).toMatchObject({ eventId: event.id });
  });
});

describe("the webhook's signature check", () => {
  const event = () => ({
    id: `evt_${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`,
    object: 'event',
    type: 'charge.refunded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: 'ch_1', object: 'charge', amount_refunded: 4500 } },
  });

  it('takes a correctly signed event', async () => {
    const payload = JSON.stringify(event());
    const answer = await postWebhook(
      'demo',
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: secretOf('demo') }),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, recorded: true });
  });

  it('refuses, with a 400 and nothing recorded, a changed body, another secret, an old signature or none', async () => {
    const cases: Array<[string, (payload: string) => { body: string; signature: string | undefined }]> = [
      [
        'a body changed after signing',
        (payload) => ({
          body: payload.replace('4500', '1'),
          signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: secretOf('demo') }),
        }),
      ],
      [
        "another school's secret",
        (payload) => ({
          body: payload,
          signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: secretOf('northwind') }),
        }),
      ],
      [
        'a signature ten minutes old (a replay)',
        (payload) => ({
          body: payload,
          signature: Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: secretOf('demo'),
            timestamp: Math.floor(Date.now() / 1000) - 600,
          }),
        }),
      ],
      ['no signature', (payload) => ({ body: payload, signature: undefined })],
    ];
    for (const [name, make] of cases) {
      const sent = event();
      const { body, signature } = make(JSON.stringify(sent));
      const answer = await postWebhook('demo', body, signature);
      expect(answer.status, name).toBe(400);
      expect((await answer.json()).message, name).toMatch(/Stripe(-Signature| signature)/);
      expect(await getStripeEvent('demo', sent.id), name).toBeUndefined();
    }
    expect(received).toEqual([]);
  });

  it('answers 404 for a school that does not exist', async () => {
    const payload = JSON.stringify(event());
    const answer = await postWebhook('no-such-school', payload, 't=1,v1=00');
    expect(answer.status).toBe(404);
  });
});

describe('the daily reconciliation', () => {
  it('records the events whose webhook never arrived, once, and reads from where it stopped', async () => {
    // Prepare: a payment whose webhook is lost (Stripe could not reach the school)
    local.stack.stripe.setDelivery(false);
    let lost: string;
    try {
      const session = await checkoutSession();
      await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
      lost = local.stack.stripe.events('demo').at(-1)!.id;
    } finally {
      local.stack.stripe.setDelivery(true);
    }
    expect(await getStripeEvent('demo', lost)).toBeUndefined();

    // Act: the schedule ticks (its rule, through the local bus and the event pipeline)
    local.stack.bus.triggerSchedule('stripe-reconcile');
    await local.stack.bus.idle();

    // Assess: recorded as reconciliation found it, with its StripeEventReceived; the bus run succeeded
    expect(await getStripeEvent('demo', lost)).toMatchObject({ via: 'reconciliation' });
    expect(received).toContain(lost);
    const runs = local.stack.bus.deliveries.filter((delivery) => delivery.rule === 'stripe-reconcile');
    expect(runs.at(-1)).toMatchObject({ ok: true });

    // Act again: a second run finds every event already recorded
    received = [];
    const again = await reconcileStripeEvents('demo');
    expect(again.recovered).toBe(0);
    expect(again.listed).toBeGreaterThan(0);
    expect(received).toEqual([]);
  });
});
