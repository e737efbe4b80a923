import { beforeAll, describe, expect, it } from 'vitest';
import { stripeFor } from '../../../functions/payments/stripe-client';
import { demo } from '../../support/api-client';
import { unique } from '../../support/people';
import { localStackForFile } from '../../support/stack';

/**
 * The premium upgrade (spec 000 section 7, `stripe/premium/...`; issue #18 item 3): its price in the
 * school's money settings, a Checkout Session of purpose PREMIUM_UPGRADE whose payment grants the access,
 * and a visitor's upgrade with their details, whose account is made by sign-up's own rules and cannot take
 * over an existing e-mail's account.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let sam: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
});

const settings = (body: Json) => local.api.call<Json>('tenants.updateMoneySettings', { ...admin, body });
const price = () => local.api.call<Json>('payments.premiumProductPrice', {});

async function settle() {
  await local.stack.stripe.settled();
  await local.stack.events.settled();
}

describe('the premium price', () => {
  it('is not on sale until the school sets it, and is validated as money', async () => {
    expect((await price()).status).toBe(409);
    expect((await local.api.call<Json>('payments.premiumCreateSession', { ...sam, body: {} })).status).toBe(
      409,
    );

    const notAccepted = await settings({
      defaultCurrency: 'USD',
      currencies: ['USD'],
      premiumPrice: { amount: 10, currency: 'EUR' },
    });
    expect(notAccepted.status).toBe(400);
    for (const amount of [0, -5, 1.234]) {
      const refused = await settings({
        defaultCurrency: 'USD',
        currencies: ['USD'],
        premiumPrice: { amount, currency: 'USD' },
      });
      expect(refused.status, `${amount}`).toBe(400);
    }

    const saved = await settings({
      defaultCurrency: 'USD',
      currencies: ['USD', 'SGD'],
      premiumPrice: { amount: 19.9, currency: 'USD' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.premiumPrice).toEqual({ amount: 19.9, currency: 'USD' });
    // A save of the currencies alone (the currency form) keeps the price.
    const currencies = await settings({ defaultCurrency: 'USD', currencies: ['USD', 'SGD', 'EUR'] });
    expect(currencies.body.settings.premiumPrice).toEqual({ amount: 19.9, currency: 'USD' });
    const read = await local.api.call<Json>('tenants.moneySettings', admin);
    expect(read.body.settings.premiumPrice).toEqual({ amount: 19.9, currency: 'USD' });

    // Anyone sees it (a visitor, before signing up).
    const shown = await price();
    expect(shown.status).toBe(200);
    expect(shown.body.price).toEqual({ amount: 19.9, currency: 'USD' });
  });
});

describe('a money settings save', () => {
  const usd = (amount: number) => ({ amount, currency: 'USD' });
  const currencies = { currencies: ['USD', 'SGD', 'EUR'] };
  const stored = async () => (await local.api.call<Json>('tenants.moneySettings', admin)).body.settings;

  it('changes the premium price only when it names it: absent keeps it, null takes it off sale', async () => {
    // Prepare
    expect((await settings({ ...currencies, defaultCurrency: 'USD', premiumPrice: usd(25) })).status).toBe(
      200,
    );

    // Act / Assess: a save without the price keeps it.
    const kept = await settings({ ...currencies, defaultCurrency: 'SGD' });
    expect(kept.body.settings).toEqual({ ...currencies, defaultCurrency: 'SGD', premiumPrice: usd(25) });
    expect((await stored()).premiumPrice).toEqual(usd(25));

    // null takes it off sale.
    const removed = await settings({ ...currencies, defaultCurrency: 'USD', premiumPrice: null });
    expect(removed.status).toBe(200);
    expect(removed.body.settings.premiumPrice).toBeUndefined();
    expect((await stored()).premiumPrice).toBeUndefined();
    expect((await price()).status).toBe(409);

    // A save that stops accepting its currency takes it with it.
    await settings({ ...currencies, defaultCurrency: 'USD', premiumPrice: usd(25) });
    const dropped = await settings({ defaultCurrency: 'SGD', currencies: ['SGD'] });
    expect(dropped.body.settings).toEqual({ defaultCurrency: 'SGD', currencies: ['SGD'] });
    expect((await stored()).premiumPrice).toBeUndefined();
  });

  it('never loses a price set while another admin saves the currencies', async () => {
    for (let pair = 0; pair < 10; pair += 1) {
      // Prepare: off sale.
      await settings({ ...currencies, defaultCurrency: 'USD', premiumPrice: null });

      // Act: one admin sets the price while another changes the default currency.
      const [set, other] = await Promise.all([
        settings({ ...currencies, defaultCurrency: 'USD', premiumPrice: usd(10 + pair) }),
        settings({ ...currencies, defaultCurrency: pair % 2 ? 'SGD' : 'EUR' }),
      ]);

      // Assess
      expect([set.status, other.status]).toEqual([200, 200]);
      expect((await stored()).premiumPrice, `pair ${pair}`).toEqual(usd(10 + pair));
    }
    // The price the upgrade below is sold at.
    await settings({ ...currencies, defaultCurrency: 'USD', premiumPrice: usd(19.9) });
  });
});

describe('a premium upgrade', () => {
  it('is a Checkout Session of purpose PREMIUM_UPGRADE whose payment grants the access', async () => {
    // Act
    const made = await local.api.call<Json>('payments.premiumCreateSession', { ...sam, body: {} });

    // Assess
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const stripe = await stripeFor('demo');
    const session = await stripe.checkout.sessions.retrieve(made.body.stripeSession.id);
    expect(session.metadata).toMatchObject({ purpose: 'PREMIUM_UPGRADE', userId: sam.userId });
    expect(session.amount_total).toBe(1990);
    const paid = await fetch(`${made.body.stripeSession.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await settle();
    const status = await local.api.call<Json>('payments.premiumStatus', {
      ...sam,
      params: { id: sam.userId },
    });
    expect(status.body.premium).toBe(true);
    // Once premium, there is nothing more to buy.
    expect((await local.api.call<Json>('payments.premiumCreateSession', { ...sam, body: {} })).status).toBe(
      409,
    );
  });

  it("with a visitor's details makes their account by sign-up's rules, signed in, and its session", async () => {
    // Prepare
    const email = `premium-${unique()}@example.com`;
    const details = { firstname: 'Pre', lastname: 'Mium', email, password: 'Premium-pass-1' };

    // Act
    const made = await local.api.call<Json>('payments.premiumCreateSessionWithDetails', { body: details });

    // Assess
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.access_token).toEqual(expect.any(String));
    expect(made.body.user).toMatchObject({ email, firstname: 'Pre' });
    expect(made.body.session.url).toEqual(expect.any(String));
    const session = await (await stripeFor('demo')).checkout.sessions.retrieve(made.body.session.id);
    expect(session.metadata).toMatchObject({ purpose: 'PREMIUM_UPGRADE', userId: made.body.user._id });
    const signedIn = await local.api.signIn(email, details.password);
    expect(signedIn.userId).toBe(made.body.user._id);
  });

  it("with an existing e-mail takes over nothing: a 409, no token, no session, the account's password unchanged", async () => {
    for (const email of [demo.student.email, demo.student.email.toUpperCase(), ` ${demo.student.email} `]) {
      const attempt = await local.api.call<Json>('payments.premiumCreateSessionWithDetails', {
        body: { firstname: 'Evil', lastname: 'Twin', email, password: 'Attacker-pass-1' },
      });
      expect([400, 409], JSON.stringify(attempt.body)).toContain(attempt.status);
      expect(attempt.body.access_token).toBeUndefined();
      expect(attempt.body.session).toBeUndefined();
    }
    const owner = await local.api.signIn(demo.student.email, demo.student.password);
    expect(owner.userId).toBe(sam.userId);
    const attacker = await local.api.call<Json>('auth.token', {
      rawBody: new URLSearchParams({
        grant_type: 'password',
        username: demo.student.email,
        password: 'Attacker-pass-1',
      }).toString(),
    });
    expect(attacker.status).toBe(400);
  });

  it('with one e-mail sent 20 times at once makes one account and one session; the others a clear 4xx', async () => {
    // Prepare: twenty visitors' details for one new e-mail, each with its own password
    const email = `race-${unique()}@example.com`;
    const details = (n: number) => ({
      firstname: 'Race',
      lastname: `Visitor ${n}`,
      email,
      password: `Race-pass-${n}-x`,
    });

    // Act: all at once
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        local.api.call<Json>('payments.premiumCreateSessionWithDetails', { body: details(n) }),
      ),
    );

    // Assess: one 201 with its token and session; every other a 409 (the e-mail taken) or a 429 (the
    // throttle), with a message, and no token or session; never a 500
    const made = answers.filter((answer) => answer.status === 201);
    expect(made, JSON.stringify(answers.map((answer) => [answer.status, answer.body.message]))).toHaveLength(
      1,
    );
    const [winner] = made;
    expect(winner?.body.session.url).toEqual(expect.any(String));
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect([409, 429]).toContain(refused.status);
      expect(refused.body.message).toEqual(expect.any(String));
      expect(refused.body.access_token).toBeUndefined();
      expect(refused.body.session).toBeUndefined();
    }
    // The one account is the winner's: its password signs in, and its session is for it
    const index = answers.findIndex((answer) => answer.status === 201);
    const signedIn = await local.api.signIn(email, details(index).password);
    expect(signedIn.userId).toBe(winner?.body.user._id);
    const session = await (await stripeFor('demo')).checkout.sessions.retrieve(winner?.body.session.id);
    expect(session.metadata).toMatchObject({ purpose: 'PREMIUM_UPGRADE', userId: signedIn.userId });
  });
});
