import { describe, expect, it } from 'vitest';
import {
  absoluteLoc,
  buildSitemaps,
  escapeXml,
  isSitemapFileName,
  SITEMAP_NAMESPACE,
  type SitemapEntry,
  w3cDate,
} from './sitemap';
import { sitemapPages } from './sitemap-pages';

const origin = 'https://learn.example.com';
const now = new Date('2030-01-02T03:04:05.678Z');

/** The structure sitemaps.org requires, checked on the text (a small parser for these documents only). */
function urlsOf(xml: string): Array<{ loc: string; lastmod?: string }> {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
    loc: m[1]!,
    ...(m[2] ? { lastmod: m[2] } : {}),
  }));
}

describe('sitemap documents', () => {
  it('writes one urlset with absolute, escaped locs and W3C lastmods', () => {
    const entries: SitemapEntry[] = [
      { path: '/learning-portal', lastmod: '2029-12-31T10:00:00.000Z' },
      { path: '/learning-portal/a&b', lastmod: '2029-12-30' },
      { path: "/learning-portal/o'neil<x>" },
      { path: '/learning-portal/数学 notes' },
    ];
    const { files, urlCount } = buildSitemaps(entries, { origin, now });
    expect(urlCount).toBe(4);
    expect(files.map((f) => f.name)).toEqual(['sitemap.xml']);
    const xml = files[0]!.xml;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(xml).toContain(`<urlset xmlns="${SITEMAP_NAMESPACE}">`);
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const urls = urlsOf(xml);
    expect(urls).toEqual([
      { loc: 'https://learn.example.com/learning-portal', lastmod: '2029-12-31T10:00:00Z' },
      { loc: 'https://learn.example.com/learning-portal/a&amp;b', lastmod: '2029-12-30T00:00:00Z' },
      { loc: 'https://learn.example.com/learning-portal/o&apos;neil%3Cx%3E' },
      { loc: 'https://learn.example.com/learning-portal/%E6%95%B0%E5%AD%A6%20notes' },
    ]);
    // Nothing unescaped is left between the tags.
    for (const { loc } of urls) expect(loc).not.toMatch(/[<>"]|&(?!amp;|apos;|quot;|lt;|gt;)/);
  });

  it('lists a URL once, with its latest lastmod', () => {
    const { files, urlCount } = buildSitemaps(
      [{ path: '/x', lastmod: '2029-01-01' }, { path: '/x', lastmod: '2029-06-01' }, { path: '/x' }],
      { origin, now },
    );
    expect(urlCount).toBe(1);
    expect(urlsOf(files[0]!.xml)).toEqual([{ loc: `${origin}/x`, lastmod: '2029-06-01T00:00:00Z' }]);
  });

  it('writes an empty urlset when there is nothing to list', () => {
    const { files } = buildSitemaps([], { origin, now });
    expect(files).toHaveLength(1);
    expect(urlsOf(files[0]!.xml)).toEqual([]);
    expect(files[0]!.xml).toContain('</urlset>');
  });

  it('keeps exactly 50,000 URLs in one file and makes an index at 50,001', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/learning-portal/p${i}` }));
    const one = buildSitemaps(many(50_000), { origin, now });
    expect(one.files.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(urlsOf(one.files[0]!.xml)).toHaveLength(50_000);

    const split = buildSitemaps(many(50_001), { origin, now });
    expect(split.urlCount).toBe(50_001);
    expect(split.files.map((f) => f.name)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    const index = split.files[0]!.xml;
    expect(index).toContain(`<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`);
    expect(
      [...index.matchAll(/<sitemap><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/sitemap>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ).toEqual([
      [`${origin}/sitemap-1.xml`, '2030-01-02T03:04:05Z'],
      [`${origin}/sitemap-2.xml`, '2030-01-02T03:04:05Z'],
    ]);
    expect(urlsOf(split.files[1]!.xml)).toHaveLength(50_000);
    expect(urlsOf(split.files[2]!.xml)).toEqual([{ loc: `${origin}/learning-portal/p50000` }]);
  });

  it('also splits on the byte limit', () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ path: `/${'x'.repeat(100)}${i}` }));
    const { files } = buildSitemaps(entries, { origin, now, maxBytesPerFile: 600 });
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) expect(new TextEncoder().encode(file.xml).length).toBeLessThanOrEqual(600);
    const listed = files.slice(1).flatMap((file) => urlsOf(file.xml));
    expect(listed).toHaveLength(10);
  });

  it('index lastmod is the newest page of each file', () => {
    const { files } = buildSitemaps(
      [{ path: '/a', lastmod: '2029-01-01' }, { path: '/b', lastmod: '2029-03-01' }, { path: '/c' }],
      { origin, now, maxUrlsPerFile: 2 },
    );
    expect(files[0]!.xml).toContain('<lastmod>2029-03-01T00:00:00Z</lastmod>');
    expect(files[0]!.xml).toContain('<lastmod>2030-01-02T03:04:05Z</lastmod>');
  });
});

describe('helpers', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
  it('makes absolute locs from an origin with or without a trailing slash', () => {
    expect(absoluteLoc('http://localhost:5173/', '/learning-portal/x')).toBe(
      'http://localhost:5173/learning-portal/x',
    );
  });
  it('formats W3C datetimes and ignores non-dates', () => {
    expect(w3cDate('2030-01-02T03:04:05.999+02:00')).toBe('2030-01-02T01:04:05Z');
    expect(w3cDate('not a date')).toBeUndefined();
    expect(w3cDate(undefined)).toBeUndefined();
  });
  it('knows the sitemap file names and nothing else', () => {
    expect(isSitemapFileName('sitemap.xml')).toBe(true);
    expect(isSitemapFileName('sitemap-12.xml')).toBe(true);
    expect(isSitemapFileName('sitemap-0.xml')).toBe(false);
    expect(isSitemapFileName('../sitemap.xml')).toBe(false);
    expect(isSitemapFileName('sitemap-1.xml.bak')).toBe(false);
  });
});

describe('sitemap pages of the catalogue', () => {
  it('lists home, curricula, subjects, topics and content pages under the portal', () => {
    const pages = sitemapPages({
      curricula: [{ slug: 'igcse', updatedAt: '2029-01-01T00:00:00Z' }],
      subjects: [
        { _id: 's1', curriculumSlug: 'igcse', slug: 'maths' },
        { _id: 'orphan', curriculumSlug: 'gone', slug: 'x' },
      ],
      topics: [
        { _id: 't1', subjectId: 's1', slug: 'algebra', updatedAt: '2029-02-01T00:00:00Z' },
        { _id: 't2', subjectId: 'orphan', slug: 'lost' },
      ],
      subTopics: [
        { _id: 'st1', topicId: 't1', slug: 'linear-equations', updatedAt: '2029-03-01T00:00:00Z' },
        { _id: 'st2', topicId: 't2', slug: 'lost-too' },
      ],
    });
    expect(pages).toEqual([
      { path: '/learning-portal/' },
      { path: '/learning-portal/igcse', lastmod: '2029-01-01T00:00:00Z' },
      { path: '/learning-portal/igcse/maths' },
      { path: '/learning-portal/igcse/maths/algebra', lastmod: '2029-02-01T00:00:00Z' },
      { path: '/learning-portal/igcse/maths/algebra/linear-equations', lastmod: '2029-03-01T00:00:00Z' },
    ]);
  });
});
