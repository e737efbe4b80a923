import type { SitemapEntry } from '../../shared/rules/sitemap';
import { type SitemapCatalogue, sitemapPages, topicalPastPaperPages } from '../../shared/rules/sitemap-pages';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';
import { curriculumRecordSchema } from '../repositories/curriculums';
import { collections, keys } from '../table/access-patterns';
import { queryProjected } from '../table/projection';

/** What a curriculum's page needs: its slug and when it last changed. */
const curriculumPage = curriculumRecordSchema
  .pick({ slug: true, updatedAt: true })
  .partial({ updatedAt: true });

/** The catalogue levels the sitemap lists, each read with one projected query (no record bodies). */
async function readCatalogue(tenant: string): Promise<SitemapCatalogue> {
  const [curricula, subjects, topics, subTopics] = await Promise.all([
    queryProjected(curriculumPage, {
      index: 'gsi1',
      partition: keys.collection(tenant, collections.curriculums),
    }),
    subjectsRepository.all(tenant),
    topicsRepository.listings(tenant),
    // `resources` for the kinds only (the topical past papers pages); the content stays unread.
    subTopicsRepository.allResources(tenant),
  ]);
  return { curricula, subjects, topics, subTopics };
}

/** A source of public pages outside the catalogue's own, given the catalogue already read (one read). */
export type SitemapSource = (tenant: string, catalogue: SitemapCatalogue) => Promise<SitemapEntry[]>;

/**
 * The public pages outside the curriculum, subject, topic and sub-topic pages: the topical past papers
 * page and one per subject with past papers. A new public page kind (public course pages...) adds its
 * source here.
 */
export const extraSitemapSources: SitemapSource[] = [
  async (_tenant, catalogue) => topicalPastPaperPages(catalogue),
];

/** Every public page of a tenant: the catalogue pages, then whatever the extra sources add. */
export async function sitemapPageSource(tenant: string): Promise<SitemapEntry[]> {
  const catalogue = await readCatalogue(tenant);
  const extra = await Promise.all(extraSitemapSources.map((source) => source(tenant, catalogue)));
  return [...sitemapPages(catalogue), ...extra.flat()];
}
