import type { SitemapEntry } from './sitemap';

/** The portal's base path (spec 000 section 1): every public page of the sitemap lives under it. */
export const PORTAL_BASE_PATH = '/learning-portal';

/** What the sitemap needs of each catalogue level (a projection of the stored records). */
export interface SitemapCatalogue {
  curricula: ReadonlyArray<{ slug: string; updatedAt?: string }>;
  subjects: ReadonlyArray<{ _id: string; curriculumSlug: string; slug: string; updatedAt?: string }>;
  topics: ReadonlyArray<{ _id: string; subjectId: string; slug: string; updatedAt?: string }>;
  subTopics: ReadonlyArray<{ _id: string; topicId: string; slug: string; updatedAt?: string }>;
}

/**
 * The public pages of spec 000 section 2: home, then /{curriculum}, /{curriculum}/{subject},
 * /{curriculum}/{subject}/{topic} and the content pages /{curriculum}/{subject}/{topic}/{sub-topic}. A
 * record whose parent is missing (deleted, or not yet written) is left out rather than linked to a page
 * that would not resolve.
 */
export function sitemapPages(catalogue: SitemapCatalogue): SitemapEntry[] {
  const page = (parts: string[], lastmod?: string): SitemapEntry => ({
    path: `${PORTAL_BASE_PATH}/${parts.join('/')}`,
    ...(lastmod ? { lastmod } : {}),
  });
  const entries: SitemapEntry[] = [page([])];
  for (const curriculum of catalogue.curricula) entries.push(page([curriculum.slug], curriculum.updatedAt));

  const curriculumSlugs = new Set(catalogue.curricula.map((c) => c.slug));
  const subjectPaths = new Map<string, string[]>();
  for (const subject of catalogue.subjects) {
    if (!curriculumSlugs.has(subject.curriculumSlug)) continue;
    const parts = [subject.curriculumSlug, subject.slug];
    subjectPaths.set(subject._id, parts);
    entries.push(page(parts, subject.updatedAt));
  }
  const topicPaths = new Map<string, string[]>();
  for (const topic of catalogue.topics) {
    const parent = subjectPaths.get(topic.subjectId);
    if (!parent) continue;
    const parts = [...parent, topic.slug];
    topicPaths.set(topic._id, parts);
    entries.push(page(parts, topic.updatedAt));
  }
  for (const subTopic of catalogue.subTopics) {
    const parent = topicPaths.get(subTopic.topicId);
    if (parent) entries.push(page([...parent, subTopic.slug], subTopic.updatedAt));
  }
  return entries;
}
