import type { AdminListQuery } from './admin-list-page';

/**
 * What the finance lists (invoices, payment history, transaction logs, manual adjustments, call logs,
 * penalty waivers) send their routes from the list page's query: the paging, the text filters that are set
 * (a filter left at "all" is absent), and the sort of the one column their route sorts by.
 */
export function listQuery<const K extends string>(
  query: AdminListQuery,
  filterKeys: readonly K[],
  sortColumn?: string,
): { limit: number; offset: number; sort?: 'asc' | 'desc' } & Partial<Record<K, string>> {
  const filters: Partial<Record<K, string>> = {};
  for (const key of filterKeys) {
    const value = query[key];
    if (typeof value === 'string' && value !== '') filters[key] = value;
  }
  const sort = sortColumn !== undefined && query.sortKey === sortColumn ? query.sortValue : undefined;
  return { limit: query.limit, offset: query.offset, ...filters, ...(sort ? { sort } : {}) };
}
