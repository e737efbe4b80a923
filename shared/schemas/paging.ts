import * as z from 'zod/mini';
import './zod-english';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** Query strings arrive as text; numbers are coerced and bounded so a page is never unbounded. */
export const pagingQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
});

export const sortValueSchema = z.enum(['asc', 'desc', 'ASC', 'DESC', '1', '-1']);

export const listQuerySchema = z.extend(pagingQuerySchema, {
  sortKey: z.optional(z.string().check(z.maxLength(64))),
  sortValue: z.optional(sortValueSchema),
  searchText: z.optional(z.string().check(z.maxLength(200))),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * Present when no index could answer the list alone (a search, or a filter or sort without one) and its
 * read stopped at its bound: `docs` and `totalDocs` then cover only the matches among the first `scanned`
 * records of the list's order (the newest, for the time-ordered lists), not the whole list. Absent, the
 * total is exact.
 */
export const partialPageSchema = z.object({ scanned: z.int() });
export type PartialPage = z.infer<typeof partialPageSchema>;

export function pageSchema<T extends z.core.$ZodType>(doc: T) {
  return z.object({
    limit: z.number(),
    offset: z.number(),
    totalDocs: z.number(),
    docs: z.array(doc),
    partial: z.optional(partialPageSchema),
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
