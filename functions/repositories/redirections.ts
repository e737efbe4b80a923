import type { Redirection } from '../../shared/schemas/redirection';
import { collections } from '../table/access-patterns';
import { sitePathCollection } from './site-paths';

export const redirectionsRepository = sitePathCollection<Redirection>({
  collection: collections.redirections,
  label: 'redirection',
  searchFields: ['from', 'to'],
  sortFields: ['from', 'to', 'statusCode', 'createdAt', 'updatedAt'],
  pathField: 'from',
  lookupFields: ['to', 'statusCode'],
  duplicateMessage: (path) => `A redirection from ${path} already exists`,
});
