import { MAX_PAGE_SIZE, type Page } from '../../../shared/schemas/paging';

/**
 * Every record of a paged list (`{ limit, offset, totalDocs, docs }`): the first page says how many there
 * are, the rest are read together. A record seen on two pages (the list changed between reads) is kept once.
 * For screens that must show all of a bounded set, e.g. every lesson of a calendar month.
 */
export async function readAllPages<T extends { _id: string }>(
  readPage: (offset: number, limit: number) => Promise<Pick<Page<T>, 'totalDocs' | 'docs'>>,
  pageSize = MAX_PAGE_SIZE,
): Promise<T[]> {
  const first = await readPage(0, pageSize);
  // Step by what the server actually gave, in case it pages smaller than asked.
  const step = first.docs.length;
  const offsets: number[] = [];
  if (step > 0) for (let offset = step; offset < first.totalDocs; offset += step) offsets.push(offset);
  const rest = await Promise.all(offsets.map((offset) => readPage(offset, pageSize)));
  const seen = new Set<string>();
  const all: T[] = [];
  for (const doc of [first, ...rest].flatMap((page) => page.docs)) {
    if (seen.has(doc._id)) continue;
    seen.add(doc._id);
    all.push(doc);
  }
  return all;
}
