import { describe, expect, it } from 'vitest';
import { chosenPayer, parsePendingPayment, payerChoices, paymentLanded, planTerm } from './billing';

const person = (id: string, firstname: string) => ({
  _id: id,
  firstname,
  lastname: 'Doe',
  email: `${id}@x.test`,
});

describe('payerChoices', () => {
  it('offers a parent each child on their user-mapper, not themselves', () => {
    const parent = {
      ...person('parent', 'Pat'),
      type: 'parent' as const,
      userMapper: {
        _id: 'm',
        users: [person('parent', 'Pat'), person('sam', 'Sam'), person('maya', 'Maya')],
      },
    };
    expect(payerChoices(parent)).toEqual([
      { userId: 'sam', name: 'Sam Doe' },
      { userId: 'maya', name: 'Maya Doe' },
    ]);
  });

  it('has a student, or a parent with no child linked yet, pay for themselves', () => {
    expect(payerChoices({ ...person('sam', 'Sam'), type: 'student' as const })).toEqual([
      { userId: undefined, name: 'Sam Doe' },
    ]);
    const alone = {
      ...person('p', 'Pat'),
      type: 'parent' as const,
      userMapper: { _id: 'm', users: [person('p', 'Pat')] },
    };
    expect(payerChoices(alone)).toEqual([{ userId: undefined, name: 'Pat Doe' }]);
  });

  it('picks the named child if it is a choice, else the first', () => {
    const choices = [
      { userId: 'sam', name: 'Sam' },
      { userId: 'maya', name: 'Maya' },
    ];
    expect(chosenPayer(choices, 'maya')?.userId).toBe('maya');
    expect(chosenPayer(choices, 'someone-else')?.userId).toBe('sam');
    expect(chosenPayer(choices, null)?.userId).toBe('sam');
    expect(chosenPayer([{ userId: undefined, name: 'Me' }], 'sam')?.userId).toBeUndefined();
  });
});

describe('planTerm', () => {
  it('reads flexible minutes in whole hours, or in minutes', () => {
    expect(planTerm({ planType: 'FLEXIBLE', duration: 600, durationUnit: 'MINUTES' })).toBe(
      '10 hours of lessons',
    );
    expect(planTerm({ planType: 'FLEXIBLE', duration: 60, durationUnit: 'MINUTES' })).toBe(
      '1 hour of lessons',
    );
    expect(planTerm({ planType: 'FLEXIBLE', duration: 90, durationUnit: 'MINUTES' })).toBe(
      '90 minutes of lessons',
    );
    expect(planTerm({ planType: 'FLEXIBLE', duration: 1, durationUnit: 'MONTHS' })).toBe('lasts 1 month');
  });

  it('reads a subscription as its billing period', () => {
    expect(planTerm({ planType: 'SUBSCRIPTION', duration: 1, durationUnit: 'MONTHS' })).toBe('every month');
    expect(planTerm({ planType: 'SUBSCRIPTION', duration: 3, durationUnit: 'MONTHS' })).toBe(
      'every 3 months',
    );
    expect(planTerm({ planType: 'SUBSCRIPTION', duration: 1, durationUnit: 'YEARS' })).toBe('every year');
  });
});

describe('a payment on its way back from the checkout', () => {
  it('has landed once the history has one more payment', () => {
    const pending = { kind: 'plan' as const, userId: 'sam', paymentsBefore: 2 };
    expect(paymentLanded(pending, { payments: undefined })).toBe(false);
    expect(paymentLanded(pending, { payments: 2 })).toBe(false);
    expect(paymentLanded(pending, { payments: 3 })).toBe(true);
  });

  it('has landed once the course holds the credits bought on top of those it had', () => {
    const pending = {
      kind: 'credits' as const,
      userId: undefined,
      courseId: 'c',
      creditsBefore: 1,
      bought: 3,
    };
    expect(paymentLanded(pending, { credits: 1 })).toBe(false);
    expect(paymentLanded(pending, { credits: 4 })).toBe(true);
    expect(paymentLanded(pending, { payments: 9 })).toBe(false);
  });

  it('is read back only from what was kept, nothing else', () => {
    const kept = { kind: 'credits', userId: 'sam', courseId: 'c', creditsBefore: 0, bought: 2 };
    expect(parsePendingPayment(JSON.stringify(kept))).toEqual(kept);
    expect(parsePendingPayment(JSON.stringify({ kind: 'plan', paymentsBefore: 4 }))).toEqual({
      kind: 'plan',
      userId: undefined,
      paymentsBefore: 4,
    });
    expect(parsePendingPayment(null)).toBeUndefined();
    expect(parsePendingPayment('not json')).toBeUndefined();
    expect(parsePendingPayment(JSON.stringify({ kind: 'credits', courseId: 'c' }))).toBeUndefined();
    expect(parsePendingPayment('42')).toBeUndefined();
  });
});
