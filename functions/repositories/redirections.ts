import { type Redirection, redirectionSchema } from '../../shared/schemas/redirection';
import { collections, keys } from '../table/access-patterns';
import { keyConditionQuery } from '../table/entity';
import { queryItems } from '../table/query';
import { sitePathCollection } from './site-paths';

const collection = sitePathCollection<Redirection>({
  collection: collections.redirections,
  schema: redirectionSchema,
  label: 'redirection',
  searchFields: ['from', 'to'],
  sortFields: ['from', 'to', 'statusCode', 'createdAt', 'updatedAt'],
  pathField: 'from',
  holderSchema: redirectionSchema.pick({ _id: true, to: true, statusCode: true }),
  duplicateMessage: (path) => `A redirection from ${path} already exists`,
});

export const redirectionsRepository = {
  ...collection,
  /**
   * Every redirection of the tenant (the edge store's daily reconcile): one Query of its partition, each
   * record parsed with the record's schema (the records are the collection's; see crud/repository.ts).
   */
  all: async (tenant: string): Promise<Redirection[]> => {
    const partition = keys.collection(tenant, collections.redirections);
    return (await queryItems(keyConditionQuery({ partition }))).map((item) => redirectionSchema.parse(item));
  },
};
