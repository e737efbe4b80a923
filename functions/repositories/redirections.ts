import type { Redirection } from '../../shared/schemas/redirection';
import { collections, keys } from '../table/access-patterns';
import { queryAll } from '../table/query';
import { sitePathCollection } from './site-paths';

const collection = sitePathCollection<Redirection>({
  collection: collections.redirections,
  label: 'redirection',
  searchFields: ['from', 'to'],
  sortFields: ['from', 'to', 'statusCode', 'createdAt', 'updatedAt'],
  pathField: 'from',
  lookupFields: ['to', 'statusCode'],
  duplicateMessage: (path) => `A redirection from ${path} already exists`,
});

export const redirectionsRepository = {
  ...collection,
  /** Every redirection of the tenant (the edge store's daily reconcile): one Query of its partition. */
  all: (tenant: string) =>
    queryAll<Redirection>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.collection(tenant, collections.redirections) },
    }),
};
