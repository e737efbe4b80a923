import * as z from 'zod';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** Query strings arrive as text; numbers are coerced and bounded so a page is never unbounded. */
export const pagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const sortValueSchema = z.enum(['asc', 'desc', 'ASC', 'DESC', '1', '-1']);

export const listQuerySchema = pagingQuerySchema.extend({
  sortKey: z.string().max(64).optional(),
  sortValue: sortValueSchema.optional(),
  searchText: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * Present when no index could answer the list alone (a search, or a filter or sort without one) and its
 * read stopped at its bound: `docs` and `totalDocs` then cover only the matches among the first `scanned`
 * records of the list's order (the newest, for the time-ordered lists), not the whole list. Absent, the
 * total is exact.
 */
export const partialPageSchema = z.object({ scanned: z.number().int() });
export type PartialPage = z.infer<typeof partialPageSchema>;

export function pageSchema<T extends z.ZodType>(doc: T) {
  return z.object({
    limit: z.number(),
    offset: z.number(),
    totalDocs: z.number(),
    docs: z.array(doc),
    partial: partialPageSchema.optional(),
  });
}
export interface Page<T> {
  limit: number;
  offset: number;
  totalDocs: number;
  docs: T[];
  partial?: PartialPage;
}

export function isDescending(sortValue: ListQuery['sortValue']): boolean {
  return sortValue === 'desc' || sortValue === 'DESC' || sortValue === '-1';
}
