import { describe, expect, it } from 'vitest';
import { offeredOptions } from './offered-options';

describe('offeredOptions', () => {
  const offered = [
    { _id: 'type-exam', name: 'Exam year' },
    { _id: 'type-workshop', name: 'Workshop' },
  ];

  it('offers what the server offers, and nothing else, for a new choice', () => {
    expect(offeredOptions(offered, '', 'Current type (no longer offered)')).toEqual(offered);
    expect(offeredOptions(offered, 'type-exam', 'Current type (no longer offered)')).toEqual(offered);
  });

  it('keeps the held choice the server no longer offers (inactive), and only that one', () => {
    expect(offeredOptions(offered, 'type-archived', 'Current type (no longer offered)')).toEqual([
      ...offered,
      { _id: 'type-archived', name: 'Current type (no longer offered)' },
    ]);
  });
});
