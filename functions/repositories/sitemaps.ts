import type { SitemapGeneration } from '../../shared/schemas/sitemap';
import { collectionRepository } from '../crud/repository';
import { db, ScanCommand, tableName } from '../lib/db';
import { collections } from '../table/access-patterns';

/** Sitemap generations, newest first (a keys-only skip plus a maintained count, like every collection). */
export const sitemapsRepository = collectionRepository<SitemapGeneration>({
  collection: collections.sitemaps,
  label: 'sitemap generation',
  searchFields: [],
  sortFields: [],
});

/**
 * Every tenant's key, for the daily job that writes each tenant's sitemap. Tenants have no index of
 * their own yet, so this is a keys-only Scan filtered to tenant items: allowed for jobs (never on a
 * request path), once a day. A tenant index should replace it when tenants get their administration.
 */
export async function tenantKeysForJobs(): Promise<string[]> {
  const found: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(pk, :prefix) AND sk = :sk',
        ExpressionAttributeValues: { ':prefix': 'TENANT#', ':sk': 'TENANT' },
        ProjectionExpression: '#key',
        ExpressionAttributeNames: { '#key': 'key' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) if (typeof item.key === 'string') found.push(item.key);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return found.sort();
}
