import { TooManyRequestsError } from '../../shared/http/errors';
import {
  clearFailures,
  getFailures,
  recordFailure,
  type ThrottleKind,
} from '../repositories/login-throttles';

/**
 * Failed sign-ins are counted per account and per address over a 15-minute window. An account locks
 * after 5 failures (guessing one password), an address after 20 (trying many accounts).
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES: Record<ThrottleKind, number> = { account: 5, address: 20 };

export async function assertNotThrottled(tenant: string, email: string, address: string): Promise<void> {
  const checks = await Promise.all([
    getFailures(tenant, 'account', email).then((f) => ({ kind: 'account' as const, ...f })),
    getFailures(tenant, 'address', address).then((f) => ({ kind: 'address' as const, ...f })),
  ]);
  const blocked = checks.find((check) => check.failures >= MAX_FAILURES[check.kind]);
  if (blocked) {
    const minutes = Math.max(1, Math.ceil((blocked.windowEndsMs - Date.now()) / 60_000));
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`,
      { retryAfterSeconds: minutes * 60 },
    );
  }
}

export async function countFailure(tenant: string, email: string, address: string): Promise<void> {
  await Promise.all([
    recordFailure(tenant, 'account', email, LOGIN_WINDOW_MS),
    recordFailure(tenant, 'address', address, LOGIN_WINDOW_MS),
  ]);
}

export async function clearAccountFailures(tenant: string, email: string): Promise<void> {
  await clearFailures(tenant, 'account', email);
}
