import { describe, expect, it } from 'vitest';
import { isLowerSecondaryCurriculum } from './levels';

describe('isLowerSecondaryCurriculum', () => {
  it('recognises Cambridge and Edexcel Lower Secondary, however they are spaced or cased', () => {
    expect(isLowerSecondaryCurriculum('Cambridge Lower Secondary')).toBe(true);
    expect(isLowerSecondaryCurriculum('Edexcel Lower Secondary')).toBe(true);
    expect(isLowerSecondaryCurriculum('  edexcel   lower secondary ')).toBe(true);
  });

  it('does not take upper-secondary or other curricula for lower secondary', () => {
    for (const name of [
      'Cambridge IGCSE',
      'Edexcel IGCSE',
      'IB Diploma',
      'Lower Secondary',
      'Cambridge Secondary',
    ])
      expect(isLowerSecondaryCurriculum(name), name).toBe(false);
  });
});
