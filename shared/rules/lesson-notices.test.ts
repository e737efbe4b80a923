import { describe, expect, it } from 'vitest';
import { calendarSequence, lessonNotice, type NoticedLesson } from './lesson-notices';

const now = '2026-03-01T00:00:00.000Z';
const lesson: NoticedLesson = {
  _id: 'l1',
  course: 'c1',
  title: 'Algebra',
  kind: 'ZOOM',
  status: 'ACTIVE',
  start: '2026-03-04T09:00:00.000Z',
  end: '2026-03-04T10:00:00.000Z',
  tutorId: 't1',
  studentIds: ['s1', 's2'],
  createdAt: '2026-02-01T00:00:00.000Z',
  updatedAt: '2026-02-01T00:00:00.000Z',
};
const later = (changes: Partial<NoticedLesson>): NoticedLesson => ({
  ...lesson,
  updatedAt: '2026-02-01T00:10:00.000Z',
  ...changes,
});

describe('which notice a lesson write gives', () => {
  it('a new live lesson is scheduled, with sequence 0', () => {
    const notice = lessonNotice(undefined, lesson, 'Maths', now);
    expect(notice?.type).toBe('LessonScheduled');
    expect(notice?.detail.lesson).toMatchObject({ sectionId: 'l1', courseTitle: 'Maths', sequence: 0 });
  });

  it('a lesson written in the past (history seed) or not active tells nobody', () => {
    expect(lessonNotice(undefined, lesson, 'Maths', '2026-03-05T00:00:00.000Z')).toBeUndefined();
    expect(lessonNotice(undefined, { ...lesson, status: 'CANCELLED' }, 'Maths', now)).toBeUndefined();
  });

  it('a move is a reschedule with the previous time and a higher sequence', () => {
    const notice = lessonNotice(lesson, later({ start: '2026-03-05T09:00:00.000Z' }), 'Maths', now);
    expect(notice?.type).toBe('LessonRescheduled');
    expect(notice?.detail.previous?.start).toBe(lesson.start);
    expect(notice?.detail.lesson.sequence).toBe(600);
  });

  it('another tutor is a reschedule too', () => {
    expect(lessonNotice(lesson, later({ tutorId: 't2' }), 'Maths', now)?.type).toBe('LessonRescheduled');
  });

  it('a cancellation or a deletion of a live lesson is a cancellation', () => {
    expect(lessonNotice(lesson, later({ status: 'CANCELLED' }), 'Maths', now)?.type).toBe('LessonCancelled');
    expect(lessonNotice(lesson, undefined, '', now)?.type).toBe('LessonCancelled');
  });

  it('students changed at the same time is a participants change', () => {
    const notice = lessonNotice(lesson, later({ studentIds: ['s1', 's3'] }), 'Maths', now);
    expect(notice?.type).toBe('LessonParticipantsChanged');
    expect(notice?.detail.previous?.studentIds).toEqual(['s1', 's2']);
  });

  it('a title edit, a completion, or a change of an ended or cancelled lesson tells nobody', () => {
    expect(lessonNotice(lesson, later({ title: 'New' }), 'Maths', now)).toBeUndefined();
    expect(lessonNotice(lesson, later({ status: 'COMPLETED' }), 'Maths', now)).toBeUndefined();
    expect(
      lessonNotice(lesson, later({ status: 'CANCELLED' }), 'Maths', '2026-03-05T00:00:00.000Z'),
    ).toBeUndefined();
    const cancelled = { ...lesson, status: 'CANCELLED' };
    expect(lessonNotice(cancelled, undefined, '', now)).toBeUndefined();
  });

  it('the sequence never goes below 0', () => {
    expect(calendarSequence('2026-02-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')).toBe(0);
    expect(calendarSequence('bad', '2026-01-01T00:00:00.000Z')).toBe(0);
  });
});
