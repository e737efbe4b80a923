import type { Tag } from '../../shared/schemas/learning-data';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

/**
 * A tenant's tags: a small admin collection. Names are unique ignoring case (shared/rules/tags.ts); the
 * id is the name's slug at creation and stays through renames.
 */
export const tagsRepository = collectionRepository<Tag>({
  collection: collections.tags,
  label: 'tag',
  searchFields: ['name'],
  sortFields: ['name', 'createdAt', 'updatedAt'],
});
