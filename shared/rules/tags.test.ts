import { describe, expect, it } from 'vitest';
import { clashingTag, newTagId, tagNameKey } from './tags';

const tags = [
  { _id: 'exam-focus', name: 'Exam focus' },
  { _id: 'scholarship', name: 'Scholarship applicant' },
];

describe('tag names', () => {
  it('are compared ignoring case, spacing and punctuation', () => {
    expect(tagNameKey('  Exam FOCUS ')).toBe('exam-focus');
    expect(tagNameKey('Exam-focus!')).toBe('exam-focus');
    expect(tagNameKey('***')).toBe('');
    expect(tagNameKey('dup_b')).toBe(tagNameKey('Dup B'));
    expect(tagNameKey('Dup.B')).toBe('dup-b');
    expect(tagNameKey('Café  crème')).toBe('cafe-creme');
    expect(tagNameKey('Cafe\u0301 cre\u0300me')).toBe('cafe-creme');
    expect(tagNameKey('dupb')).not.toBe(tagNameKey('Dup B'));
  });

  it('clash with another tag of the same name, but not with the tag being renamed', () => {
    expect(clashingTag(tags, 'exam Focus')?._id).toBe('exam-focus');
    expect(clashingTag(tags, 'Exam focus', 'exam-focus')).toBeUndefined();
    expect(clashingTag(tags, 'Scholarship applicant', 'exam-focus')?.name).toBe('Scholarship applicant');
    expect(clashingTag(tags, 'Needs support')).toBeUndefined();
  });
});

describe('newTagId', () => {
  it("is the name's slug, numbered when a renamed tag still holds that slug", () => {
    expect(newTagId('Needs support', ['exam-focus'])).toBe('needs-support');
    // "Scholarship" was renamed "Scholarship applicant" and kept its id.
    expect(newTagId('Scholarship', ['scholarship'])).toBe('scholarship-2');
  });
});
