import { pastPaperKinds } from '../schemas/catalogue';
import type { SitemapEntry } from './sitemap';

/** The portal's base path (spec 000 section 1): every public page of the sitemap lives under it. */
export const PORTAL_BASE_PATH = '/learning-portal';

/** What the sitemap needs of each catalogue level (a projection of the stored records). */
export interface SitemapCatalogue {
  curricula: ReadonlyArray<{ slug: string; updatedAt?: string }>;
  subjects: ReadonlyArray<{ _id: string; curriculumSlug: string; slug: string; updatedAt?: string }>;
  topics: ReadonlyArray<{ _id: string; subjectId: string; slug: string; updatedAt?: string }>;
  subTopics: ReadonlyArray<{
    _id: string;
    topicId: string;
    slug: string;
    updatedAt?: string;
    /** Only the kinds are needed: past-paper resources make the subject's topical past papers page. */
    resources?: ReadonlyArray<{ kind: string }>;
  }>;
}

/** The SPA's topical past papers page (web/src/config/paths.ts `topicalPastPapers`). */
export const TOPICAL_PAST_PAPERS_PATH = `${PORTAL_BASE_PATH}/topical-past-papers`;

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

const isPastPaper = (resource: { kind: string }) =>
  (pastPaperKinds as readonly string[]).includes(resource.kind);

/**
 * The topical past papers pages: `/topical-past-papers` itself, and for each subject with past papers the
 * URL the SPA links to and renders once a curriculum and a subject are picked,
 * `/topical-past-papers?curriculum={curriculum}&subject={subject}` (the subject page's "Topical past papers"
 * button, the same query string the page's own pickers write). A subject without past papers is left out:
 * its page only says there are none yet. So is the curriculum-only URL (`?curriculum=`): it shows nothing
 * but the subject picker, the same page as `/topical-past-papers`. The lastmod of a subject's page is the
 * newest change to a sub-topic holding its papers.
 */
export function topicalPastPaperPages(catalogue: SitemapCatalogue): SitemapEntry[] {
  const curriculumSlugs = new Set(catalogue.curricula.map((c) => c.slug));
  const subjects = new Map(
    catalogue.subjects.filter((s) => curriculumSlugs.has(s.curriculumSlug)).map((s) => [s._id, s]),
  );
  const subjectOfTopic = new Map(
    catalogue.topics.filter((t) => subjects.has(t.subjectId)).map((t) => [t._id, t.subjectId]),
  );
  // Subject id -> the newest lastmod of its sub-topics with past papers ('' when none has one).
  const withPapers = new Map<string, string>();
  for (const subTopic of catalogue.subTopics) {
    const subjectId = subjectOfTopic.get(subTopic.topicId);
    if (!subjectId || !subTopic.resources?.some(isPastPaper)) continue;
    const newest = withPapers.get(subjectId) ?? '';
    const lastmod = subTopic.updatedAt ?? '';
    withPapers.set(subjectId, lastmod > newest ? lastmod : newest);
  }
  if (withPapers.size === 0) return [];

  const entries: SitemapEntry[] = [{ path: TOPICAL_PAST_PAPERS_PATH }];
  // In catalogue order (subjects as listed), not in the order their sub-topics were read.
  for (const subject of subjects.values()) {
    const lastmod = withPapers.get(subject._id);
    if (lastmod === undefined) continue;
    const query = new URLSearchParams({ curriculum: subject.curriculumSlug, subject: subject.slug });
    entries.push({ path: `${TOPICAL_PAST_PAPERS_PATH}?${query}`, ...(lastmod ? { lastmod } : {}) });
  }
  return entries;
}
