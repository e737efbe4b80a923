import Stripe from 'stripe';
import { AppError, BadRequestError } from '../../shared/http/errors';
import { config } from '../lib/config';
import { type StripeSettings, stripeSettings } from './stripe-settings';

/** How far a webhook's signed timestamp may be from now: Stripe's own default, against replays. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The school has no Stripe account set up: its payment calls and webhooks answer this. */
export class PaymentsNotSetUp extends AppError {
  constructor() {
    super(404, 'Payments are not set up for this school');
  }
}

/** A tenant's settings, or the 404 that says payments are not set up. */
export async function requireStripeSettings(tenant: string): Promise<StripeSettings> {
  const settings = await stripeSettings(tenant);
  if (!settings) throw new PaymentsNotSetUp();
  return settings;
}

const clients = new Map<string, Stripe>();

/**
 * The real Stripe SDK on the tenant's own account: Stripe's API in the cloud, the local stack's fake
 * Stripe locally (STRIPE_API_URL). One client per tenant and key per container.
 */
export async function stripeFor(tenant: string): Promise<Stripe> {
  const { secretKey } = await requireStripeSettings(tenant);
  const cached = clients.get(secretKey);
  if (cached) return cached;
  const api = config().STRIPE_API_URL;
  const url = api ? new URL(api) : undefined;
  const client = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(url
      ? { host: url.hostname, port: url.port, protocol: url.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
  clients.set(secretKey, client);
  return client;
}

/**
 * The event a webhook delivered, if its `stripe-signature` header signs these exact bytes with the
 * tenant's endpoint secret within five minutes; otherwise a 400 (Stripe retries a failed delivery, and an
 * attacker learns nothing more).
 */
export function verifiedStripeEvent(
  raw: string,
  signature: string | undefined,
  secret: string,
): Stripe.Event {
  if (!signature) throw new BadRequestError('The Stripe-Signature header is missing');
  try {
    return Stripe.webhooks.constructEvent(raw, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw new BadRequestError('The Stripe signature does not match this event');
  }
}
