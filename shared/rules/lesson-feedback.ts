import type { FeedbackKind } from '../schemas/lesson-feedback';
import { isLessonKind } from '../schemas/section';

/** What the feedback rules read of a lesson. */
export interface FeedbackLesson {
  kind: string;
  status: string;
  end?: string | undefined;
  tutorId?: string | undefined;
  studentIds?: string[] | undefined;
}

export type FeedbackDecision =
  | { outcome: 'allowed' }
  /** Not the author's lesson (or not a lesson): it does not exist from where they stand. */
  | { outcome: 'notFound' }
  | { outcome: 'refused'; message: string };

/**
 * Spec 002 "Lesson feedback", as rules: feedback is given after a lesson that took place (ended, not
 * cancelled) by someone who took part in it: tutor feedback by one of its students, about its tutor;
 * student feedback by its tutor, about one of its students.
 */
export function decideFeedback(input: {
  kind: FeedbackKind;
  lesson: FeedbackLesson;
  authorId: string;
  /** The student the feedback is about (student feedback) or by (tutor feedback). */
  studentId: string;
  now: Date;
}): FeedbackDecision {
  const { kind, lesson, authorId, studentId, now } = input;
  if (!isLessonKind(lesson.kind) || !lesson.tutorId || !lesson.end) return { outcome: 'notFound' };
  const students = lesson.studentIds ?? [];
  const author = kind === 'tutor' ? students.includes(authorId) : lesson.tutorId === authorId;
  if (!author) return { outcome: 'notFound' };
  if (kind === 'student' && !students.includes(studentId)) {
    return { outcome: 'refused', message: 'That student did not take part in this lesson' };
  }
  if (lesson.status === 'CANCELLED') {
    return { outcome: 'refused', message: 'This lesson was cancelled: there is nothing to give feedback on' };
  }
  if (Date.parse(lesson.end) > now.getTime()) {
    return { outcome: 'refused', message: 'Feedback opens once the lesson has ended' };
  }
  return { outcome: 'allowed' };
}

/** The mean rating to one decimal, or null before any. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
