import { describe, expect, it } from 'vitest';
import { averageRating, decideFeedback } from './lesson-feedback';

const now = new Date('2026-11-26T12:00:00Z');
const ended = {
  kind: 'ZOOM',
  status: 'ACTIVE',
  end: '2026-11-26T11:00:00Z',
  tutorId: 'tom',
  studentIds: ['sam', 'maya'],
};

describe('who gives feedback on which lesson (spec 002 "Lesson feedback")', () => {
  it('lets a student of an ended lesson rate its tutor, and its tutor rate one of its students', () => {
    expect(decideFeedback({ kind: 'tutor', lesson: ended, authorId: 'sam', studentId: 'sam', now })).toEqual({
      outcome: 'allowed',
    });
    expect(
      decideFeedback({ kind: 'student', lesson: ended, authorId: 'tom', studentId: 'maya', now }),
    ).toEqual({
      outcome: 'allowed',
    });
  });

  it('hides a lesson from someone who was not in it, and anything that is not a lesson', () => {
    expect(
      decideFeedback({ kind: 'tutor', lesson: ended, authorId: 'leo', studentId: 'leo', now }).outcome,
    ).toBe('notFound');
    expect(
      decideFeedback({ kind: 'student', lesson: ended, authorId: 'grace', studentId: 'sam', now }).outcome,
    ).toBe('notFound');
    // A student cannot write the tutor's kind of feedback, nor the tutor the student's
    expect(
      decideFeedback({ kind: 'tutor', lesson: ended, authorId: 'tom', studentId: 'tom', now }).outcome,
    ).toBe('notFound');
    const resource = { ...ended, kind: 'RESOURCE' };
    expect(
      decideFeedback({ kind: 'tutor', lesson: resource, authorId: 'sam', studentId: 'sam', now }).outcome,
    ).toBe('notFound');
  });

  it('refuses a lesson still to come or cancelled, and a student not in the lesson', () => {
    const upcoming = { ...ended, end: '2026-11-26T13:00:00Z' };
    expect(
      decideFeedback({ kind: 'tutor', lesson: upcoming, authorId: 'sam', studentId: 'sam', now }),
    ).toEqual({
      outcome: 'refused',
      message: 'Feedback opens once the lesson has ended',
    });
    const cancelled = { ...ended, status: 'CANCELLED' };
    expect(
      decideFeedback({ kind: 'tutor', lesson: cancelled, authorId: 'sam', studentId: 'sam', now }),
    ).toEqual({
      outcome: 'refused',
      message: 'This lesson was cancelled: there is nothing to give feedback on',
    });
    expect(
      decideFeedback({ kind: 'student', lesson: ended, authorId: 'tom', studentId: 'leo', now }),
    ).toEqual({
      outcome: 'refused',
      message: 'That student did not take part in this lesson',
    });
  });

  it('averages ratings to one decimal, none before the first', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(10, 2)).toBe(5);
  });
});
