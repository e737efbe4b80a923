import { describe, expect, it } from 'vitest';
import { isMeetingEnded } from './bookmarks';
import {
  applicableLimits,
  defaultUsageLimits,
  isUnlimited,
  meteredProgress,
  overLimit,
  usageLabel,
  usageLimitMessage,
  usageLimits,
  usagePeriod,
  usageResetsAt,
} from './usage';

describe('usage limits', () => {
  it('counts per UTC month and resets at the start of the next', () => {
    expect(usagePeriod(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(usageResetsAt(new Date('2026-11-30T23:59:59Z'))).toBe('2026-12-01T00:00:00.000Z');
    expect(usageResetsAt(new Date('2026-12-15T10:00:00Z'))).toBe('2027-01-01T00:00:00.000Z');
  });

  it("takes the tenant's limits over the defaults", () => {
    expect(usageLimits(undefined)).toEqual(defaultUsageLimits);
    expect(usageLimits({ slideViews: 3 })).toEqual({ ...defaultUsageLimits, slideViews: 3 });
  });

  it('premium or learning-platform access is unlimited', () => {
    expect(isUnlimited({ premium: false, lpAccess: false })).toBe(false);
    expect(isUnlimited({ premium: true, lpAccess: false })).toBe(true);
    expect(isUnlimited({ premium: false, lpAccess: true })).toBe(true);
  });

  it('says what ran out and when it comes back', () => {
    expect(usageLabel('slideViews', 1)).toBe('1 slide view');
    expect(usageLabel('videoWatches', 10)).toBe('10 videos');
    expect(usageLimitMessage('quizAttempts', 5, '2026-12-01T00:00:00.000Z')).toBe(
      'You have used all 5 quiz attempts of your free plan this month. Upgrade to premium for unlimited access, or come back after 2026-12-01.',
    );
  });
});

describe('what is metered', () => {
  it('a page read is a slide view of that page, a score a quiz attempt, marking done is free', () => {
    expect(meteredProgress({ subTopicId: 's1', pageNo: 2 })).toEqual([
      { kind: 'slideViews', itemKey: 's1#2' },
    ]);
    expect(meteredProgress({ subTopicId: 's1', score: 70 })).toEqual([{ kind: 'quizAttempts' }]);
    expect(meteredProgress({ subTopicId: 's1', pageNo: 1, score: 70 })).toEqual([
      { kind: 'slideViews', itemKey: 's1#1' },
      { kind: 'quizAttempts' },
    ]);
    expect(meteredProgress({ subTopicId: 's1' })).toEqual([]);
  });

  it('meters only roles on the usage plan; premium and learning-platform access are counted, not limited', () => {
    const limits = { slideViews: 3 };
    expect(applicableLimits({ metered: false, premium: false, lpAccess: false }, limits)).toBeUndefined();
    expect(applicableLimits({ metered: true, premium: true, lpAccess: false }, limits)).toBeNull();
    expect(applicableLimits({ metered: true, premium: false, lpAccess: true }, limits)).toBeNull();
    expect(applicableLimits({ metered: true, premium: false, lpAccess: false }, limits)).toEqual({
      ...defaultUsageLimits,
      slideViews: 3,
    });
  });

  it('names the first kind a set of charges would take past its limit', () => {
    const limits = { slideViews: 3, quizAttempts: 1, videoWatches: 0 };
    const counters = { slideViews: 2, quizAttempts: 1, videoWatches: 0 };
    expect(overLimit(counters, [{ kind: 'slideViews' }], limits)).toBeUndefined();
    expect(overLimit(counters, [{ kind: 'slideViews' }, { kind: 'slideViews' }], limits)).toBe('slideViews');
    expect(overLimit(counters, [{ kind: 'slideViews' }, { kind: 'quizAttempts' }], limits)).toBe(
      'quizAttempts',
    );
    expect(overLimit(counters, [{ kind: 'videoWatches' }], limits)).toBe('videoWatches');
    expect(overLimit(counters, [{ kind: 'videoWatches' }], null)).toBeUndefined();
  });
});

describe('isMeetingEnded', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  it('is absent without a lesson, true once the lesson is over, cancelled or completed', () => {
    expect(isMeetingEnded(undefined, now)).toBeUndefined();
    expect(isMeetingEnded({ status: 'ACTIVE', end: '2026-05-01T10:30:00Z' }, now)).toBe(false);
    expect(isMeetingEnded({ status: 'ACTIVE', end: '2026-05-01T10:00:00Z' }, now)).toBe(true);
    expect(isMeetingEnded({ status: 'CANCELLED', end: '2026-06-01T00:00:00Z' }, now)).toBe(true);
    expect(isMeetingEnded({ status: 'COMPLETED', end: '2026-06-01T00:00:00Z' }, now)).toBe(true);
  });
});
