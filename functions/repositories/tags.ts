import { tagNameKey } from '../../shared/rules/tags';
import { type Tag, tagSchema } from '../../shared/schemas/learning-data';
import { uniqueKeyCollection } from '../crud/unique-key-collection';
import { collections, keys } from '../table/access-patterns';

/**
 * A tenant's tags: a small admin collection. Names are unique ignoring case, spacing and punctuation
 * (shared/rules/tags.ts): the name's key is claimed in the same transaction as a create or rename, so
 * concurrent writes cannot store two tags of one name. The id is the name's slug at creation and stays
 * through renames.
 */
export const tagsRepository = uniqueKeyCollection<Tag>({
  collection: collections.tags,
  schema: tagSchema,
  label: 'tag',
  searchFields: ['name'],
  sortFields: ['name', 'createdAt', 'updatedAt'],
  uniqueKey: (tag) => tagNameKey(tag.name),
  claimKey: keys.tagName,
  claimEntity: 'tagName',
  holderSchema: tagSchema.pick({ _id: true, name: true }),
  duplicateMessage: (tag, holder) => `The tag ${holder?.name ?? tag.name} already exists`,
});
