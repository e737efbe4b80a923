import * as z from 'zod';
import { idSchema } from '../schemas/common';
import {
  feedbackUpdateSchemas,
  lessonFeedbackSchema,
  studentFeedbackInputSchema,
  tutorFeedbackInputSchema,
  tutorRatingSchema,
} from '../schemas/lesson-feedback';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import { permission, route, signedIn } from './define';

const listQuery = z.strictObject({
  ...pagingQuerySchema.shape,
  section: z.optional(idSchema),
  tutorId: z.optional(idSchema),
  studentId: z.optional(idSchema),
});

/**
 * Spec 002 "Lesson feedback": for each kind, the rewards, create, list (limit, offset, section, tutorId,
 * studentId), update (by its author) and the admin's delete. Who may write and read which feedback is
 * decided per record (functions/lesson-feedback/service.ts).
 */
function feedbackRoutes<
  const Prefix extends string,
  const Base extends string,
  Body extends z.ZodObject,
  Update extends z.ZodObject,
>(prefix: Prefix, base: Base, kind: 'tutor' | 'student', body: Body, update: Update) {
  // The bodies come strict from the caller: `.strict()` on a generic schema would lose its shape's type.
  const label =
    kind === 'tutor'
      ? 'tutor feedback (a student on the tutor)'
      : 'student feedback (the tutor on a student)';
  return [
    route({
      id: `${prefix}.rewards`,
      method: 'GET',
      path: `${base}/feedback-rewards`,
      resource: 'lesson-feedback',
      access: signedIn,
      response: z.object({ docs: z.array(z.string()) }),
      summary: `The rewards a ${label} can give`,
    }),
    route({
      id: `${prefix}.create`,
      method: 'POST',
      path: base,
      resource: 'lesson-feedback',
      access: signedIn,
      body,
      response: lessonFeedbackSchema,
      summary: `Give ${label}, once per lesson and student, after the lesson`,
    }),
    route({
      id: `${prefix}.list`,
      method: 'GET',
      path: base,
      resource: 'lesson-feedback',
      access: signedIn,
      query: listQuery,
      response: pageSchema(lessonFeedbackSchema),
      summary: `List ${label}: one's own, or every one for the back-office`,
    }),
    route({
      id: `${prefix}.update`,
      method: 'PUT',
      path: `${base}/{id}`,
      resource: 'lesson-feedback',
      access: signedIn,
      body: update,
      response: lessonFeedbackSchema,
      summary: `Change ${label} (its author only)`,
    }),
    route({
      id: `${prefix}.adminDelete`,
      method: 'DELETE',
      path: `/admin${base}/{id}`,
      resource: 'lesson-feedback',
      access: permission('adminCourses', 'delete'),
      response: z.object({ _id: z.string() }),
      summary: `Delete ${label}`,
    }),
  ] as const;
}

export const lessonFeedbackRoutes = [
  ...feedbackRoutes(
    'tutorFeedbacks',
    '/tutor-feedbacks',
    'tutor',
    tutorFeedbackInputSchema.strict(),
    feedbackUpdateSchemas.tutor.strict(),
  ),
  ...feedbackRoutes(
    'studentFeedbacks',
    '/student-feedbacks',
    'student',
    studentFeedbackInputSchema.strict(),
    feedbackUpdateSchemas.student.strict(),
  ),
  route({
    id: 'tutorFeedbacks.rating',
    method: 'GET',
    path: '/tutor-feedbacks/rating/{tutorId}',
    resource: 'lesson-feedback',
    access: signedIn,
    response: tutorRatingSchema,
    summary: "A tutor's rating: the mean of the ratings students gave in tutor feedback, and their number",
  }),
];
