import { type SitemapGeneration, sitemapGenerationSchema } from '../../shared/schemas/sitemap';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

/** Sitemap generations, newest first (a keys-only skip plus a maintained count, like every collection). */
export const sitemapsRepository = collectionRepository<SitemapGeneration>({
  collection: collections.sitemaps,
  schema: sitemapGenerationSchema,
  label: 'sitemap generation',
  searchFields: [],
  sortFields: [],
});
