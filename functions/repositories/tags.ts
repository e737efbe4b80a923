import type { Tag } from '../../shared/schemas/learning-data';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

/** A tenant's tags: a small admin collection (names unique: the id is the lower-cased name's slug). */
export const tagsRepository = collectionRepository<Tag>({
  collection: collections.tags,
  label: 'tag',
  searchFields: ['name'],
  sortFields: ['name', 'createdAt'],
});
