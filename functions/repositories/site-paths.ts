import type { CollectionOptions, CrudRecord } from '../crud/repository';
import { type UniqueKeyCollectionOptions, uniqueKeyCollection } from '../crud/unique-key-collection';
import { keys } from '../table/access-patterns';

export interface SitePathCollectionOptions<T extends CrudRecord> extends CollectionOptions<T> {
  /** The record field holding its site path: unique per tenant, and the key of the look-up. */
  pathField: keyof T & string;
  /** What the by-path item keeps, so a look-up is one GetItem and never reads the record. */
  holderSchema: UniqueKeyCollectionOptions<T>['holderSchema'];
  duplicateMessage: (path: string) => string;
}

/**
 * A CRUD collection whose records are reached by a unique site path (meta tags, redirections): the path is
 * the unique key (`T#t#<COLLECTION>#PATH#<path>`, see uniqueKeyCollection), so two records can never claim
 * one path (the second is a 409), and the public look-up (a page's meta tag, the local web server's
 * redirect) is a single GetItem of the claim.
 */
export function sitePathCollection<T extends CrudRecord>(options: SitePathCollectionOptions<T>) {
  const { collection, pathField } = options;
  const pathOf = (record: T) => String(record[pathField]);
  const base = uniqueKeyCollection<T>({
    ...options,
    uniqueKey: pathOf,
    claimKey: (tenant, path) => keys.sitePath(tenant, collection, path),
    claimEntity: `${collection}PATH`,
    duplicateMessage: (record) => options.duplicateMessage(pathOf(record)),
  });
  const { holderOf, ...rest } = base;

  /** The record's look-up fields for a site path (already cleaned), or undefined. */
  const byPath = (tenant: string, path: string) => holderOf(tenant, path);

  return { ...rest, byPath };
}
