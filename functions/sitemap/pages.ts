import type { SitemapEntry } from '../../shared/rules/sitemap';
import { type SitemapCatalogue, sitemapPages } from '../../shared/rules/sitemap-pages';
import { subjectsRepository, subTopicsRepository, topicsRepository } from '../repositories/catalogue';
import { collections, keys } from '../table/access-patterns';
import { queryIndex } from '../table/query';

/** The catalogue levels the sitemap lists, each read with one projected query (no record bodies). */
async function readCatalogue(tenant: string): Promise<SitemapCatalogue> {
  const [curricula, subjects, topics, subTopics] = await Promise.all([
    queryIndex<{ slug: string; updatedAt?: string }>(
      'gsi1',
      keys.collection(tenant, collections.curriculums),
      ['slug', 'updatedAt'],
    ),
    subjectsRepository.all(tenant),
    topicsRepository.all(tenant, ['_id', 'subjectId', 'slug', 'updatedAt'] as const),
    subTopicsRepository.all(tenant, ['_id', 'topicId', 'slug', 'updatedAt'] as const),
  ]);
  return { curricula, subjects, topics, subTopics };
}

/**
 * The seam for public pages outside the curriculum catalogue (past papers, topical past papers, public
 * course pages...): each source answers its pages of a tenant, and the sitemap lists them too. None yet.
 */
export const extraSitemapSources: Array<(tenant: string) => Promise<SitemapEntry[]>> = [];

/** Every public page of a tenant: the catalogue pages, then whatever the extra sources add. */
export async function sitemapPageSource(tenant: string): Promise<SitemapEntry[]> {
  const catalogue = sitemapPages(await readCatalogue(tenant));
  const extra = await Promise.all(extraSitemapSources.map((source) => source(tenant)));
  return [...catalogue, ...extra.flat()];
}
