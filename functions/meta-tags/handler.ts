import { metaTagRoutes } from '../../shared/routes/site';
import { cleanSitePath } from '../../shared/rules/slug';
import type { MetaTagLookup } from '../../shared/schemas/meta-tag';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { ttlCache } from '../lib/ttl-cache';
import { metaTagsRepository } from '../repositories/meta-tags';

/**
 * Every page view asks for its meta tag, so look-ups are cached: 30 s in a warm container (a write
 * clears this container's cache at once) and 30 s in the browser. An admin's change shows everywhere
 * within a minute.
 */
const lookups = ttlCache<MetaTagLookup>(30_000, 5_000);
const CACHE_SECONDS = 30;

const crud = crudOperations({ resource: 'meta-tags', label: 'meta tag', repository: metaTagsRepository });
const clearingLookups =
  <Input, Output>(operation: (request: Input) => Promise<Output>) =>
  async (request: Input): Promise<Output> => {
    const result = await operation(request);
    lookups.clear();
    return result;
  };

export const handler = resourceHandler('meta-tags', metaTagRoutes, {
  ...crud,
  'meta-tags.create': clearingLookups(crud['meta-tags.create']),
  'meta-tags.update': clearingLookups(crud['meta-tags.update']),
  'meta-tags.delete': clearingLookups(crud['meta-tags.delete']),
  'meta-tags.byPath': async ({ tenant, query }) => {
    const path = cleanSitePath(query.path);
    const found = await lookups.get(`${tenant.key}#${path}`, async () => {
      const tag = await metaTagsRepository.byPath(tenant.key, path);
      return tag ? { title: tag.title, description: tag.description } : {};
    });
    return respond(200, found, {
      'cache-control': `public, max-age=${CACHE_SECONDS}`,
      vary: 'Origin, x-tenant-key',
    });
  },
});
