import { expect, it } from 'vitest';
import { formatDate } from './format';

it('formats as YYYY MMM DD and shows a dash for missing or invalid dates', () => {
  expect(formatDate('2025-03-07T10:00:00.000Z')).toBe('2025 Mar 07');
  expect(formatDate(undefined)).toBe('-');
  expect(formatDate('not a date')).toBe('-');
});
