import { describe, expect, it } from 'vitest';
// Test-only: libxml2 and the vendored sitemaps.org schemas (shared/ code itself stays free of I/O).
import { readSitemapXml, SitemapXmlError } from '../../test/support/sitemap-xml';
import {
  absoluteLoc,
  buildSitemaps,
  escapeXml,
  isSitemapFileName,
  SITEMAP_NAMESPACE,
  type SitemapEntry,
  w3cDate,
} from './sitemap';
import { sitemapPages, topicalPastPaperPages } from './sitemap-pages';

const origin = 'https://learn.example.com';
const now = new Date('2030-01-02T03:04:05.678Z');

/** The entries of a urlset, read by libxml2 once the document validates against sitemaps.org's sitemap.xsd. */
const urlsOf = (xml: string) => readSitemapXml(xml, 'urlset');
/** The entries of a sitemap index, once it validates against siteindex.xsd. */
const sitemapsOf = (xml: string) => readSitemapXml(xml, 'sitemapindex');

describe('sitemap documents', () => {
  it('writes one urlset with absolute, escaped locs and W3C lastmods', async () => {
    const entries: SitemapEntry[] = [
      { path: '/learning-portal', lastmod: '2029-12-31T10:00:00.000Z' },
      { path: '/learning-portal/a&b', lastmod: '2029-12-30' },
      { path: "/learning-portal/o'neil<x>" },
      { path: '/learning-portal/数学 notes' },
      { path: '/learning-portal/topical-past-papers?curriculum=igcse&subject=maths' },
    ];
    const { files, urlCount } = buildSitemaps(entries, { origin, now });
    expect(urlCount).toBe(5);
    expect(files.map((f) => f.name)).toEqual(['sitemap.xml']);
    const xml = files[0]!.xml;
    // libxml2 reads the document in the encoding it declares; sitemaps.org requires UTF-8.
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    // The parsed values: the escaping in the file is undone by the parser, so these are the real URLs.
    expect(await urlsOf(xml)).toEqual([
      { loc: 'https://learn.example.com/learning-portal', lastmod: '2029-12-31T10:00:00Z' },
      { loc: 'https://learn.example.com/learning-portal/a&b', lastmod: '2029-12-30T00:00:00Z' },
      { loc: "https://learn.example.com/learning-portal/o'neil%3Cx%3E" },
      { loc: 'https://learn.example.com/learning-portal/%E6%95%B0%E5%AD%A6%20notes' },
      { loc: 'https://learn.example.com/learning-portal/topical-past-papers?curriculum=igcse&subject=maths' },
    ]);
    // sitemaps.org: every data value is entity-escaped (an apostrophe too, not only what XML requires).
    expect(xml).toContain('/a&amp;b</loc>');
    expect(xml).toContain('/o&apos;neil%3Cx%3E</loc>');
  });

  it('lists a URL once, with its latest lastmod', async () => {
    const { files, urlCount } = buildSitemaps(
      [{ path: '/x', lastmod: '2029-01-01' }, { path: '/x', lastmod: '2029-06-01' }, { path: '/x' }],
      { origin, now },
    );
    expect(urlCount).toBe(1);
    expect(await urlsOf(files[0]!.xml)).toEqual([{ loc: `${origin}/x`, lastmod: '2029-06-01T00:00:00Z' }]);
  });

  it('refuses to write a sitemap with no URL, which sitemap.xsd does not allow', () => {
    expect(() => buildSitemaps([], { origin, now })).toThrow('A sitemap lists at least one URL');
  });

  it('keeps exactly 50,000 URLs in one file and makes an index at 50,001', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ path: `/learning-portal/p${i}` }));
    const one = buildSitemaps(many(50_000), { origin, now });
    expect(one.files.map((f) => f.name)).toEqual(['sitemap.xml']);
    expect(await urlsOf(one.files[0]!.xml)).toHaveLength(50_000);

    const split = buildSitemaps(many(50_001), { origin, now });
    expect(split.urlCount).toBe(50_001);
    expect(split.files.map((f) => f.name)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    // The index is a sitemapindex (siteindex.xsd), and not a urlset.
    expect(await sitemapsOf(split.files[0]!.xml)).toEqual([
      { loc: `${origin}/sitemap-1.xml`, lastmod: '2030-01-02T03:04:05Z' },
      { loc: `${origin}/sitemap-2.xml`, lastmod: '2030-01-02T03:04:05Z' },
    ]);
    await expect(urlsOf(split.files[0]!.xml)).rejects.toThrow(SitemapXmlError);
    const [first, second] = await Promise.all([urlsOf(split.files[1]!.xml), urlsOf(split.files[2]!.xml)]);
    expect(first).toHaveLength(50_000);
    expect(first[0]).toEqual({ loc: `${origin}/learning-portal/p0` });
    expect(second).toEqual([{ loc: `${origin}/learning-portal/p50000` }]);
  }, 60_000);

  it('also splits on the byte limit', async () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ path: `/${'x'.repeat(100)}${i}` }));
    const { files } = buildSitemaps(entries, { origin, now, maxBytesPerFile: 600 });
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) expect(new TextEncoder().encode(file.xml).length).toBeLessThanOrEqual(600);
    expect(await sitemapsOf(files[0]!.xml)).toHaveLength(files.length - 1);
    const listed = (await Promise.all(files.slice(1).map((file) => urlsOf(file.xml)))).flat();
    expect(listed).toHaveLength(10);
  });

  it('index lastmod is the newest page of each file', async () => {
    const { files } = buildSitemaps(
      [{ path: '/a', lastmod: '2029-01-01' }, { path: '/b', lastmod: '2029-03-01' }, { path: '/c' }],
      { origin, now, maxUrlsPerFile: 2 },
    );
    expect(await sitemapsOf(files[0]!.xml)).toEqual([
      { loc: `${origin}/sitemap-1.xml`, lastmod: '2029-03-01T00:00:00Z' },
      { loc: `${origin}/sitemap-2.xml`, lastmod: '2030-01-02T03:04:05Z' },
    ]);
  });
});

describe('the schema check the tests rely on', () => {
  const urlset = (body: string, namespace = SITEMAP_NAMESPACE) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${namespace}">${body}</urlset>\n`;

  it.each([
    ['an unescaped ampersand (not well-formed)', urlset('<url><loc>https://a.example/?a=1&b=2</loc></url>')],
    ['another namespace', urlset('<url><loc>https://a.example/x</loc></url>', 'http://example.com/ns')],
    ['no url at all', urlset('')],
    ['a url without loc', urlset('<url><lastmod>2029-01-01</lastmod></url>')],
    ['lastmod before loc', urlset('<url><lastmod>2029-01-01</lastmod><loc>https://a.example/x</loc></url>')],
    [
      'a lastmod that is not a W3C date',
      urlset('<url><loc>https://a.example/x</loc><lastmod>yesterday</lastmod></url>'),
    ],
    ['a loc shorter than 12 characters', urlset('<url><loc>http://a.b</loc></url>')],
    [
      'a loc longer than 2,048 characters',
      urlset(`<url><loc>https://a.example/${'x'.repeat(2048)}</loc></url>`),
    ],
    ['a priority above 1.0', urlset('<url><loc>https://a.example/x</loc><priority>1.5</priority></url>')],
  ])('rejects %s', async (_, xml) => {
    await expect(urlsOf(xml)).rejects.toThrow(SitemapXmlError);
  });

  it('rejects a urlset where an index is expected', async () => {
    await expect(sitemapsOf(urlset('<url><loc>https://a.example/x</loc></url>'))).rejects.toThrow(
      /No matching global declaration|sitemapindex/,
    );
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

describe('topical past papers pages', () => {
  const catalogue = {
    curricula: [{ slug: 'igcse' }, { slug: 'ib' }],
    subjects: [
      { _id: 's1', curriculumSlug: 'igcse', slug: 'maths' },
      { _id: 's2', curriculumSlug: 'igcse', slug: 'physics' },
      { _id: 's3', curriculumSlug: 'ib', slug: 'maths' },
      { _id: 'orphan', curriculumSlug: 'gone', slug: 'chemistry' },
    ],
    topics: [
      { _id: 't1', subjectId: 's1', slug: 'algebra' },
      { _id: 't2', subjectId: 's1', slug: 'number' },
      { _id: 't3', subjectId: 's2', slug: 'waves' },
      { _id: 't4', subjectId: 's3', slug: 'calculus' },
      { _id: 't5', subjectId: 'orphan', slug: 'bonding' },
    ],
    subTopics: [
      {
        _id: 'st1',
        topicId: 't1',
        slug: 'linear',
        updatedAt: '2029-01-01T00:00:00Z',
        resources: [{ kind: 'NOTES' }, { kind: 'PAST_PAPER' }],
      },
      {
        _id: 'st2',
        topicId: 't2',
        slug: 'fractions',
        updatedAt: '2029-05-01T00:00:00Z',
        resources: [{ kind: 'MARK_SCHEME' }],
      },
      // Newer, but without past papers: not the subject page's lastmod.
      {
        _id: 'st3',
        topicId: 't2',
        slug: 'ratio',
        updatedAt: '2029-09-01T00:00:00Z',
        resources: [{ kind: 'WORKSHEET' }],
      },
      { _id: 'st4', topicId: 't3', slug: 'sound', resources: [{ kind: 'NOTES' }] },
      { _id: 'st5', topicId: 't4', slug: 'integration', resources: [{ kind: 'PAST_PAPER' }] },
      { _id: 'st6', topicId: 't5', slug: 'ionic', resources: [{ kind: 'PAST_PAPER' }] },
      { _id: 'st7', topicId: 'gone', slug: 'lost', resources: [{ kind: 'PAST_PAPER' }] },
    ],
  };

  it('lists the page, then one URL per subject with past papers, as the SPA links to it', () => {
    expect(topicalPastPaperPages(catalogue)).toEqual([
      { path: '/learning-portal/topical-past-papers' },
      {
        path: '/learning-portal/topical-past-papers?curriculum=igcse&subject=maths',
        lastmod: '2029-05-01T00:00:00Z',
      },
      // Same subject slug in another curriculum: its own page, without a lastmod when none is known.
      { path: '/learning-portal/topical-past-papers?curriculum=ib&subject=maths' },
    ]);
  });

  it('lists nothing when no subject has past papers', () => {
    const without = { ...catalogue, subTopics: catalogue.subTopics.map((s) => ({ ...s, resources: [] })) };
    expect(topicalPastPaperPages(without)).toEqual([]);
    expect(topicalPastPaperPages({ ...catalogue, subTopics: [] })).toEqual([]);
  });

  it('writes the query string escaped in the sitemap and intact once parsed', async () => {
    const { files } = buildSitemaps(topicalPastPaperPages(catalogue), { origin, now });
    expect(files[0]!.xml).toContain('topical-past-papers?curriculum=igcse&amp;subject=maths</loc>');
    expect((await urlsOf(files[0]!.xml)).map((u) => u.loc)).toEqual([
      `${origin}/learning-portal/topical-past-papers`,
      `${origin}/learning-portal/topical-past-papers?curriculum=igcse&subject=maths`,
      `${origin}/learning-portal/topical-past-papers?curriculum=ib&subject=maths`,
    ]);
  });
});
