import { describe, expect, it } from 'vitest';
import {
  applicableVersion,
  includesUser,
  inForceAt,
  type RateRule,
  type RateRuleOperator,
  type RateVersionTerms,
  ruleDayBounds,
  ruleMatches,
  studentRateSubject,
  versionTermsProblem,
} from './rate-versions';

const rule = (operator: RateRuleOperator, date = '2026-03-10', timeZone = 'UTC'): RateRule => ({
  basis: 'STUDENT_ASSIGNED_DATE',
  operator,
  date,
  timeZone,
});

let next = 0;
function version(overrides: Partial<RateVersionTerms> = {}): RateVersionTerms {
  next += 1;
  return {
    _id: `v${next}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    inclusion: { mode: 'ALL', userIds: [] },
    ...overrides,
  };
}

describe('a rule on a day', () => {
  // The day of 10 March 2026 in UTC: [10 March 00:00, 11 March 00:00).
  const before = '2026-03-09T23:59:59.999Z';
  const first = '2026-03-10T00:00:00.000Z';
  const last = '2026-03-10T23:59:59.999Z';
  const after = '2026-03-11T00:00:00.000Z';
  const cases: Array<[RateRuleOperator, boolean[]]> = [
    // operator, then whether [before, first, last, after] match
    ['EQUAL', [false, true, true, false]],
    ['GREATER_THAN', [false, false, false, true]],
    ['GREATER_THAN_OR_EQUAL', [false, true, true, true]],
    ['LESS_THAN', [true, false, false, false]],
    ['LESS_THAN_OR_EQUAL', [true, true, true, false]],
  ];
  for (const [operator, expected] of cases) {
    it(`${operator} compares the instant with the day's bounds, exactly at them`, () => {
      expect([before, first, last, after].map((t) => ruleMatches(rule(operator), t))).toEqual(expected);
    });
  }

  it('matches no one without the date', () => {
    for (const [operator] of cases) {
      expect(ruleMatches(rule(operator), undefined)).toBe(false);
      expect(ruleMatches(rule(operator), null)).toBe(false);
      expect(ruleMatches(rule(operator), 'not a date')).toBe(false);
    }
  });

  it("takes the day in the rule's zone, not in UTC nor the server's", () => {
    // 10 March in Singapore (UTC+8) is 9 March 16:00 to 10 March 16:00 UTC.
    const singapore = rule('EQUAL', '2026-03-10', 'Asia/Singapore');
    expect(ruleDayBounds(singapore)).toEqual({
      start: Date.parse('2026-03-09T16:00:00.000Z'),
      end: Date.parse('2026-03-10T16:00:00.000Z'),
    });
    expect(ruleMatches(singapore, '2026-03-09T16:30:00.000Z')).toBe(true);
    expect(ruleMatches(singapore, '2026-03-10T17:00:00.000Z')).toBe(false);
    // The same instant is "after 9 March" in Singapore, and still 9 March in New York.
    const instant = '2026-03-10T02:00:00.000Z';
    expect(ruleMatches(rule('GREATER_THAN', '2026-03-09', 'Asia/Singapore'), instant)).toBe(true);
    expect(ruleMatches(rule('GREATER_THAN', '2026-03-09', 'America/New_York'), instant)).toBe(false);
  });

  it('gives a day its real length across daylight-saving changes', () => {
    // New York springs forward on 8 March 2026 (23 hours) and falls back on 1 November 2026 (25 hours).
    const spring = ruleDayBounds({ date: '2026-03-08', timeZone: 'America/New_York' });
    expect(spring.end - spring.start).toBe(23 * 3_600_000);
    const autumn = ruleDayBounds({ date: '2026-11-01', timeZone: 'America/New_York' });
    expect(autumn.end - autumn.start).toBe(25 * 3_600_000);
    expect(ruleMatches(rule('EQUAL', '2026-11-01', 'America/New_York'), '2026-11-02T04:30:00.000Z')).toBe(
      true,
    );
  });

  it('refuses a day that does not exist or a zone that is not one', () => {
    expect(() => ruleDayBounds({ date: '2026-02-30', timeZone: 'UTC' })).toThrow(RangeError);
    expect(() => ruleDayBounds({ date: '2026-03-10', timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('inclusion', () => {
  it('ALL takes everyone, INCLUDE only the listed, EXCLUDE all but the listed', () => {
    expect(includesUser({ mode: 'ALL', userIds: [] }, 'sam')).toBe(true);
    expect(includesUser({ mode: 'INCLUDE', userIds: ['sam'] }, 'sam')).toBe(true);
    expect(includesUser({ mode: 'INCLUDE', userIds: ['sam'] }, 'maya')).toBe(false);
    expect(includesUser({ mode: 'EXCLUDE', userIds: ['sam'] }, 'sam')).toBe(false);
    expect(includesUser({ mode: 'EXCLUDE', userIds: ['sam'] }, 'maya')).toBe(true);
  });
});

describe('effective dating', () => {
  it('is in force from its start (inclusive) to its end (exclusive)', () => {
    const march = { effectiveFrom: '2026-03-01T00:00:00.000Z', effectiveTo: '2026-04-01T00:00:00.000Z' };
    expect(inForceAt(march, '2026-02-28T23:59:59.999Z')).toBe(false);
    expect(inForceAt(march, '2026-03-01T00:00:00.000Z')).toBe(true);
    expect(inForceAt(march, '2026-03-31T23:59:59.999Z')).toBe(true);
    expect(inForceAt(march, '2026-04-01T00:00:00.000Z')).toBe(false);
    expect(
      inForceAt({ effectiveFrom: march.effectiveFrom, effectiveTo: null }, '2099-01-01T00:00:00.000Z'),
    ).toBe(true);
  });

  it('keeps a past lesson on the version in force when it was taught', () => {
    const january = version({ _id: 'january', effectiveFrom: '2026-01-01T00:00:00.000Z' });
    const april = version({ _id: 'april', effectiveFrom: '2026-04-01T00:00:00.000Z' });
    const sam = { userId: 'sam', dates: {} };
    expect(applicableVersion([january, april], sam, '2026-03-15T09:00:00.000Z')?._id).toBe('january');
    expect(applicableVersion([january, april], sam, '2026-04-15T09:00:00.000Z')?._id).toBe('april');
    expect(applicableVersion([january, april], sam, '2025-12-31T09:00:00.000Z')).toBeUndefined();
  });
});

describe('choosing among versions', () => {
  const sam = { userId: 'sam', dates: { STUDENT_ASSIGNED_DATE: '2026-02-01T10:00:00.000Z' } };
  const lesson = '2026-05-01T09:00:00.000Z';

  it('applies only versions whose rule the person satisfies', () => {
    const laterStudents = version({ _id: 'later', rule: rule('GREATER_THAN_OR_EQUAL', '2026-03-01') });
    const earlierStudents = version({ _id: 'earlier', rule: rule('LESS_THAN', '2026-03-01') });
    expect(applicableVersion([laterStudents, earlierStudents], sam, lesson)?._id).toBe('earlier');
    const maya = { userId: 'maya', dates: { STUDENT_ASSIGNED_DATE: '2026-03-05T10:00:00.000Z' } };
    expect(applicableVersion([laterStudents, earlierStudents], maya, lesson)?._id).toBe('later');
    // A rule on the tutor's registration does not look at the student's assignment.
    const byRegistration = version({
      rule: { ...rule('LESS_THAN', '2030-01-01'), basis: 'TUTOR_REGISTRATION_DATE' },
    });
    expect(applicableVersion([byRegistration], sam, lesson)).toBeUndefined();
  });

  it('prefers the version that started last, then the more specific, then the newest, then the id', () => {
    const general = version({ _id: 'general', effectiveFrom: '2026-01-01T00:00:00.000Z' });
    const newer = version({ _id: 'newer', effectiveFrom: '2026-02-01T00:00:00.000Z' });
    expect(applicableVersion([general, newer], sam, lesson)?._id).toBe('newer');

    const ruled = version({
      _id: 'ruled',
      effectiveFrom: newer.effectiveFrom,
      rule: rule('LESS_THAN', '2027-01-01'),
    });
    const named = version({
      _id: 'named',
      effectiveFrom: newer.effectiveFrom,
      inclusion: { mode: 'INCLUDE', userIds: ['sam'] },
    });
    expect(applicableVersion([general, newer, ruled], sam, lesson)?._id).toBe('ruled');
    expect(applicableVersion([general, newer, ruled, named], sam, lesson)?._id).toBe('named');

    const twinA = version({ _id: 'a', createdAt: '2026-01-05T00:00:00.000Z' });
    const twinB = version({ _id: 'b', createdAt: '2026-01-06T00:00:00.000Z' });
    expect(applicableVersion([twinA, twinB], sam, lesson)?._id).toBe('b');
    const sameA = version({ _id: 'a' });
    const sameB = version({ _id: 'b' });
    expect(applicableVersion([sameA, sameB], sam, lesson)?._id).toBe('b');
  });

  it('gives the same answer whatever order the versions are read in', () => {
    const versions = [
      version({ _id: 'v-all' }),
      version({ _id: 'v-rule', rule: rule('GREATER_THAN', '2026-01-15') }),
      version({ _id: 'v-excluded', inclusion: { mode: 'EXCLUDE', userIds: ['sam'] } }),
      version({
        _id: 'v-ended',
        effectiveTo: '2026-04-01T00:00:00.000Z',
        effectiveFrom: '2026-03-01T00:00:00.000Z',
      }),
      version({ _id: 'v-tie', rule: rule('GREATER_THAN', '2026-01-15') }),
    ];
    const chosen = new Set<string | undefined>();
    for (let shift = 0; shift < versions.length; shift += 1) {
      const rotated = [...versions.slice(shift), ...versions.slice(0, shift)];
      chosen.add(applicableVersion(rotated, sam, lesson)?._id);
      chosen.add(applicableVersion([...rotated].reverse(), sam, lesson)?._id);
    }
    expect([...chosen]).toEqual(['v-tie']);
  });

  it('skips an excluded person for the next version that takes them', () => {
    const excluding = version({
      _id: 'excluding',
      effectiveFrom: '2026-03-01T00:00:00.000Z',
      inclusion: { mode: 'EXCLUDE', userIds: ['sam'] },
    });
    const older = version({ _id: 'older' });
    expect(applicableVersion([excluding, older], sam, lesson)?._id).toBe('older');
    expect(applicableVersion([excluding, older], { userId: 'maya', dates: {} }, lesson)?._id).toBe(
      'excluding',
    );
  });
});

describe("a student's assigned date", () => {
  it('is when their rate student type was assigned, and a student without one matches no rule on it', () => {
    // Prepare: a version for students assigned on or after 10 March.
    const newStudents = version({ _id: 'new', rule: rule('GREATER_THAN_OR_EQUAL') });
    const lesson = '2026-04-01T00:00:00.000Z';
    // Act
    const assigned = studentRateSubject({
      _id: 'sam',
      rateStudentTypeAssignedAt: '2026-03-12T08:00:00.000Z',
    });
    const unassigned = studentRateSubject({ _id: 'maya' });
    // Assess
    expect(assigned).toEqual({ userId: 'sam', dates: { STUDENT_ASSIGNED_DATE: '2026-03-12T08:00:00.000Z' } });
    expect(applicableVersion([newStudents], assigned, lesson)?._id).toBe('new');
    expect(applicableVersion([newStudents], unassigned, lesson)).toBeUndefined();
  });
});

describe('terms that cannot stand', () => {
  it('names a backwards period and an inclusion that does not fit its mode', () => {
    const from = '2026-03-01T00:00:00.000Z';
    expect(
      versionTermsProblem({
        effectiveFrom: from,
        effectiveTo: from,
        inclusion: { mode: 'ALL', userIds: [] },
      }),
    ).toBe('The version ends after it starts');
    expect(versionTermsProblem({ effectiveFrom: from, inclusion: { mode: 'INCLUDE', userIds: [] } })).toBe(
      'Name at least one user to include',
    );
    expect(versionTermsProblem({ effectiveFrom: from, inclusion: { mode: 'ALL', userIds: ['sam'] } })).toBe(
      'A version for everyone names no users',
    );
    expect(
      versionTermsProblem({ effectiveFrom: from, inclusion: { mode: 'EXCLUDE', userIds: ['sam'] } }),
    ).toBe(undefined);
  });
});
