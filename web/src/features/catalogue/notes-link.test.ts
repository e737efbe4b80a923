import { describe, expect, it } from 'vitest';
import { notesLinkPath, notesLinkResourceKey, notesLinkTarget } from './notes-link';

describe('notes links', () => {
  it('read the resource key from the query, trimmed', () => {
    expect(notesLinkResourceKey('?resourceKey=subtopic-abc-resource1')).toBe('subtopic-abc-resource1');
    expect(notesLinkResourceKey('?resourceKey=%20key%201%20&x=1')).toBe('key 1');
  });

  it('are invalid without a key, with a blank one or one longer than the API takes', () => {
    expect(notesLinkResourceKey('')).toBeUndefined();
    expect(notesLinkResourceKey('?resourceKey=')).toBeUndefined();
    expect(notesLinkResourceKey('?resourceKey=%20%20')).toBeUndefined();
    expect(notesLinkResourceKey(`?resourceKey=${'k'.repeat(201)}`)).toBeUndefined();
    expect(notesLinkResourceKey(`?resourceKey=${'k'.repeat(200)}`)).toHaveLength(200);
  });

  it('round-trip a key through the link path', () => {
    const path = notesLinkPath('a key&more');
    expect(path).toBe('/verifyNotesLink?resourceKey=a+key%26more');
    expect(notesLinkResourceKey(path.slice(path.indexOf('?')))).toBe('a key&more');
  });

  it('lead to the sub-topic page the API names', () => {
    const path = '/cambridge-igcse/mathematics/algebra-and-graphs/linear-equations';
    expect(notesLinkTarget({ path })).toBe(path);
    expect(notesLinkTarget({ path: path.slice(1) })).toBe(path);
  });
});
