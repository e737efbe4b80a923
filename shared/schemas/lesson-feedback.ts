import * as z from 'zod';
import { idSchema } from './common';

/**
 * Spec 002 "Lesson feedback": tutor feedback (a student on the lesson's tutor) and student feedback (the
 * tutor on one of the lesson's students), each once per lesson and student, after a lesson the author took
 * part in. The "rewards" are the compliments an author can add to a rating.
 */
export const feedbackKinds = ['tutor', 'student'] as const;
export type FeedbackKind = (typeof feedbackKinds)[number];

export const feedbackRewards = {
  tutor: ['Clear explanations', 'Patient', 'Well prepared', 'Engaging', 'Encouraging'],
  student: ['Well prepared', 'Participated', 'Homework done', 'Improving', 'Focused'],
} as const satisfies Record<FeedbackKind, readonly string[]>;

const ratingSchema = z
  .number({ error: 'Choose a rating from 1 to 5' })
  .int('Choose a rating from 1 to 5')
  .min(1, 'Choose a rating from 1 to 5')
  .max(5, 'Choose a rating from 1 to 5');
const commentSchema = z.string().trim().max(2000, 'A comment is at most 2000 characters');
const rewardsOf = (kind: FeedbackKind) =>
  z
    .array(z.enum(feedbackRewards[kind], { error: 'Choose rewards from the list' }))
    .max(feedbackRewards[kind].length)
    .refine((rewards) => new Set(rewards).size === rewards.length, 'Each reward once');

/** What a student sends about the lesson's tutor. */
export const tutorFeedbackInputSchema = z.object({
  section: idSchema,
  rating: ratingSchema,
  comment: commentSchema.optional(),
  rewards: rewardsOf('tutor').default([]),
});

/** What a tutor sends about one of the lesson's students. */
export const studentFeedbackInputSchema = tutorFeedbackInputSchema.extend({
  studentId: idSchema,
  rewards: rewardsOf('student').default([]),
});

export const feedbackUpdateSchemas = {
  tutor: z.object({
    rating: ratingSchema.optional(),
    comment: commentSchema.optional(),
    rewards: rewardsOf('tutor').optional(),
  }),
  student: z.object({
    rating: ratingSchema.optional(),
    comment: commentSchema.optional(),
    rewards: rewardsOf('student').optional(),
  }),
};

/** A person as a feedback record names them, as they were called when it was written. */
const feedbackPersonSchema = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

export const lessonFeedbackSchema = z.object({
  _id: z.string(),
  kind: z.enum(feedbackKinds),
  /** The lesson (a section of kind ZOOM or TEAMS). */
  section: z.string(),
  course: z.string(),
  lessonStart: z.string(),
  tutorId: z.string(),
  studentId: z.string(),
  tutor: feedbackPersonSchema,
  student: feedbackPersonSchema,
  /** Who wrote it: the student for tutor feedback, the tutor for student feedback. */
  authorId: z.string(),
  rating: z.number().int(),
  comment: z.string().optional(),
  rewards: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LessonFeedback = z.infer<typeof lessonFeedbackSchema>;

/** A tutor's rating from the feedback students gave: the mean of the ratings, and how many there are. */
export const tutorRatingSchema = z.object({
  tutorId: z.string(),
  average: z.number().nullable(),
  count: z.number().int(),
});
export type TutorRating = z.infer<typeof tutorRatingSchema>;

/** The one feedback of its kind per lesson and student: its id names both. */
export function feedbackId(section: string, studentId: string): string {
  return `${section}.${studentId}`;
}
