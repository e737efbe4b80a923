import { catalogueSlug } from '../../shared/catalogue/paths';
import { BadRequestError, ConflictError } from '../../shared/http/errors';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { tagsRepository } from '../repositories/tags';
import { learningDataRoutes } from '../../shared/routes/learning-data';

export const handler = resourceHandler('tags', learningDataRoutes, {
  /** By name as one types (a substring, any case), in name order. */
  'tags.list': async ({ tenant, query }) => {
    const q = query as { limit: number; offset: number; name?: string };
    return tagsRepository.list(tenant.key, {
      limit: q.limit,
      offset: q.offset,
      searchText: q.name,
      sortKey: 'name',
      sortValue: 'asc',
    });
  },
  'tags.create': async ({ tenant, body }) => {
    const { name, description } = body as { name: string; description: string };
    const id = catalogueSlug(name);
    if (!id) throw new BadRequestError('Tag name needs at least one letter or digit');
    const existing = await tagsRepository.get(tenant.key, id);
    if (existing) throw new ConflictError(`The tag ${existing.name} already exists`);
    return respond(201, await tagsRepository.create(tenant.key, { _id: id, name, description }));
  },
  'tags.delete': async ({ tenant, params }) => {
    await tagsRepository.remove(tenant.key, params.id!);
    return { _id: params.id! };
  },
});
