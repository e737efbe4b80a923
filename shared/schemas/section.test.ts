import { describe, expect, it } from 'vitest';
import { isWithinSection } from './section';

// unit
//  ├─ chapter
//  │   └─ topic
//  └─ notes
// other
const sections = [
  { _id: 'unit', parent: null },
  { _id: 'chapter', parent: 'unit' },
  { _id: 'topic', parent: 'chapter' },
  { _id: 'notes', parent: 'unit' },
  { _id: 'other', parent: null },
];

describe('isWithinSection', () => {
  it('finds the section itself and every descendant, at any depth', () => {
    expect(isWithinSection(sections, 'unit', 'unit')).toBe(true);
    expect(isWithinSection(sections, 'chapter', 'unit')).toBe(true);
    expect(isWithinSection(sections, 'topic', 'unit')).toBe(true);
    expect(isWithinSection(sections, 'notes', 'unit')).toBe(true);
  });

  it('does not find ancestors, siblings or other trees', () => {
    expect(isWithinSection(sections, 'unit', 'chapter')).toBe(false);
    expect(isWithinSection(sections, 'notes', 'chapter')).toBe(false);
    expect(isWithinSection(sections, 'other', 'unit')).toBe(false);
    expect(isWithinSection(sections, 'unknown', 'unit')).toBe(false);
  });

  it('ends on a loop already in the data', () => {
    const looped = [
      { _id: 'a', parent: 'b' },
      { _id: 'b', parent: 'a' },
    ];
    expect(isWithinSection(looped, 'a', 'c')).toBe(false);
    expect(isWithinSection(looped, 'a', 'b')).toBe(true);
  });
});
