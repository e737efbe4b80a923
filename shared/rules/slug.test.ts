import { describe, expect, it } from 'vitest';
import { cleanSitePath, slugify } from './slug';

describe('slug helper (spec 001 section 5)', () => {
  it.each([
    ['  Cambridge IGCSE/Maths ', 'cambridge-igcse-maths'],
    ['Past Papers', 'past-papers'],
    ['a/b c', 'a-b-c'],
    ['UPPER', 'upper'],
    ['tab\there', 'tab-here'],
    ['already-a-slug', 'already-a-slug'],
    ['', ''],
  ])('%j -> %j', (input, expected) => expect(slugify(input)).toBe(expected));

  it('trims before replacing, so outer spaces never become hyphens', () => {
    expect(slugify('  x  ')).toBe('x');
  });
});

describe('site paths of meta tags and redirections', () => {
  it.each([
    ['/learning-portal/Cambridge IGCSE', '/learning-portal/cambridge-igcse'],
    ['learning-portal/igcse/', '/learning-portal/igcse'],
    ['  /Old Page  ', '/old-page'],
    ['//a///b//', '/a/b'],
    ['/old-page.html', '/old-page.html'],
    ['/page?utm=1#top', '/page'],
    ['', '/'],
    ['/', '/'],
  ])('%j -> %j', (input, expected) => expect(cleanSitePath(input)).toBe(expected));

  it('is idempotent', () => {
    const once = cleanSitePath('/Learning Portal/Some Page/');
    expect(cleanSitePath(once)).toBe(once);
  });
});
