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

export function pageSchema<T extends z.ZodType>(doc: T) {
  return z.object({
    limit: z.number(),
    offset: z.number(),
    totalDocs: z.number(),
    docs: z.array(doc),
  });
}
export interface Page<T> {
  limit: number;
  offset: number;
  totalDocs: number;
  docs: T[];
}

export function isDescending(sortValue: ListQuery['sortValue']): boolean {
  return sortValue === 'desc' || sortValue === 'DESC' || sortValue === '-1';
}
