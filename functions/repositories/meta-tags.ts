import { type MetaTag, metaTagSchema } from '../../shared/schemas/meta-tag';
import { collections } from '../table/access-patterns';
import { sitePathCollection } from './site-paths';

export const metaTagsRepository = sitePathCollection<MetaTag>({
  collection: collections.metaTags,
  schema: metaTagSchema,
  label: 'meta tag',
  searchFields: ['path', 'title', 'description'],
  sortFields: ['path', 'title', 'createdAt', 'updatedAt'],
  pathField: 'path',
  holderSchema: metaTagSchema.pick({ _id: true, title: true, description: true }),
  duplicateMessage: (path) => `A meta tag for ${path} already exists`,
});
