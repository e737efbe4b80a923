import { describe, expect, it } from 'vitest';
import { catalogueSlug, mergeSortingOrder, parseCataloguePath, reorderByIds, uniqueSlug } from './paths';

describe('catalogueSlug', () => {
  it('lowercases, trims and hyphenates as the spec helper does, then drops punctuation', () => {
    expect(catalogueSlug('  Cambridge IGCSE ')).toBe('cambridge-igcse');
    expect(catalogueSlug('Algebra & Graphs')).toBe('algebra-graphs');
    expect(catalogueSlug('Forces (Motion)/Energy')).toBe('forces-motion-energy');
    expect(catalogueSlug('Café  Ratios')).toBe('cafe-ratios');
    expect(catalogueSlug('---')).toBe('');
  });
});

describe('uniqueSlug', () => {
  it('keeps the plain slug when free and numbers it otherwise', () => {
    expect(uniqueSlug('Vectors', [])).toBe('vectors');
    expect(uniqueSlug('Vectors', ['vectors'])).toBe('vectors-2');
    expect(uniqueSlug('Vectors', ['vectors', 'vectors-2'])).toBe('vectors-3');
    expect(uniqueSlug('!!!', [])).toBe('untitled');
  });
});

describe('parseCataloguePath', () => {
  it('accepts one to four slug parts and nothing else', () => {
    expect(parseCataloguePath('/cambridge-igcse/mathematics')).toEqual(['cambridge-igcse', 'mathematics']);
    expect(parseCataloguePath('/a/b/c/d?x=1')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseCataloguePath('/')).toBeUndefined();
    expect(parseCataloguePath('/a/b/c/d/e')).toBeUndefined();
    expect(parseCataloguePath('/Cambridge IGCSE')).toBeUndefined();
  });
});

describe('mergeSortingOrder', () => {
  const topics = [
    { _id: 'a', name: 'Algebra', sortingOrder: 1 },
    { _id: 'b', name: 'Number', sortingOrder: 2 },
    { _id: 'c', name: 'Geometry', sortingOrder: 3 },
  ];
  it('merges the new order by topicId and keeps the others', () => {
    const merged = mergeSortingOrder(topics, [{ topicId: 'c', sortingOrder: 0 }]);
    expect(merged.map((t) => t._id)).toEqual(['c', 'a', 'b']);
  });
  it('breaks ties by name', () => {
    const merged = mergeSortingOrder(topics, [
      { topicId: 'a', sortingOrder: 5 },
      { topicId: 'b', sortingOrder: 5 },
    ]);
    expect(merged.map((t) => t._id)).toEqual(['c', 'a', 'b']);
  });
});

describe('reorderByIds', () => {
  const items = [{ _id: 'x' }, { _id: 'y' }];
  it('orders by the ids given', () => {
    expect(reorderByIds(items, ['y', 'x'])).toEqual([{ _id: 'y' }, { _id: 'x' }]);
  });
  it('refuses missing, repeated or unknown ids', () => {
    expect(reorderByIds(items, ['y'])).toBe('Give every video link exactly once');
    expect(reorderByIds(items, ['y', 'y'])).toBe('Give every video link exactly once');
    expect(reorderByIds(items, ['y', 'z'])).toBe('Unknown video link z');
  });
});
