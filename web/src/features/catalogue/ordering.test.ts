import { describe, expect, it } from 'vitest';
import { dragSourceIndex, moveItem } from './ordering';

describe('moveItem', () => {
  it('moves an item up or down, keeping the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
  });

  it('changes nothing for the same place or an index outside the list', () => {
    const items = ['a', 'b'];
    expect(moveItem(items, 1, 1)).toEqual(items);
    expect(moveItem(items, 0, -1)).toEqual(items);
    expect(moveItem(items, 2, 0)).toEqual(items);
    expect(moveItem(items, 0, 1)).not.toBe(items);
  });
});

describe('dragSourceIndex', () => {
  const items = [{ _id: 'x' }, { _id: 'y' }];
  it('finds the dragged item by the id in the drag data, else by the remembered index', () => {
    expect(dragSourceIndex(items, 'y', 0)).toBe(1);
    expect(dragSourceIndex(items, 'gone', 0)).toBe(-1);
    expect(dragSourceIndex(items, '', 0)).toBe(0);
    expect(dragSourceIndex(items, '', undefined)).toBe(-1);
  });
});
