import * as z from 'zod';
import { requiredText, shortText } from './common';

export const courseStatuses = ['ACTIVE', 'DRAFT'] as const;
export const classTypes = ['One-to-One', 'Group'] as const;
export const paymentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT'] as const;
export const enrolments = ['ENROLLED', 'UNENROLLED'] as const;
export const courseTutorTypes = ['PRIMARY', 'SUBSTITUTE', 'TRIAL'] as const;
export const memberStatuses = ['ENABLE', 'DISABLE'] as const;
/** Spec 002: how a student is enrolled. */
export const enrolmentTypes = ['ONETIME', 'SUBSCRIPTION', 'CREDIT', 'TRIAL'] as const;

export const courseInputSchema = z.object({
  title: requiredText('Title', 160),
  description: shortText(4000).default(''),
  curriculum: requiredText('Curriculum', 100),
  subject: requiredText('Subject', 100),
  grade: requiredText('Grade', 100),
  status: z.enum(courseStatuses).default('DRAFT'),
  type: z.enum(classTypes).default('One-to-One'),
  paymentType: z.enum(paymentTypes).default('ONETIME'),
  /** The usual lesson length in minutes (lessons may differ). */
  lessonDuration: z.number().int().min(3).max(180).default(60),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

export const courseMemberSchema = z.object({
  _id: z.string(),
  course: z.string(),
  user: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() }),
  role: z.enum(['tutor', 'student']),
  /** Tutors only: PRIMARY, SUBSTITUTE or TRIAL. */
  type: z.enum(courseTutorTypes).optional(),
  /** Students only: ONETIME, SUBSCRIPTION, CREDIT or TRIAL. */
  enrolmentType: z.enum(enrolmentTypes).optional(),
  status: z.enum(memberStatuses),
  enrolment: z.enum(enrolments),
  createdAt: z.string(),
});
export type CourseMember = z.infer<typeof courseMemberSchema>;

export const courseSchema = courseInputSchema.extend({
  _id: z.string(),
  isTrial: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;
