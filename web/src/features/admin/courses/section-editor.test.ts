import { describe, expect, it } from 'vitest';
import { deleteCallOf, mayMove, reorderUpdates } from './section-editor';

describe('mayMove', () => {
  const kinds = ['RESOURCE', 'ZOOM', 'TEAMS', 'HOMEWORK'].map((kind) => ({ kind }));

  it('moves a section past anything but the ends, and a lesson past anything but another lesson', () => {
    expect(mayMove(kinds, 0, -1)).toBe(false);
    expect(mayMove(kinds, 0, 1)).toBe(true);
    expect(mayMove(kinds, 1, -1)).toBe(true);
    // Lessons follow their dates among themselves.
    expect(mayMove(kinds, 1, 1)).toBe(false);
    expect(mayMove(kinds, 2, -1)).toBe(false);
    expect(mayMove(kinds, 2, 1)).toBe(true);
    expect(mayMove(kinds, 3, 1)).toBe(false);
  });
});

describe('reorderUpdates', () => {
  const siblings = [
    { _id: 'a', sortingKey: 1 },
    { _id: 'b', sortingKey: 2 },
    { _id: 'c', sortingKey: 3 },
  ];

  it('swaps a section with the one above, saving only the two that change', () => {
    expect(reorderUpdates(siblings, 2, -1)).toEqual([
      { _id: 'c', sortingKey: 2 },
      { _id: 'b', sortingKey: 3 },
    ]);
  });

  it('does nothing past either end', () => {
    expect(reorderUpdates(siblings, 0, -1)).toEqual([]);
    expect(reorderUpdates(siblings, 2, 1)).toEqual([]);
  });

  it('resolves tied and gapped keys by renumbering in the new order', () => {
    const tied = [
      { _id: 'a', sortingKey: 5 },
      { _id: 'b', sortingKey: 5 },
      { _id: 'c', sortingKey: 9 },
    ];
    expect(reorderUpdates(tied, 0, 1)).toEqual([
      { _id: 'b', sortingKey: 1 },
      { _id: 'a', sortingKey: 2 },
      { _id: 'c', sortingKey: 3 },
    ]);
  });
});

describe('deleteCallOf', () => {
  it('uses each kind’s own call and the spec toast', () => {
    expect(deleteCallOf('TEAMS')).toEqual({
      routeId: 'meetings.teamsAdminDelete',
      toast: 'Team Meeting Deleted',
    });
    expect(deleteCallOf('RESOURCE')).toEqual({ routeId: 'resources.adminDelete', toast: 'Resource Deleted' });
    expect(deleteCallOf('HOMEWORK')).toEqual({ routeId: 'sections.adminDelete', toast: 'Section Deleted' });
    expect(deleteCallOf('SECTION').toast).toBe('Section Deleted');
  });
});
