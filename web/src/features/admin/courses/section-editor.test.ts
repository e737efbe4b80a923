import { describe, expect, it } from 'vitest';
import {
  dateInZone,
  deleteCallOf,
  dueAtOf,
  reorderUpdates,
  saveCallOf,
  zonedInstant,
} from './section-editor';

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

describe('times in the admin’s zone', () => {
  it('reads a date and time in the zone as a UTC instant', () => {
    expect(zonedInstant('2030-03-05', '09:30', 'Asia/Singapore')).toBe('2030-03-05T01:30:00.000Z');
    expect(zonedInstant('2030-07-01', '10:00', 'Europe/London')).toBe('2030-07-01T09:00:00.000Z');
    expect(zonedInstant('', '10:00', 'UTC')).toBeUndefined();
    expect(zonedInstant('2030-02-30', '10:00', 'UTC')).toBeUndefined();
  });

  it('makes homework due at the end of the chosen day, and reads it back as that day', () => {
    const due = dueAtOf('2030-03-05', 'Asia/Singapore');
    expect(due).toBe('2030-03-05T15:59:59.000Z');
    expect(dateInZone(due, 'Asia/Singapore')).toBe('2030-03-05');
    expect(dueAtOf('', 'UTC')).toBeNull();
    expect(dateInZone(null, 'UTC')).toBe('');
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

describe('saveCallOf', () => {
  it('uses the admin calls in the back-office', () => {
    expect(saveCallOf('SECTION', 'create', 'admin')).toBe('sections.adminCreate');
    expect(saveCallOf('SECTION', 'edit', 'admin')).toBe('sections.adminUpdate');
    expect(saveCallOf('RESOURCE', 'create', 'admin')).toBe('resources.adminCreate');
    expect(saveCallOf('RESOURCE', 'edit', 'admin')).toBe('resources.adminUpdate');
  });

  it("uses the course tutor's calls in tutor edit mode", () => {
    expect(saveCallOf('SECTION', 'create', 'tutor')).toBe('sections.create');
    expect(saveCallOf('RESOURCE', 'create', 'tutor')).toBe('resources.create');
    expect(saveCallOf('RESOURCE', 'edit', 'tutor')).toBe('sections.update');
    expect(saveCallOf('SECTION', 'edit', 'tutor')).toBe('sections.update');
  });

  it('sets and changes homework through the homework calls either way', () => {
    for (const scope of ['admin', 'tutor'] as const) {
      expect(saveCallOf('HOMEWORK', 'create', scope)).toBe('homeworks.create');
      expect(saveCallOf('HOMEWORK', 'edit', scope)).toBe('homeworks.update');
    }
  });
});
