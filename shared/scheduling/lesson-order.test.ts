import { describe, expect, it } from 'vitest';
import { buildSectionTree, type Section } from '../schemas/section';
import {
  compareLessonDates,
  type DatedSection,
  lessonLabel,
  lessonNumbers,
  orderSections,
} from './lesson-order';

let made = 0;
/** A section made after the previous one (creation order = call order unless told). */
function section(id: string, fields: Partial<DatedSection> = {}): DatedSection {
  made += 1;
  return {
    _id: id,
    kind: 'ZOOM',
    sortingKey: made,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, made)).toISOString(),
    status: 'ACTIVE',
    ...fields,
  };
}
const ids = (list: DatedSection[]) => list.map((s) => s._id);

describe('orderSections', () => {
  it('lists lessons by date, not by the order they were booked in', () => {
    const monthAway = section('month-away', { start: '2026-12-26T10:00:00.000Z' });
    const tomorrow = section('tomorrow', { start: '2026-11-27T10:00:00.000Z' });
    expect(ids(orderSections([monthAway, tomorrow]))).toEqual(['tomorrow', 'month-away']);
  });

  it('orders by instant whatever offset the time is written with', () => {
    // 09:00 in Singapore (01:00 UTC) is before 02:00 UTC, though its text sorts after it.
    const singapore = section('singapore', { start: '2026-11-27T09:00:00+08:00' });
    const utc = section('utc', { start: '2026-11-27T02:00:00Z' });
    expect(ids(orderSections([utc, singapore]))).toEqual(['singapore', 'utc']);
  });

  it('keeps lessons at the same instant in the order they were made, then by id', () => {
    const first = section('b-first', { start: '2026-11-27T10:00:00.000Z' });
    const second = section('a-second', { start: '2026-11-27T10:00:00Z' });
    expect(ids(orderSections([second, first]))).toEqual(['b-first', 'a-second']);
    const sameTime = { createdAt: '2026-01-01T00:00:00.000Z', start: '2026-11-27T10:00:00.000Z' };
    expect(ids(orderSections([section('z', sameTime), section('y', sameTime)]))).toEqual(['y', 'z']);
  });

  it('puts lessons without a time after the dated ones, in the order they were placed', () => {
    const later = section('unscheduled-2', { sortingKey: 9 });
    const earlier = section('unscheduled-1', { sortingKey: 8 });
    const dated = section('dated', { start: '2026-11-27T10:00:00.000Z', sortingKey: 10 });
    expect(ids(orderSections([later, dated, earlier]))).toEqual(['dated', 'unscheduled-1', 'unscheduled-2']);
  });

  it('leaves folders, resources and homework where they were placed, lessons filling the places lessons hold', () => {
    const notes = section('notes', { kind: 'RESOURCE', sortingKey: 1 });
    const late = section('late', { start: '2026-12-20T10:00:00.000Z', sortingKey: 2 });
    const homework = section('homework', { kind: 'HOMEWORK', sortingKey: 3 });
    const early = section('early', { kind: 'TEAMS', start: '2026-11-28T10:00:00.000Z', sortingKey: 4 });
    expect(ids(orderSections([early, homework, late, notes]))).toEqual([
      'notes',
      'early',
      'homework',
      'late',
    ]);
  });
});

describe('lessonNumbers', () => {
  it('numbers lessons by date across the course, and renumbers when an earlier one is added', () => {
    const a = section('a', { start: '2026-12-01T10:00:00.000Z' });
    const b = section('b', { start: '2026-12-08T10:00:00.000Z' });
    expect([...lessonNumbers([a, b])]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    const earlier = section('earlier', { start: '2026-11-27T10:00:00.000Z' });
    expect(Object.fromEntries(lessonNumbers([a, b, earlier]))).toEqual({ earlier: 1, a: 2, b: 3 });
  });

  it('counts neither cancelled lessons, nor lessons without a time, nor other sections', () => {
    const held = section('held', { start: '2026-12-01T10:00:00.000Z' });
    const cancelled = section('cancelled', { start: '2026-11-30T10:00:00.000Z', status: 'CANCELLED' });
    const undated = section('undated');
    const homework = section('homework', { kind: 'HOMEWORK' });
    const after = section('after', { start: '2026-12-02T10:00:00.000Z' });
    expect(Object.fromEntries(lessonNumbers([held, cancelled, undated, homework, after]))).toEqual({
      held: 1,
      after: 2,
    });
  });
});

describe('lessonLabel', () => {
  it('names a lesson by its number, replacing a number of its own', () => {
    expect(lessonLabel('Lesson 5', 1)).toBe('Lesson 1');
    expect(lessonLabel('Lesson 12: Vectors', 3)).toBe('Lesson 3: Vectors');
    expect(lessonLabel('lesson 2 - Forces', 4)).toBe('Lesson 4: Forces');
    expect(lessonLabel('Vectors', 2)).toBe('Lesson 2: Vectors');
    expect(lessonLabel('Lessons learnt', 2)).toBe('Lesson 2: Lessons learnt');
    expect(lessonLabel('Lesson plan review', 2)).toBe('Lesson 2: Lesson plan review');
    // A student's booking is titled "Lesson": its number is its date's.
    expect(lessonLabel('Lesson', 6)).toBe('Lesson 6');
    expect(lessonLabel('Lesson: Optics', 6)).toBe('Lesson 6: Optics');
  });

  it('keeps the title of a lesson without a number', () => {
    expect(lessonLabel('Lesson 5', undefined)).toBe('Lesson 5');
  });
});

describe('buildSectionTree', () => {
  it('gives each folder its lessons in date order', () => {
    const base = {
      course: 'c',
      description: '',
      audience: 'STUDENT',
      type: 'LESSON',
      billing: 'BILLABLE',
    } as const;
    const row = (fields: Partial<Section> & Pick<Section, '_id' | 'kind' | 'sortingKey'>): Section => ({
      ...base,
      parent: null,
      title: fields._id,
      status: 'ACTIVE',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      ...fields,
    });
    const tree = buildSectionTree([
      row({ _id: 'unit', kind: 'SECTION', sortingKey: 1 }),
      row({ _id: 'month-away', kind: 'ZOOM', sortingKey: 1, parent: 'unit', start: '2026-12-26T10:00:00Z' }),
      row({ _id: 'tomorrow', kind: 'ZOOM', sortingKey: 2, parent: 'unit', start: '2026-11-27T10:00:00Z' }),
    ]);
    expect(tree[0]?.sections.map((s) => s._id)).toEqual(['tomorrow', 'month-away']);
  });
});

describe('compareLessonDates', () => {
  it('sorts any list the same way whatever order it comes in', () => {
    const list = [
      section('undated'),
      section('late', { start: '2026-12-20T10:00:00Z' }),
      section('early', { start: '2026-11-28T10:00:00+01:00' }),
      section('unreadable', { start: 'not a date' }),
    ];
    const sorted = ids([...list].sort(compareLessonDates));
    expect(sorted).toEqual(['early', 'late', 'undated', 'unreadable']);
    expect(ids([...list].reverse().sort(compareLessonDates))).toEqual(sorted);
  });
});
