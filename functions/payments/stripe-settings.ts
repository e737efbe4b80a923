import * as z from 'zod';
import { config } from '../lib/config';
import { secretSetting } from '../lib/secrets';
import { localStripeSettings } from './local-stripe';

export const stripeSettingsSchema = z.object({
  secretKey: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret (sk_) or restricted (rk_) key'),
  webhookSecret: z.string().regex(/^whsec_\w+$/, "a webhook endpoint's signing secret (whsec_)"),
});
export type StripeSettings = z.infer<typeof stripeSettingsSchema>;

/**
 * A tenant's Stripe settings: its own account's secret key and its webhook endpoint's signing secret. In
 * the cloud an SSM SecureString per tenant (`STRIPE_SETTINGS_PARAMETER_PREFIX/<tenant>/stripe`, read once
 * per container); locally derived for the fake Stripe. Undefined when the school has not set payments up.
 */
export async function stripeSettings(tenant: string): Promise<StripeSettings | undefined> {
  const { STRIPE_LOCAL_KEY, STRIPE_SETTINGS_PARAMETER_PREFIX } = config();
  if (STRIPE_LOCAL_KEY) return localStripeSettings(STRIPE_LOCAL_KEY, tenant);
  if (!STRIPE_SETTINGS_PARAMETER_PREFIX) return undefined;
  const name = `${STRIPE_SETTINGS_PARAMETER_PREFIX}/${tenant}/stripe`;
  const raw = await secretSetting(undefined, name, `Stripe settings of ${tenant}`).catch((error: unknown) => {
    // A school without payments has no parameter: that is "not set up", not a failure.
    if (error instanceof Error && error.name === 'ParameterNotFound') return undefined;
    throw error;
  });
  return raw === undefined ? undefined : stripeSettingsSchema.parse(JSON.parse(raw));
}
