import { describe, expect, it } from 'vitest';
import { dateInZone, dueAtOf, saveCallOf } from './section-save';

describe('homework due dates in the setter’s zone', () => {
  it('makes homework due at the end of the chosen day, and reads it back as that day', () => {
    const due = dueAtOf('2030-03-05', 'Asia/Singapore');
    expect(due).toBe('2030-03-05T15:59:59.000Z');
    expect(dateInZone(due, 'Asia/Singapore')).toBe('2030-03-05');
    expect(dueAtOf('', 'UTC')).toBeNull();
    expect(dateInZone(null, 'UTC')).toBe('');
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
