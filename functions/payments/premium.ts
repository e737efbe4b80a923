import { ConflictError } from '../../shared/http/errors';
import type { Money } from '../../shared/money/money';
import { moneySettings } from '../../shared/money/settings';
import type { Tenant } from '../../shared/schemas/tenant';
import type { SignUpBody } from '../../shared/schemas/user';
import { signUpAccount } from '../auth/service';
import { getLpAccess } from '../repositories/usage';
import type { UserRecord } from '../repositories/users';
import { tokenResponse } from '../users/service';
import { checkoutSession } from './checkout';

/**
 * The premium upgrade (spec 000 section 7, `stripe/premium/...`): the learning platform's full access, sold
 * at the price the school sets in its money settings (shared/money/settings.ts), through a Checkout Session
 * of purpose PREMIUM_UPGRADE; its payment grants the access (functions/payments/apply-stripe-event.ts).
 */

export const PREMIUM_NAME = 'Premium learning platform access';

/** The premium price, or a 409 when the school does not sell it. */
export function premiumPrice(tenant: Tenant): Money {
  const price = moneySettings(tenant.settings?.money).premiumPrice;
  if (!price) throw new ConflictError('Premium access is not on sale at this school');
  return price;
}

/** A premium upgrade's Checkout Session for a payer who has no premium access yet (a 409 otherwise). */
export async function premiumSession(tenant: Tenant, payer: UserRecord) {
  const price = premiumPrice(tenant);
  if (await getLpAccess(tenant.key, payer._id)) throw new ConflictError('You already have premium access');
  return checkoutSession({
    tenant,
    payer,
    purpose: 'PREMIUM_UPGRADE',
    name: PREMIUM_NAME,
    unitPrice: price,
    ids: {},
    returnPath: '/',
  });
}

/**
 * POST stripe/premium/createSessionWithDetails: a visitor gives their details and pays for premium in one
 * go. Their account is made by sign-up's own rules and write (signUpAccount: an e-mail already taken is a
 * 409, so an attacker who gives someone's e-mail gets neither a token nor a session of that account), then
 * the session is made for it. Answers the sign-up's token, the user and the session (`session.url`).
 * Decided here: the price is checked before the account is made (nothing on sale, no account); should the
 * payment provider fail after, the account stands and its owner upgrades from the signed-in screen.
 */
export async function premiumSessionWithDetails(tenant: Tenant, details: SignUpBody) {
  premiumPrice(tenant);
  const user = await signUpAccount(tenant.key, details);
  const token = await tokenResponse(tenant.key, user);
  const session = await premiumSession(tenant, user);
  return { ...token, user: token.oauthUser, session };
}
