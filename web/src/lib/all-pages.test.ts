import { describe, expect, it } from 'vitest';
import type { Page } from '../../../shared/schemas/paging';
import { readAllPages } from './all-pages';

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ _id: `r${i}` }));

/** A paged list over `all`, serving at most `cap` a page, recording the offsets asked. */
function pagedList(all: Array<{ _id: string }>, cap = 100) {
  const asked: number[] = [];
  const read = async (offset: number, limit: number): Promise<Page<{ _id: string }>> => {
    asked.push(offset);
    const size = Math.min(limit, cap);
    return { limit: size, offset, totalDocs: all.length, docs: all.slice(offset, offset + size) };
  };
  return { read, asked };
}

describe('readAllPages', () => {
  it('reads one page when everything fits', async () => {
    const list = pagedList(records(42));
    expect(await readAllPages(list.read)).toHaveLength(42);
    expect(list.asked).toEqual([0]);
  });

  it('reads every page past the first, using totalDocs', async () => {
    const list = pagedList(records(250));
    const all = await readAllPages(list.read);
    expect(all.map((r) => r._id)).toEqual(records(250).map((r) => r._id));
    expect(list.asked.sort((a, b) => a - b)).toEqual([0, 100, 200]);
  });

  it('steps by the size the server gives when it pages smaller than asked', async () => {
    const list = pagedList(records(25), 10);
    expect(await readAllPages(list.read, 100)).toHaveLength(25);
    expect(list.asked.sort((a, b) => a - b)).toEqual([0, 10, 20]);
  });

  it('keeps a record seen on two pages once, and stops on an empty first page', async () => {
    const overlapping = async (offset: number): Promise<Page<{ _id: string }>> => ({
      limit: 2,
      offset,
      totalDocs: 4,
      docs: offset === 0 ? [{ _id: 'a' }, { _id: 'b' }] : [{ _id: 'b' }, { _id: 'c' }],
    });
    expect((await readAllPages(overlapping, 2)).map((r) => r._id)).toEqual(['a', 'b', 'c']);
    const empty = pagedList([]);
    expect(await readAllPages(empty.read)).toEqual([]);
    expect(empty.asked).toEqual([0]);
  });
});
