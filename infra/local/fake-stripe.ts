import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parse as parseForm } from 'qs';
import Stripe from 'stripe';
import * as z from 'zod';
import { localStripeSettings, tenantOfLocalKey } from '../../functions/payments/local-stripe';
import { closeServer } from './http-gateway';
import { LOOPBACK, listenOn } from './listen';

/**
 * A fake of the part of Stripe's API the platform uses, so the whole payment flow runs on this machine
 * through the real SDK (pointed here by STRIPE_API_URL) and the real signature check: Checkout Sessions
 * with a hosted page that completes or cancels them, the events that follows (signed with the tenant's
 * endpoint secret and posted to its webhook, retried like Stripe's), the events list reconciliation reads,
 * customers and the Customer Portal. Each tenant is its own account, told by its secret key
 * (functions/payments/local-stripe.ts). State is kept in `stateFile`, so `npm start` keeps it.
 */

const stripeObject = z.looseObject({ id: z.string(), object: z.string() });
type StripeObject = z.infer<typeof stripeObject>;
const fakeStripeState = z.object({
  accounts: z.record(
    z.string(),
    z.object({
      objects: z.record(z.string(), stripeObject),
      /** Oldest first. */
      events: z.array(stripeObject),
    }),
  ),
});
type FakeStripeState = z.infer<typeof fakeStripeState>;
type Account = FakeStripeState['accounts'][string];

/** What the fake reads of a Checkout Session's form parameters (Stripe's encoding, parsed by qs). */
const lineItems = z
  .array(
    z.object({
      quantity: z.coerce.number().int().positive().default(1),
      price_data: z
        .object({ currency: z.string(), unit_amount: z.coerce.number().int().nonnegative() })
        .partial(),
    }),
  )
  .catch([]);
const eventListParams = z.object({
  created: z.object({ gte: z.coerce.number().int() }).partial().optional().catch(undefined),
  limit: z.coerce.number().int().min(1).max(100).catch(10),
  starting_after: z.string().optional().catch(undefined),
});

/** Stripe's webhook retries are spread over days; here a few quick ones, enough for a restart of the API. */
const DELIVERY_ATTEMPTS = 5;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  /** The key the tenants' test keys are derived from (the functions' STRIPE_LOCAL_KEY). */
  localKey: string;
  /** Where each tenant's webhook is: the local API's `/webhooks/stripe/<tenant>`. */
  webhookUrl: (tenant: string) => string;
  stateFile?: string;
  /** Post events to the webhooks as they happen (tests turn it off to deliver by hand). */
  deliver?: boolean;
}

export async function startFakeStripe(options: FakeStripeOptions) {
  const state: FakeStripeState = options.stateFile
    ? await readFile(options.stateFile, 'utf8')
        .then((text) => fakeStripeState.parse(JSON.parse(text)))
        .catch(() => ({ accounts: {} }))
    : { accounts: {} };
  let deliverEvents = options.deliver ?? true;
  const pending = new Set<Promise<void>>();

  const accountOf = (tenant: string): Account => {
    state.accounts[tenant] ??= { objects: {}, events: [] };
    return state.accounts[tenant];
  };
  const save = async () => {
    if (options.stateFile) await writeFile(options.stateFile, JSON.stringify(state));
  };

  /** Signs and posts one event to the tenant's webhook, retrying a failed delivery. */
  async function post(tenant: string, event: StripeObject): Promise<void> {
    const payload = JSON.stringify(event);
    const { webhookSecret } = localStripeSettings(options.localKey, tenant);
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      const answer = await fetch(options.webhookUrl(tenant), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).catch(() => undefined);
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  function emit(tenant: string, type: string, object: StripeObject, created = now()): StripeObject {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    accountOf(tenant).events.push(event);
    if (deliverEvents) {
      const delivery = post(tenant, event).finally(() => pending.delete(delivery));
      pending.add(delivery);
    }
    return event;
  }

  function checkoutSession(tenant: string, params: Record<string, unknown>): StripeObject {
    const id = newId('cs_test');
    const lines = lineItems.parse(params.line_items);
    const amount = lines.reduce((sum, line) => sum + (line.price_data.unit_amount ?? 0) * line.quantity, 0);
    const firstLine = lines[0];
    const session: StripeObject = {
      id,
      object: 'checkout.session',
      mode: params.mode ?? 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency: firstLine?.price_data?.currency ?? 'usd',
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      payment_intent: null,
      subscription: null,
      created: now(),
      expires_at: now() + 24 * 3600,
      url: `${baseUrl}/checkout/${tenant}/${id}`,
      livemode: false,
    };
    accountOf(tenant).objects[id] = session;
    return session;
  }

  /** The hosted page's Pay: the session paid (and, in subscription mode, its subscription active). */
  function complete(tenant: string, session: StripeObject): void {
    const account = accountOf(tenant);
    const customer = typeof session.customer === 'string' ? session.customer : newId('cus');
    account.objects[customer] ??= {
      id: customer,
      object: 'customer',
      email: session.customer_email,
      created: now(),
    };
    session.customer = customer;
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') {
      const subscription: StripeObject = {
        id: newId('sub'),
        object: 'subscription',
        status: 'active',
        customer,
        metadata: session.metadata,
        current_period_start: now(),
        current_period_end: now() + 30 * 24 * 3600,
        created: now(),
        cancel_at_period_end: false,
      };
      account.objects[subscription.id] = subscription;
      session.subscription = subscription.id;
      emit(tenant, 'customer.subscription.created', subscription);
    } else {
      const intent: StripeObject = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        customer,
        status: 'succeeded',
        metadata: session.metadata,
        created: now(),
      };
      account.objects[intent.id] = intent;
      session.payment_intent = intent.id;
    }
    emit(tenant, 'checkout.session.completed', session);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('fake Stripe error', error);
      if (!response.headersSent) stripeError(response, 500, 'api_error', 'The fake Stripe failed');
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const page = /^\/checkout\/([^/]+)\/(cs_test_[0-9a-f]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (page) return checkoutPage(response, method, page[1]!, page[2]!, page[3]);

    const key = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const tenant = key ? tenantOfLocalKey(options.localKey, key) : undefined;
    if (!tenant) return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided');
    const account = accountOf(tenant);
    const params = parseForm(method === 'GET' ? url.search.slice(1) : await readText(request));

    const path = url.pathname;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = checkoutSession(tenant, params);
      await save();
      return json(response, 200, session);
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StripeObject = { id: newId('cus'), object: 'customer', created: now(), ...params };
      account.objects[customer.id] = customer;
      await save();
      return json(response, 200, customer);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const portal: StripeObject = {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: typeof params.return_url === 'string' ? params.return_url : baseUrl,
        created: now(),
      };
      return json(response, 200, portal);
    }
    if (method === 'GET' && path === '/v1/events') {
      const listing = eventListParams.parse(params);
      const since = listing.created?.gte ?? 0;
      const limit = listing.limit;
      // Newest first, as Stripe lists them; `starting_after` pages towards older ones.
      const newestFirst = account.events.filter((event) => Number(event.created) >= since).reverse();
      const after = listing.starting_after;
      const start = after ? newestFirst.findIndex((event) => event.id === after) + 1 : 0;
      const data = newestFirst.slice(start, start + limit);
      return json(response, 200, {
        object: 'list',
        url: '/v1/events',
        has_more: start + limit < newestFirst.length,
        data,
      });
    }
    const eventId = method === 'GET' ? /^\/v1\/events\/(evt_[0-9a-f]+)$/.exec(path)?.[1] : undefined;
    if (eventId) {
      const event = account.events.find((candidate) => candidate.id === eventId);
      return event ? json(response, 200, event) : notFound(response, eventId);
    }
    const objectId =
      method === 'GET'
        ? /^\/v1\/(?:checkout\/sessions|customers|subscriptions|payment_intents)\/(\w+)$/.exec(path)?.[1]
        : undefined;
    if (objectId) {
      const object = account.objects[objectId];
      return object ? json(response, 200, object) : notFound(response, objectId);
    }
    return stripeError(
      response,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path})`,
    );
  }

  /** The hosted checkout: the amount and two buttons; paying or cancelling goes back to the school's page. */
  async function checkoutPage(
    response: ServerResponse,
    method: string,
    tenant: string,
    id: string,
    action: string | undefined,
  ) {
    const session = state.accounts[tenant]?.objects[id];
    if (!session) return html(response, 404, '<h1>No such checkout session</h1>');
    if (method === 'POST' && action && session.status === 'open') {
      if (action === 'pay') complete(tenant, session);
      else session.status = 'expired';
      await save();
      const back = action === 'pay' ? session.success_url : session.cancel_url;
      const target = typeof back === 'string' ? back.replace('{CHECKOUT_SESSION_ID}', id) : baseUrl;
      response.writeHead(303, { location: target });
      return response.end();
    }
    const amount = `${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    return html(
      response,
      200,
      `<main><p class="test">Test mode: the local stack's fake Stripe</p><h1>Pay ${amount}</h1>
<p>Session ${id} is ${String(session.status)}.</p>
${
  session.status === 'open'
    ? `<form method="post" action="/checkout/${tenant}/${id}/pay"><button>Pay ${amount}</button></form>
<form method="post" action="/checkout/${tenant}/${id}/cancel"><button class="secondary">Cancel</button></form>`
    : ''
}</main>`,
    );
  }

  const host = options.host ?? LOOPBACK;
  const port = await listenOn(server, options.port ?? 0, host);
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    /** A tenant's events, oldest first (tests). */
    events: (tenant: string) => [...accountOf(tenant).events],
    /**
     * An event on a tenant's account about `object`, listed and delivered like the others (tests: what the
     * fake's own pages do not make, such as a renewal's invoice, a refund or a dispute, and events of one
     * object stamped with chosen times). The object is kept as the account's latest of its id.
     */
    emit: (tenant: string, type: string, object: StripeObject, created?: number) => {
      accountOf(tenant).objects[object.id] = object;
      return emit(tenant, type, object, created);
    },
    /** Posts an event to its tenant's webhook again (tests: duplicates and out-of-order deliveries). */
    redeliver: (tenant: string, eventId: string) => {
      const event = accountOf(tenant).events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return post(tenant, event);
    },
    /** Stops (or resumes) posting events as they happen: a webhook that never arrives. */
    setDelivery: (on: boolean) => {
      deliverEvents = on;
    },
    /** Waits for the deliveries under way. */
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    close: async () => {
      await Promise.all([...pending]);
      await closeServer(server);
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, type: string, message: string) {
  json(response, status, { error: { type, message } });
}

function notFound(response: ServerResponse, id: string) {
  stripeError(response, 404, 'invalid_request_error', `No such object: '${id}'`);
}

function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (test)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}main{max-width:420px;margin:64px auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:24px}
.test{background:#fff4e5;color:#8a4b00;padding:4px 8px;border-radius:4px;font-size:13px;display:inline-block}
button{width:100%;padding:12px;margin-top:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:16px;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1a1f36}</style></head><body>${body}</body></html>`);
}
