import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_CHAIN, redirectionProblem, sameSitePath } from './redirection';

const saved = (entries: Record<string, string>) => async (path: string) => entries[path];

describe('same-site targets', () => {
  it.each([
    ['/learning-portal/New Page/', '/learning-portal/new-page'],
    ['https://learn.example.com/x/y', '/x/y'],
    ['learn.example.com/x', '/x'],
    ['HTTPS://LEARN.EXAMPLE.COM/X', '/x'],
    ['https://other.example.com/x', undefined],
    ['other.example.com', undefined],
  ])('%j -> %j', (to, expected) => expect(sameSitePath(to, 'learn.example.com')).toBe(expected));
});

describe('redirection problems', () => {
  const domain = 'learn.example.com';

  it('accepts a redirection to another site or to a path nothing redirects', async () => {
    expect(await redirectionProblem('/a', 'https://example.org/a', domain, saved({}))).toBeUndefined();
    expect(await redirectionProblem('/a', '/b', domain, saved({ '/c': '/a' }))).toBeUndefined();
  });

  it('refuses a redirection to itself, by path or by URL', async () => {
    expect(await redirectionProblem('/a', '/a/', domain, saved({}))).toBe(
      'A redirection cannot point to its own path',
    );
    expect(await redirectionProblem('/a', 'https://learn.example.com/A', domain, saved({}))).toBe(
      'A redirection cannot point to its own path',
    );
  });

  it('refuses a -> b while b -> a', async () => {
    expect(await redirectionProblem('/a', '/b', domain, saved({ '/b': '/a' }))).toBe(
      'This redirection would make a loop: /a → /b → /a',
    );
  });

  it('follows longer chains, also through absolute URLs of the same site', async () => {
    const entries = { '/b': 'https://learn.example.com/c', '/c': '/a' };
    expect(await redirectionProblem('/a', '/b', domain, saved(entries))).toBe(
      'This redirection would make a loop: /a → /b → /c → /a',
    );
  });

  it('stops at a target on another site', async () => {
    expect(
      await redirectionProblem('/a', '/b', domain, saved({ '/b': 'https://other.org/a' })),
    ).toBeUndefined();
  });

  it('refuses chains longer than the limit', async () => {
    const entries = Object.fromEntries(
      Array.from({ length: MAX_REDIRECT_CHAIN + 2 }, (_, i) => [`/p${i}`, `/p${i + 1}`]),
    );
    expect(await redirectionProblem('/start', '/p0', domain, saved(entries))).toMatch(
      /^This redirection would make a chain of more than 10 redirects/,
    );
  });
});
