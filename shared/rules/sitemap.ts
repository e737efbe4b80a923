/**
 * sitemaps.org protocol 0.9: one `urlset` of at most 50,000 URLs and 50 MB (uncompressed) per file; a
 * site with more has a sitemap index (`sitemap.xml`) listing the numbered files (`sitemap-1.xml`...).
 * Every `loc` is an absolute URL, percent-encoded where needed and XML-escaped; `lastmod` is a W3C
 * datetime.
 */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const MAX_URLS_PER_SITEMAP = 50_000;
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

export interface SitemapEntry {
  /** A site path (`/learning-portal/cambridge-igcse`). */
  path: string;
  /** When the page last changed, as an ISO date or datetime. */
  lastmod?: string;
}

export interface SitemapFile {
  name: string;
  xml: string;
}

export interface SitemapOptions {
  /** The site's origin, e.g. `https://learn.example.com`. */
  origin: string;
  /** When the index was written (the index's own lastmod entries). */
  now: Date;
  maxUrlsPerFile?: number;
  maxBytesPerFile?: number;
}

export interface SitemapResult {
  files: SitemapFile[];
  urlCount: number;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** An absolute, percent-encoded URL of a site path (`new URL` encodes spaces and non-ASCII). */
export function absoluteLoc(origin: string, path: string): string {
  return new URL(path, `${origin.replace(/\/+$/, '')}/`).href;
}

/** A W3C datetime in UTC to the second, or undefined for a value that is not a date. */
export function w3cDate(value: string | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** UTF-8 length without allocating (shared/ runs in the browser too, where Buffer does not exist). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlElement(loc: string, lastmod: string | undefined): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
}

/**
 * Entries in, XML documents out. Duplicate URLs are listed once (with the latest lastmod). With at most
 * one file's worth of URLs the answer is one `sitemap.xml`; otherwise `sitemap.xml` is the index. No
 * entries at all is an error: sitemap.xsd requires at least one `<url>` (a site always has its home page).
 */
export function buildSitemaps(entries: readonly SitemapEntry[], options: SitemapOptions): SitemapResult {
  if (entries.length === 0) throw new RangeError('A sitemap lists at least one URL');
  const maxUrls = options.maxUrlsPerFile ?? MAX_URLS_PER_SITEMAP;
  const maxBytes = options.maxBytesPerFile ?? MAX_SITEMAP_BYTES;
  const byLoc = new Map<string, string | undefined>();
  for (const entry of entries) {
    const loc = absoluteLoc(options.origin, entry.path);
    const lastmod = w3cDate(entry.lastmod);
    const previous = byLoc.get(loc);
    byLoc.set(
      loc,
      previous === undefined || (lastmod !== undefined && lastmod > previous) ? lastmod : previous,
    );
  }

  const open = `${HEADER}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
  const close = '</urlset>\n';
  const chunks: Array<{ parts: string[]; lastmod?: string }> = [];
  let current: { parts: string[]; bytes: number; lastmod?: string } | undefined;
  for (const [loc, lastmod] of byLoc) {
    const element = urlElement(loc, lastmod);
    const bytes = utf8Length(element);
    if (!current || current.parts.length >= maxUrls || current.bytes + bytes + utf8Length(close) > maxBytes) {
      current = { parts: [], bytes: utf8Length(open) };
      chunks.push(current);
    }
    current.parts.push(element);
    current.bytes += bytes;
    if (lastmod && (!current.lastmod || lastmod > current.lastmod)) current.lastmod = lastmod;
  }

  const urlset = (parts: string[]) => `${open}${parts.join('')}${close}`;
  if (chunks.length === 1) {
    return { files: [{ name: 'sitemap.xml', xml: urlset(chunks[0]!.parts) }], urlCount: byLoc.size };
  }
  const generated = w3cDate(options.now)!;
  const files = chunks.map((chunk, i) => ({ name: `sitemap-${i + 1}.xml`, xml: urlset(chunk.parts) }));
  const index =
    `${HEADER}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n` +
    files
      .map(
        (file, i) =>
          `<sitemap><loc>${escapeXml(absoluteLoc(options.origin, `/${file.name}`))}</loc><lastmod>${chunks[i]!.lastmod ?? generated}</lastmod></sitemap>\n`,
      )
      .join('') +
    '</sitemapindex>\n';
  return { files: [{ name: 'sitemap.xml', xml: index }, ...files], urlCount: byLoc.size };
}

/** File names the site serves: `sitemap.xml` and `sitemap-N.xml`, nothing else (no path tricks). */
export function isSitemapFileName(name: string): boolean {
  return /^sitemap(-[1-9]\d{0,5})?\.xml$/.test(name);
}

/**
 * The site's robots.txt for one origin: everything may be crawled but the back-office, and the sitemap is
 * named so crawlers find it without being told. The edge function (infra/cloud/edge-routing.js) answers
 * the same text; test/infra checks the two agree.
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: /learning-portal/admin/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
