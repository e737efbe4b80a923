import { describe, expect, it } from 'vitest';
import { lateChangePenalty, lateChangePolicySchema, penaltyAmount } from './late-change';
import { money } from './money';

const start = new Date('2026-03-10T12:00:00Z');
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);
const policy = {
  tiers: [
    { withinHours: 48, percent: 25 },
    { withinHours: 12, percent: 50 },
  ],
};

describe('lateChangePenalty', () => {
  it('charges the tightest tier the change falls in', () => {
    const ask = (hours: number) =>
      lateChangePenalty(policy, {
        role: 'TUTOR',
        type: 'CANCEL',
        lessonStart: start,
        requestedAt: hoursBefore(hours),
      }).percent;
    expect(ask(72)).toBe(0);
    expect(ask(48)).toBe(0);
    expect(ask(47.9)).toBe(25);
    expect(ask(12)).toBe(25);
    expect(ask(11)).toBe(50);
    expect(ask(0.5)).toBe(50);
  });

  it('says why', () => {
    const penalty = lateChangePenalty(policy, {
      role: 'TUTOR',
      type: 'RESCHEDULE',
      lessonStart: start,
      requestedAt: hoursBefore(20),
    });
    expect(penalty.reason).toBe(
      'Rescheduled by the tutor less than 48 hours before the lesson: 25% of the tutor amount',
    );
  });

  it("charges neither a student's nor an admin's change, nor a delete, nor a policy without tiers", () => {
    const at = { lessonStart: start, requestedAt: hoursBefore(1) };
    expect(lateChangePenalty(policy, { role: 'STUDENT', type: 'CANCEL', ...at }).percent).toBe(0);
    expect(lateChangePenalty(policy, { role: 'ADMIN', type: 'CANCEL', ...at }).percent).toBe(0);
    expect(lateChangePenalty(policy, { role: 'TUTOR', type: 'DELETE', ...at }).percent).toBe(0);
    expect(lateChangePenalty({ tiers: [] }, { role: 'TUTOR', type: 'CANCEL', ...at })).toEqual({
      percent: 0,
      reason: null,
    });
  });
});

describe('penaltyAmount', () => {
  it('is the percent of the tutor amount, rounded half away from zero', () => {
    expect(penaltyAmount(money('40', 'USD'), 25)).toEqual(money('10', 'USD'));
    expect(penaltyAmount(money('0.05', 'USD'), 50)).toEqual(money('0.03', 'USD'));
    expect(penaltyAmount(money('10', 'USD'), 12.5)).toEqual(money('1.25', 'USD'));
    expect(penaltyAmount(money('1000', 'JPY'), 33)).toEqual(money('330', 'JPY'));
  });
});

describe('lateChangePolicySchema', () => {
  it('refuses a tier repeated, out of range, or a later change costing less', () => {
    expect(lateChangePolicySchema.safeParse(policy).success).toBe(true);
    expect(
      lateChangePolicySchema.safeParse({
        tiers: [
          { withinHours: 12, percent: 10 },
          { withinHours: 12, percent: 20 },
        ],
      }).success,
    ).toBe(false);
    expect(lateChangePolicySchema.safeParse({ tiers: [{ withinHours: 0, percent: 10 }] }).success).toBe(
      false,
    );
    expect(lateChangePolicySchema.safeParse({ tiers: [{ withinHours: 5, percent: 101 }] }).success).toBe(
      false,
    );
    expect(
      lateChangePolicySchema.safeParse({
        tiers: [
          { withinHours: 48, percent: 50 },
          { withinHours: 12, percent: 25 },
        ],
      }).success,
    ).toBe(false);
  });
});
