import { describe, expect, it } from 'vitest';
import { money } from '../money/money';
import {
  bestRate,
  chooseTutorRate,
  compareRates,
  type RatedLesson,
  rateFits,
  type TutorRateTerms,
  tutorRateTermsProblem,
} from './tutor-rates';

let next = 0;
function rate(overrides: Partial<TutorRateTerms> = {}): TutorRateTerms {
  next += 1;
  return {
    _id: `r${String(next).padStart(3, '0')}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    effectiveTo: null,
    tutorCountry: '',
    studentCountry: '',
    kind: '',
    curriculum: '',
    grade: '',
    rate: money(20, 'USD'),
    ...overrides,
  };
}

const lesson: RatedLesson = {
  start: '2026-03-10T09:00:00.000Z',
  tutorCountry: 'Singapore',
  studentCountry: 'United Kingdom',
  kind: 'type-regular',
  curriculum: 'Cambridge IGCSE',
  grade: 'Grade 10',
};

describe('rateFits', () => {
  it('takes an empty field as any and compares the others ignoring case and spaces', () => {
    // Prepare
    const anyScope = rate();
    const named = rate({ tutorCountry: ' singapore ', curriculum: 'CAMBRIDGE IGCSE' });
    const other = rate({ grade: 'Grade 9' });
    // Act / Assess
    expect(rateFits(anyScope, lesson)).toBe(true);
    expect(rateFits(named, lesson)).toBe(true);
    expect(rateFits(other, lesson)).toBe(false);
  });

  it('does not let a named field match a lesson that does not know it', () => {
    expect(rateFits(rate({ kind: 'type-regular' }), { ...lesson, kind: '' })).toBe(false);
  });
});

describe('bestRate', () => {
  it('prefers the most specific rate that fits', () => {
    // Prepare
    const general = rate({ rate: money(20, 'USD') });
    const byCountry = rate({ tutorCountry: 'Singapore', rate: money(25, 'USD') });
    const byCountryAndGrade = rate({ tutorCountry: 'Singapore', grade: 'Grade 10', rate: money(30, 'USD') });
    const otherGrade = rate({
      tutorCountry: 'Singapore',
      grade: 'Grade 11',
      studentCountry: 'United Kingdom',
    });
    // Act
    const chosen = bestRate([general, otherGrade, byCountryAndGrade, byCountry], lesson);
    // Assess
    expect(chosen?._id).toBe(byCountryAndGrade._id);
  });

  it('takes the rate in force at the lesson start, so a past lesson keeps its rate', () => {
    // Prepare: the March rate ended on 1 April and the April rate took over.
    const march = rate({ effectiveTo: '2026-04-01T00:00:00.000Z', rate: money(20, 'USD') });
    const april = rate({ effectiveFrom: '2026-04-01T00:00:00.000Z', rate: money(24, 'USD') });
    // Act
    const inMarch = bestRate([april, march], lesson);
    const inApril = bestRate([april, march], { ...lesson, start: '2026-04-01T00:00:00.000Z' });
    const beforeAny = bestRate([april, march], { ...lesson, start: '2025-12-31T23:59:59.999Z' });
    // Assess
    expect(inMarch?._id).toBe(march._id);
    expect(inApril?._id).toBe(april._id);
    expect(beforeAny).toBeUndefined();
  });

  it('breaks ties by the latest start, then creation, then id, whatever the read order', () => {
    // Prepare
    const older = rate({ effectiveFrom: '2026-01-01T00:00:00.000Z' });
    const newer = rate({ effectiveFrom: '2026-02-01T00:00:00.000Z' });
    const newerCreatedLater = rate({
      effectiveFrom: '2026-02-01T00:00:00.000Z',
      createdAt: '2026-01-05T00:00:00.000Z',
    });
    const sameButGreaterId = { ...newerCreatedLater, _id: 'zzz' };
    // Act
    const orders = [
      [older, newer, newerCreatedLater, sameButGreaterId],
      [sameButGreaterId, newerCreatedLater, newer, older],
    ];
    // Assess
    for (const order of orders) expect(bestRate(order, lesson)?._id).toBe('zzz');
    expect([older, newer].sort(compareRates)[0]?._id).toBe(newer._id);
  });
});

describe('chooseTutorRate', () => {
  it("takes the tutor's own rate over a more specific general one", () => {
    // Prepare
    const own = rate({ rate: money(40, 'USD') });
    const general = rate({ tutorCountry: 'Singapore', grade: 'Grade 10', curriculum: 'Cambridge IGCSE' });
    // Act
    const chosen = chooseTutorRate({ tutor: [own], general: [general] }, lesson);
    // Assess
    expect(chosen).toEqual({ rate: own, source: 'TUTOR' });
  });

  it('falls back to the general rates when none of the tutor’s own fits or is in force', () => {
    // Prepare
    const ownOtherGrade = rate({ grade: 'Grade 12' });
    const ownEnded = rate({ effectiveTo: '2026-02-01T00:00:00.000Z' });
    const general = rate();
    // Act
    const chosen = chooseTutorRate({ tutor: [ownOtherGrade, ownEnded], general: [general] }, lesson);
    // Assess
    expect(chosen).toEqual({ rate: general, source: 'GENERAL' });
  });

  it('answers undefined when no rate fits', () => {
    expect(
      chooseTutorRate({ tutor: [], general: [rate({ studentCountry: 'France' })] }, lesson),
    ).toBeUndefined();
  });
});

describe('tutorRateTermsProblem', () => {
  it('refuses a period that ends before it starts', () => {
    expect(
      tutorRateTermsProblem({
        effectiveFrom: '2026-02-01T00:00:00.000Z',
        effectiveTo: '2026-02-01T00:00:00.000Z',
      }),
    ).toBe('The rate ends after it starts');
    expect(
      tutorRateTermsProblem({ effectiveFrom: '2026-02-01T00:00:00.000Z', effectiveTo: null }),
    ).toBeUndefined();
  });
});
