import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StripeSettings } from './stripe-settings';

const PREFIX = 'sk_test_local_';

/**
 * A tenant's Stripe keys on this machine: derived from the local stack's key, so the functions and the
 * fake Stripe (infra/local/fake-stripe.ts) agree on them without storing any. Test-mode shaped (`sk_test_`,
 * `whsec_`), as the real SDK expects.
 */
export function localStripeSettings(localKey: string, tenant: string): StripeSettings {
  const digest = createHmac('sha256', localKey).update(tenant).digest('hex');
  return {
    secretKey: `${PREFIX}${tenant}_${digest.slice(0, 24)}`,
    webhookSecret: `whsec_${digest.slice(24)}`,
  };
}

/** The tenant a local secret key belongs to, or undefined for a key this machine did not derive. */
export function tenantOfLocalKey(localKey: string, secretKey: string): string | undefined {
  if (!secretKey.startsWith(PREFIX)) return undefined;
  const tenant = secretKey.slice(PREFIX.length, secretKey.lastIndexOf('_'));
  if (!tenant) return undefined;
  const expected = Buffer.from(localStripeSettings(localKey, tenant).secretKey);
  const given = Buffer.from(secretKey);
  return expected.length === given.length && timingSafeEqual(expected, given) ? tenant : undefined;
}
