import { describe, expect, it } from 'vitest';
import {
  availabilitySummary,
  directoryOrder,
  filterCombinations,
  isListed,
  listingNameKey,
  matchesFilter,
} from './tutor-directory';

const tutor = { _id: 't1', type: 'tutor', firstname: 'Tom', lastname: 'Turing', country: 'GB' };

describe('isListed', () => {
  it('lists a tutor with a country who is not hidden', () => {
    expect(isListed(tutor)).toBe(true);
  });
  it('leaves out a hidden tutor, a tutor without a country and anyone who is not a tutor', () => {
    expect(isListed({ ...tutor, directoryHidden: true })).toBe(false);
    expect(isListed({ ...tutor, country: undefined })).toBe(false);
    expect(isListed({ ...tutor, type: 'student' })).toBe(false);
    expect(isListed(undefined)).toBe(false);
  });
});

describe('listingNameKey', () => {
  it('orders by first and last name, case and spaces ignored', () => {
    expect(listingNameKey({ firstname: ' Grace ', lastname: 'HOPPER' })).toBe('grace hopper');
    expect(listingNameKey({ firstname: 'A#b', lastname: 'C' })).toBe('a b c');
  });
});

describe('directoryOrder', () => {
  const byName = ['a', 'b', 'c', 'd'].map((userId) => ({ userId }));
  it('puts the sorted tutors first, in their order, then the rest by name', () => {
    expect(directoryOrder(byName, ['c', 'a']).map((e) => e.userId)).toEqual(['c', 'a', 'b', 'd']);
  });
  it('leaves out sorted tutors that are not listed here', () => {
    expect(directoryOrder(byName, ['x', 'd']).map((e) => e.userId)).toEqual(['d', 'a', 'b', 'c']);
  });
});

describe('filters', () => {
  const curricula = [
    { name: 'IGCSE', grades: ['Grade 9', 'Grade 10'], subjects: [{ name: 'Maths' }, { name: 'Physics' }] },
    { name: 'IB', grades: ['Grade 10'], subjects: [{ name: 'Maths' }] },
  ];
  it('matches each given part, case ignored', () => {
    const taught = { curriculum: 'IGCSE', subject: 'Maths', grade: 'Grade 10' };
    expect(matchesFilter(taught, { curriculum: 'igcse', grade: 'grade 10' })).toBe(true);
    expect(matchesFilter(taught, { subject: 'Physics' })).toBe(false);
    expect(matchesFilter(taught, {})).toBe(true);
  });
  it('expands a partial filter into the combinations of the curriculum list', () => {
    expect(filterCombinations(curricula, { subject: 'Maths', grade: 'Grade 10' })).toEqual([
      { curriculum: 'IGCSE', subject: 'Maths', grade: 'Grade 10' },
      { curriculum: 'IB', subject: 'Maths', grade: 'Grade 10' },
    ]);
    expect(filterCombinations(curricula, { curriculum: 'IGCSE' })).toHaveLength(4);
  });
});

describe('availabilitySummary', () => {
  it('counts the weekdays and the hours a week', () => {
    expect(
      availabilitySummary({
        timezone: 'Europe/London',
        status: 'available',
        weeklyHours: [
          { weekday: 3, from: '09:00', to: '12:30' },
          { weekday: 1, from: '18:00', to: '00:00' },
          { weekday: 1, from: '08:00', to: '09:00' },
        ],
      }),
    ).toEqual({ timezone: 'Europe/London', weekdays: [1, 3], weeklyHours: 10.5, unavailable: false });
  });
  it('says when the tutor takes no bookings', () => {
    expect(
      availabilitySummary({ timezone: 'UTC', status: 'notAvailable', weeklyHours: [] }).unavailable,
    ).toBe(true);
  });
});
