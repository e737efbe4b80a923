import * as z from 'zod';
import { isAllowedLessonDuration } from '../scheduling/durations';
import { requiredText, shortText } from './common';

export const courseStatuses = ['ACTIVE', 'DRAFT'] as const;
export const classTypes = ['One-to-One', 'Group'] as const;
export const paymentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT'] as const;
export const enrolments = ['ENROLLED', 'UNENROLLED'] as const;
export const courseTutorTypes = ['PRIMARY', 'SUBSTITUTE', 'TRIAL'] as const;
export const memberStatuses = ['ENABLE', 'DISABLE'] as const;
/** Spec 002: how a student is enrolled. */
export const enrolmentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT', 'TRIAL'] as const;

export const LESSON_DURATION_MESSAGE = 'A lesson lasts 15 to 180 minutes, in steps of 15 minutes';

export const courseInputSchema = z.object({
  title: requiredText('Title', 160),
  description: z._default(shortText(4000), ''),
  curriculum: requiredText('Curriculum', 100),
  subject: requiredText('Subject', 100),
  grade: requiredText('Grade', 100),
  status: z.enum(courseStatuses).default('DRAFT'),
  type: z.enum(classTypes).default('One-to-One'),
  paymentType: z.enum(paymentTypes).default('ONETIME'),
  /**
   * The usual lesson length in minutes (lessons may differ): one of the choices of some stage (15 to 180
   * in steps of 15, or 3 and 5). The server also refuses 3 and 5 in production, where they are no choice.
   */
  lessonDuration: z
    .number({ error: 'Lesson duration must be a number of minutes' })
    .int()
    .refine((minutes) => isAllowedLessonDuration(minutes, 'local'), LESSON_DURATION_MESSAGE)
    .default(60),
  /**
   * A group course's group tutor rate course type (an id of the rate-type resource; '' none): the kind its
   * lessons are rated as (shared/rules/tutor-pay.ts rateKindOf). A one-to-one course's lessons are rated by
   * their student's type instead, so theirs is not read.
   */
  rateCourseType: z.string().trim().max(64, 'Choose an existing course type').optional(),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

/**
 * What a course's PRIMARY tutor may change on the user route (PUT /courses/{id}): how the course is
 * described and its usual lesson length. What it is (curriculum, subject, grade), whether it is published
 * and how it is sold stay with the back-office.
 */
export const courseTutorUpdateSchema = z.object({
  title: z.optional(courseInputSchema.shape.title),
  description: z.optional(shortText(4000)),
  lessonDuration: z.optional(courseInputSchema.shape.lessonDuration.unwrap()),
});
export type CourseTutorUpdate = z.infer<typeof courseTutorUpdateSchema>;

export const courseMemberSchema = z.object({
  _id: z.string(),
  course: z.string(),
  user: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() }),
  role: z.enum(['tutor', 'student']),
  /** Tutors only: PRIMARY, SUBSTITUTE or TRIAL. */
  type: z.enum(courseTutorTypes).optional(),
  /** Tutors only: the tutor role they hold on this course; absent, the default (Editor). */
  tutorRoleId: z.string().optional(),
  /** Students only: ONETIME, SUBSCRIPTION, CREDIT or TRIAL. */
  enrolmentType: z.enum(enrolmentTypes).optional(),
  status: z.enum(memberStatuses),
  enrolment: z.enum(enrolments),
  createdAt: z.string(),
});
export type CourseMember = z.infer<typeof courseMemberSchema>;

/**
 * A course as stored and read. The fields a create fills in with their default are always there, so they
 * are required in what the server answers (the input schema's defaults would make them optional).
 */
export const courseSchema = courseInputSchema
  .extend({
    _id: z.string(),
    isTrial: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .required({ description: true, status: true, type: true, paymentType: true, lessonDuration: true });
export type Course = z.infer<typeof courseSchema>;
