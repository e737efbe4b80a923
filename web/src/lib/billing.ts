import type { AuthUser } from '../../../shared/schemas/user';
import { storageKeys } from '../config/storage-keys';

/**
 * The student billing screens' own rules (issue #18 item 7): who a family member pays for, how a plan's
 * length reads, and what a page coming back from the checkout waits for. Pure, except the two functions
 * that keep a payment's wait in session storage.
 */

export interface Payer {
  /** Undefined: the signed-in account itself (the calls then send no userId). */
  userId: string | undefined;
  name: string;
}

/**
 * Whom the signed-in account pays for: a parent for each child on their user-mapper (the server holds every
 * call to the same rule: functions/access/family.ts), anyone else for themselves. A parent with no child
 * linked yet pays for themselves.
 */
export function payerChoices(
  user: Pick<AuthUser, '_id' | 'type' | 'firstname' | 'lastname' | 'userMapper'>,
): Payer[] {
  const children =
    user.type === 'parent' ? (user.userMapper?.users ?? []).filter((linked) => linked._id !== user._id) : [];
  if (children.length === 0) return [{ userId: undefined, name: `${user.firstname} ${user.lastname}` }];
  return children.map((child) => ({ userId: child._id, name: `${child.firstname} ${child.lastname}` }));
}

/** The payer a page shows: the one named in its address if it is a choice, else the first. */
export function chosenPayer(choices: readonly Payer[], named: string | null): Payer | undefined {
  return choices.find((payer) => payer.userId !== undefined && payer.userId === named) ?? choices[0];
}

const unitNames: Record<string, [string, string]> = {
  MINUTES: ['minute', 'minutes'],
  HOURS: ['hour', 'hours'],
  DAYS: ['day', 'days'],
  WEEKS: ['week', 'weeks'],
  MONTHS: ['month', 'months'],
  YEARS: ['year', 'years'],
};

function count(amount: number, unit: string): string {
  const [one, many] = unitNames[unit] ?? [unit.toLowerCase(), unit.toLowerCase()];
  return `${amount} ${amount === 1 ? one : many}`;
}

/**
 * How long a plan lasts or how often it bills: a flexible plan of minutes reads in hours when whole
 * ("10 hours of lessons"), a subscription as its period ("every month", "every 3 months").
 */
export function planTerm(plan: {
  planType: 'FLEXIBLE' | 'SUBSCRIPTION';
  duration: number;
  durationUnit: string;
}): string {
  if (plan.planType === 'SUBSCRIPTION') {
    return plan.duration === 1
      ? `every ${count(1, plan.durationUnit).replace(/^1 /, '')}`
      : `every ${count(plan.duration, plan.durationUnit)}`;
  }
  if (plan.durationUnit === 'MINUTES') {
    const hours = plan.duration / 60;
    return Number.isInteger(hours)
      ? `${count(hours, 'HOURS')} of lessons`
      : `${count(plan.duration, 'MINUTES')} of lessons`;
  }
  return `lasts ${count(plan.duration, plan.durationUnit)}`;
}

/**
 * A payment on its way through the checkout: whom it is for, and how many records of its kind the page
 * coming back should see once the webhook's consumer has written it (payments in the payer's history, or
 * credits on a course). The consumer runs after the webhook, so the page reads until it sees them.
 */
export type PendingPayment =
  | { kind: 'plan'; userId: string | undefined; paymentsBefore: number }
  | { kind: 'credits'; userId: string | undefined; courseId: string; creditsBefore: number; bought: number };

/** Whether what the page now reads shows the pending payment landed. */
export function paymentLanded(
  pending: PendingPayment,
  now: { payments?: number | undefined; credits?: number | undefined },
): boolean {
  return pending.kind === 'plan'
    ? now.payments !== undefined && now.payments > pending.paymentsBefore
    : now.credits !== undefined && now.credits >= pending.creditsBefore + pending.bought;
}

/** Reads a kept payment back; anything else in the slot (another version's, a hand edit) is no payment. */
export function parsePendingPayment(text: string | null): PendingPayment | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('kind' in value)) return undefined;
    const userId = 'userId' in value && typeof value.userId === 'string' ? value.userId : undefined;
    if (value.kind === 'plan' && 'paymentsBefore' in value && typeof value.paymentsBefore === 'number') {
      return { kind: 'plan', userId, paymentsBefore: value.paymentsBefore };
    }
    if (
      value.kind === 'credits' &&
      'courseId' in value &&
      typeof value.courseId === 'string' &&
      'creditsBefore' in value &&
      typeof value.creditsBefore === 'number' &&
      'bought' in value &&
      typeof value.bought === 'number'
    ) {
      return {
        kind: 'credits',
        userId,
        courseId: value.courseId,
        creditsBefore: value.creditsBefore,
        bought: value.bought,
      };
    }
  } catch {
    // Not JSON: no payment.
  }
  return undefined;
}

/** Keeps the payment's wait for the page it comes back to (this tab only: session storage). */
export function keepPendingPayment(pending: PendingPayment): void {
  sessionStorage.setItem(storageKeys.pendingPayment, JSON.stringify(pending));
}

/** The payment this tab is waiting for, if any. */
export function pendingPayment(): PendingPayment | undefined {
  return parsePendingPayment(sessionStorage.getItem(storageKeys.pendingPayment));
}

export function forgetPendingPayment(): void {
  sessionStorage.removeItem(storageKeys.pendingPayment);
}
