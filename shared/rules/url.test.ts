import { describe, expect, it } from 'vitest';
import { absoluteUrl, isValidUrl } from './url';

describe('URL check (spec 001 section 5)', () => {
  it.each([
    'example.com',
    'https://example.com',
    'HTTP://EXAMPLE.COM',
    'http://sub.example.co.uk:8080/path/to?x=1&y=2#top',
    '192.168.0.1',
    '255.255.255.255',
    'http://10.0.0.1:3000/a',
    'www.example.com/learning-portal/igcse',
    'https://my-site.example.org/a/b.html',
    'https://example.com/path#section-2',
  ])('accepts %s', (url) => expect(isValidUrl(url)).toBe(true));

  it.each([
    '',
    'not a url',
    'ftp://example.com',
    'http://',
    'example',
    'https://exa mple.com',
    'https://-example.com',
    'https://example-.com',
    '256.1.1.1',
    '1.2.3',
    'javascript:alert(1)',
    'https://example.com/a b',
  ])('refuses %j', (url) => expect(isValidUrl(url)).toBe(false));

  it('answers quickly on long inputs that almost match (no catastrophic backtracking)', () => {
    const started = performance.now();
    for (const input of [
      `${'a'.repeat(5_000)}!`,
      `${'a-'.repeat(2_000)}!`,
      `http://${'a.'.repeat(2_000)}!`,
    ]) {
      expect(isValidUrl(input)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('absolute URLs', () => {
  it('adds https:// only when there is no scheme', () => {
    expect(absoluteUrl('example.com/x')).toBe('https://example.com/x');
    expect(absoluteUrl('http://example.com')).toBe('http://example.com');
    expect(absoluteUrl(' https://example.com ')).toBe('https://example.com');
  });
});
