import { setTimeout as sleep } from 'node:timers/promises';
import { TooManyRequestsError } from '../../shared/http/errors';
import {
  claimAttempt,
  clearFailures,
  getFailures,
  recordFailure,
  type ThrottleKind,
} from '../repositories/login-throttles';

/**
 * Sign-in attempts are limited per account and slowed per address, over a 15-minute window:
 * - an account takes at most 5 password checks per window (guessing one password). Each attempt is
 *   counted before its password is checked, in one conditional write, so parallel guesses cannot get more
 *   checks than that; a successful sign-in clears the count.
 * - an address (trying many accounts) is slowed down after 20 failures, never refused: many people sign in
 *   from one address (a school behind one NAT), and one of them guessing must not lock the others out.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES: Record<Extract<ThrottleKind, 'account' | 'address'>, number> = {
  account: 5,
  address: 20,
};
/** The longest an address's sign-in waits: below API Gateway's 29 s, and bearable for a real user. */
export const MAX_ADDRESS_DELAY_MS = 5_000;

/**
 * How long a sign-in from an address with this many failures in its window waits before its password is
 * checked: nothing up to the limit, then one second more per failure, at most MAX_ADDRESS_DELAY_MS.
 */
export function addressDelayMs(failures: number): number {
  const beyond = failures - MAX_FAILURES.address + 1;
  return beyond <= 0 ? 0 : Math.min(beyond * 1_000, MAX_ADDRESS_DELAY_MS);
}

/**
 * Takes one of the account's attempts for this window (or refuses with a 429 when they are used up), and
 * waits as long as the address has earned. Call it before checking the password.
 */
export async function admitSignInAttempt(tenant: string, email: string, address: string): Promise<void> {
  const [claim, addressFailures] = await Promise.all([
    claimAttempt(tenant, 'account', email, MAX_FAILURES.account, LOGIN_WINDOW_MS),
    getFailures(tenant, 'address', address),
  ]);
  if (!claim.claimed) {
    const minutes = Math.max(1, Math.ceil((claim.windowEndsMs - Date.now()) / 60_000));
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
      { retryAfterSeconds: minutes * 60 },
    );
  }
  const delay = addressDelayMs(addressFailures.failures);
  if (delay > 0) await sleep(delay);
}

/** A wrong password: the account's attempt is already counted; the address's failure is counted here. */
export async function countAddressFailure(tenant: string, address: string): Promise<void> {
  await recordFailure(tenant, 'address', address, LOGIN_WINDOW_MS);
}

export async function clearAccountFailures(tenant: string, email: string): Promise<void> {
  await clearFailures(tenant, 'account', email);
}
