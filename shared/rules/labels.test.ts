import { expect, it } from 'vitest';
import { summarizeLabels } from './labels';

it('shows at most two labels then "... and N more"', () => {
  expect(summarizeLabels([])).toBe('');
  expect(summarizeLabels(['Maths'])).toBe('Maths');
  expect(summarizeLabels(['Maths', 'Physics'])).toBe('Maths, Physics');
  expect(summarizeLabels(['Maths', 'Physics', 'Biology', 'Chemistry'])).toBe('Maths, Physics ... and 2 more');
});
