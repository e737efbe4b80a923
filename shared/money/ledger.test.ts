import { describe, expect, it } from 'vitest';
import {
  accountId,
  accountKindOf,
  accountKindOfId,
  canUseCredits,
  creditBalance,
  creditsBought,
  drawsPlanMinutes,
  ledgerEntryId,
  lessonMinutes,
  minuteBalance,
  moneyBalance,
  notEnoughMinutesMessage,
  refundIncrement,
  signedCreditEntry,
  signedMinuteEntry,
  signedMoneyEntry,
} from './ledger';
import { type Money, MoneyError } from './money';

const usd = (minor: number): Money => ({ minor, currency: 'USD' });
const sgd = (minor: number): Money => ({ minor, currency: 'SGD' });

describe('ledger entries', () => {
  it('are named by their cause only, so the same cause names the same entry', () => {
    expect(ledgerEntryId('PAYMENT', 'cs_test_1')).toBe('PAYMENT:cs_test_1');
    expect(ledgerEntryId('USE', 'lesson-1', 'student-1')).toBe(ledgerEntryId('USE', 'lesson-1', 'student-1'));
    expect(ledgerEntryId('USE', 'lesson-1', 'student-1')).not.toBe(
      ledgerEntryId('RETURN', 'lesson-1', 'student-1'),
    );
    expect(() => ledgerEntryId('PAYMENT')).toThrow(MoneyError);
    expect(() => ledgerEntryId('PAYMENT', '')).toThrow(MoneyError);
  });

  it('belong to the money or the credits account by kind', () => {
    expect(accountKindOf('PAYMENT')).toBe('MONEY');
    expect(accountKindOf('DISPUTE_WON')).toBe('MONEY');
    expect(accountKindOf('ADJUSTMENT')).toBe('MONEY');
    expect(accountKindOf('TOPUP')).toBe('CREDITS');
    expect(accountKindOf('USE')).toBe('CREDITS');
    expect(accountId({ kind: 'MONEY', userId: 'u1' })).toBe('MONEY#u1');
    expect(accountId({ kind: 'CREDITS', userId: 'u1', courseId: 'c1' })).toBe('CREDITS#u1#c1');
  });

  it('sign money by kind: a payment adds, a refund and an open dispute take away, a won dispute gives back', () => {
    expect(signedMoneyEntry('PAYMENT', usd(4500))).toEqual(usd(4500));
    expect(signedMoneyEntry('REFUND', usd(1000))).toEqual(usd(-1000));
    expect(signedMoneyEntry('DISPUTE', usd(4500))).toEqual(usd(-4500));
    expect(signedMoneyEntry('DISPUTE_WON', usd(4500))).toEqual(usd(4500));
    expect(signedMoneyEntry('ADJUSTMENT', usd(250), 'ADDITION')).toEqual(usd(250));
    expect(signedMoneyEntry('ADJUSTMENT', usd(250), 'DEDUCTION')).toEqual(usd(-250));
    expect(signedMoneyEntry('REFUND', usd(0))).toEqual(usd(0));
  });

  it('refuse a negative amount or an adjustment without its way', () => {
    expect(() => signedMoneyEntry('PAYMENT', usd(-1))).toThrow(MoneyError);
    expect(() => signedMoneyEntry('ADJUSTMENT', usd(1))).toThrow(MoneyError);
  });

  it('sign credits by kind, whole and positive only', () => {
    expect(signedCreditEntry('TOPUP', 10)).toBe(10);
    expect(signedCreditEntry('ENROLMENT', 4)).toBe(4);
    expect(signedCreditEntry('USE', 1)).toBe(-1);
    expect(signedCreditEntry('RETURN', 1)).toBe(1);
    expect(signedCreditEntry('REVERSAL', 10)).toBe(-10);
    expect(() => signedCreditEntry('TOPUP', 0)).toThrow(MoneyError);
    expect(() => signedCreditEntry('TOPUP', 1.5)).toThrow(MoneyError);
    expect(() => signedCreditEntry('USE', -1)).toThrow(MoneyError);
  });
});

describe('balances derived from entries', () => {
  it('sum a money account per currency, in code order, exactly', () => {
    const entries = [
      { amount: signedMoneyEntry('PAYMENT', usd(1999)) },
      { amount: signedMoneyEntry('PAYMENT', sgd(5000)) },
      { amount: signedMoneyEntry('REFUND', usd(999)) },
      { amount: signedMoneyEntry('DISPUTE', sgd(5000)) },
      { amount: signedMoneyEntry('DISPUTE_WON', sgd(5000)) },
      { credits: 3 },
    ];
    expect(moneyBalance(entries)).toEqual([sgd(5000), usd(1000)]);
    expect(moneyBalance([])).toEqual([]);
  });

  it('nets a payment and its full refund to zero, and a lost dispute leaves it taken back', () => {
    expect(moneyBalance([{ amount: usd(4500) }, { amount: usd(-4500) }])).toEqual([usd(0)]);
    const lost = [
      { amount: signedMoneyEntry('PAYMENT', usd(4500)) },
      { amount: signedMoneyEntry('DISPUTE', usd(4500)) },
    ];
    expect(moneyBalance(lost)).toEqual([usd(0)]);
  });

  it('sum a credit account, and never let one go below zero', () => {
    const entries = [{ credits: 10 }, { credits: -1 }, { credits: -1 }, { credits: 1 }];
    expect(creditBalance(entries)).toBe(9);
    expect(creditBalance([])).toBe(0);
    expect(canUseCredits(1, 1)).toBe(true);
    expect(canUseCredits(0, 1)).toBe(false);
    expect(canUseCredits(3, 0)).toBe(false);
  });
});

describe('credits bought', () => {
  it('are the amount paid over the price of one, whole', () => {
    expect(creditsBought(usd(20000), usd(2500))).toBe(8);
    expect(() => creditsBought(usd(20001), usd(2500))).toThrow(MoneyError);
    expect(() => creditsBought(usd(2500), sgd(2500))).toThrow(MoneyError);
    expect(() => creditsBought(usd(2500), usd(0))).toThrow(MoneyError);
  });
});

describe('a refund reported cumulatively', () => {
  it('adds only what goes beyond what was already entered', () => {
    expect(refundIncrement(usd(0), usd(1000))).toEqual(usd(1000));
    expect(refundIncrement(usd(1000), usd(4500))).toEqual(usd(3500));
    expect(refundIncrement(usd(4500), usd(1000))).toEqual(usd(0));
    expect(() => refundIncrement(usd(0), sgd(1))).toThrow(MoneyError);
  });
});

describe('lesson minutes of flexible plans', () => {
  it('are entries of their own account, one per student', () => {
    expect(accountKindOf('PLAN_MINUTES')).toBe('MINUTES');
    expect(accountKindOf('MINUTES_USE')).toBe('MINUTES');
    expect(accountKindOf('MINUTES_RETURN')).toBe('MINUTES');
    expect(accountKindOf('MINUTES_REVERSAL')).toBe('MINUTES');
    expect(accountKindOf('USE')).toBe('CREDITS');
    expect(accountId({ kind: 'MINUTES', userId: 'u1' })).toBe('MINUTES#u1');
    expect(accountKindOfId('MINUTES#u1')).toBe('MINUTES');
    expect(accountKindOfId('CREDITS#u1#c1')).toBe('CREDITS');
    expect(accountKindOfId('LEDGER#u1')).toBeUndefined();
    expect(ledgerEntryId('MINUTES_USE', 'lesson-1', 'u1')).not.toBe(ledgerEntryId('USE', 'lesson-1', 'u1'));
  });

  it('are signed by kind, whole and positive only', () => {
    expect(signedMinuteEntry('PLAN_MINUTES', 600)).toBe(600);
    expect(signedMinuteEntry('MINUTES_USE', 45)).toBe(-45);
    expect(signedMinuteEntry('MINUTES_RETURN', 45)).toBe(45);
    expect(signedMinuteEntry('MINUTES_REVERSAL', 600)).toBe(-600);
    expect(() => signedMinuteEntry('MINUTES_USE', 0)).toThrow(MoneyError);
    expect(() => signedMinuteEntry('MINUTES_USE', -5)).toThrow(MoneyError);
    expect(() => signedMinuteEntry('PLAN_MINUTES', 1.5)).toThrow(MoneyError);
  });

  it('balance as the sum of their entries, apart from credits and money', () => {
    const entries = [
      { minutes: 600 },
      { minutes: -60 },
      { credits: 3 },
      { amount: usd(100) },
      { minutes: 60 },
    ];
    expect(minuteBalance(entries)).toBe(600);
    expect(creditBalance(entries)).toBe(3);
    expect(minuteBalance([])).toBe(0);
  });

  it("are drawn as a lesson's length, start to end", () => {
    expect(lessonMinutes({ start: '2026-03-29T00:30:00.000Z', end: '2026-03-29T01:45:00.000Z' })).toBe(75);
    expect(() =>
      lessonMinutes({ start: '2026-03-29T01:00:00.000Z', end: '2026-03-29T01:00:00.000Z' }),
    ).toThrow(MoneyError);
    expect(() =>
      lessonMinutes({ start: '2026-03-29T01:00:00.000Z', end: '2026-03-29T01:00:30.000Z' }),
    ).toThrow(MoneyError);
  });

  it('pay the billable lessons of those who hold them, unless course credits or a period of access pay', () => {
    const rule = (
      billable: boolean,
      holdsMinutes: boolean,
      paysByCourseCredits: boolean,
      coveredByAccess = false,
    ) => drawsPlanMinutes({ billable, holdsMinutes, paysByCourseCredits, coveredByAccess });
    expect(rule(true, true, false)).toBe(true);
    expect(rule(false, true, false)).toBe(false);
    expect(rule(true, false, false)).toBe(false);
    expect(rule(true, true, true)).toBe(false);
    expect(rule(true, true, false, true)).toBe(false);
  });

  it('refused say how many a booking needs', () => {
    expect(notEnoughMinutesMessage(60)).toMatch(/^Not enough lesson minutes: this lesson needs 60 minutes/);
    expect(notEnoughMinutesMessage(120, 2)).toMatch(/this series of 2 lessons needs 120 minutes/);
  });
});
