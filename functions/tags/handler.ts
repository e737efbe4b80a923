import { BadRequestError, ConflictError } from '../../shared/http/errors';
import { learningDataRoutes } from '../../shared/routes/learning-data';
import { clashingTag, MAX_TAGS, newTagId, tagNameKey } from '../../shared/rules/tags';
import type { Tag } from '../../shared/schemas/learning-data';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { tagsRepository } from '../repositories/tags';

/** Every tag of the tenant, for the name check (a bounded collection: at most MAX_TAGS). */
async function allTags(tenant: string): Promise<Tag[]> {
  const page = await tagsRepository.list(tenant, {
    limit: MAX_TAGS,
    offset: 0,
    sortKey: 'name',
    sortValue: 'asc',
  });
  return page.docs;
}

function requireNameKey(name: string): void {
  if (!tagNameKey(name)) throw new BadRequestError('Tag name needs at least one letter or digit');
}

export const handler = resourceHandler('tags', learningDataRoutes, {
  /** By name as one types (a substring, any case), in name order. */
  'tags.list': async ({ tenant, query }) => {
    const q = query;
    return tagsRepository.list(tenant.key, {
      limit: q.limit,
      offset: q.offset,
      searchText: q.name,
      sortKey: 'name',
      sortValue: 'asc',
    });
  },
  'tags.adminList': async ({ tenant, query }) => tagsRepository.list(tenant.key, query),
  /**
   * Two admins adding the same new name at once pick the same id, and the conditional insert lets only
   * one of them in (a 409 for the other).
   */
  'tags.create': async ({ tenant, body }) => {
    const { name, description } = body;
    requireNameKey(name);
    const tags = await allTags(tenant.key);
    const clash = clashingTag(tags, name);
    if (clash) throw new ConflictError(`The tag ${clash.name} already exists`);
    if (tags.length >= MAX_TAGS) throw new ConflictError(`A site holds at most ${MAX_TAGS} tags`);
    const id = newTagId(
      name,
      tags.map((tag) => tag._id),
    );
    return respond(201, await tagsRepository.create(tenant.key, { _id: id, name, description }));
  },
  /** The update itself is conditional on the version read (a 409 if someone saved meanwhile). */
  'tags.update': async ({ tenant, params, body }) => {
    const changes = body;
    if (changes.name !== undefined) {
      requireNameKey(changes.name);
      const clash = clashingTag(await allTags(tenant.key), changes.name, params.id);
      if (clash) throw new ConflictError(`The tag ${clash.name} already exists`);
    }
    return tagsRepository.update(tenant.key, params.id, changes);
  },
  'tags.delete': async ({ tenant, params }) => {
    await tagsRepository.remove(tenant.key, params.id);
    return { _id: params.id };
  },
});
