import { describe, expect, it } from 'vitest';
import { lessonTypes } from '../schemas/lesson-history';
import { enumLabels, enumOptions, labelledValues, labelOf } from './enum-labels';

describe('enumLabels', () => {
  it.each(Object.entries(enumLabels))('gives every value of %s words, and nothing else', (name, words) => {
    const values = labelledValues(words);
    if (!values) throw new Error(`enumLabels.${name} is not made by words(<the enum's values>, …)`);
    const labels: Readonly<Record<string, string>> = words;
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
    for (const value of values) {
      const label = labels[value] ?? '';
      expect(label.trim(), `${name}.${value}`).not.toBe('');
      // Words, not the stored code: no SCREAMING_CASE or snake_case shown to people
      expect(label, `${name}.${value}`).not.toMatch(/^[A-Z0-9_]{2,}$|_/);
    }
  });

  it('lists an enum as a select’s choices in its own order', () => {
    expect(enumOptions(lessonTypes, enumLabels.lessonType)).toEqual([
      { value: '1 on 1', label: 'One-to-one' },
      { value: 'GROUP', label: 'Group' },
      { value: 'TRIAL', label: 'Free trial' },
    ]);
  });
});

describe('labelOf', () => {
  it('reads a known value by its label and an unknown one in sentence case, never as the code', () => {
    expect(labelOf(enumLabels.lessonStatus, 'ACTIVE')).toBe('Scheduled');
    expect(labelOf(enumLabels.lessonStatus, 'ON_HOLD')).toBe('On hold');
    expect(labelOf(enumLabels.lessonStatus, '')).toBe('');
  });
});
