import * as z from 'zod';
import { tutorPaymentStatuses } from '../scheduling/lesson-changes';
import { idSchema } from './common';
import { pagingQuerySchema, sortValueSchema } from './paging';

/** Spec 001 section 9. */
export const lessonTypes = ['1 on 1', 'GROUP', 'TRIAL'] as const;
export type LessonType = (typeof lessonTypes)[number];

const person = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

/**
 * Spec 001 section 3, a lesson history entry: one per lesson that ended, written by the lesson-history job.
 * The money columns (rates, amounts, penalties, extensions) come with the finance work.
 */
export const lessonHistorySchema = z.object({
  _id: z.string(),
  /** The lesson's meeting id (the meeting port's id for a lesson is its section id). */
  eventId: z.string(),
  referenceKey: z.string(),
  sectionId: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  /** Minutes. */
  duration: z.number(),
  students: z.array(person.extend({ country: z.string().nullable() })),
  course: z.object({ _id: z.string(), title: z.string() }),
  courseId: z.string(),
  /** The first student (a one-to-one lesson's only one); every student is in `students`. */
  studentId: z.string().nullable(),
  studentIds: z.array(z.string()),
  tutorId: z.string(),
  tutor: person.nullable(),
  subject: z.string(),
  curriculum: z.string(),
  grade: z.string(),
  lessonType: z.enum(lessonTypes),
  paymentType: z.string(),
  /**
   * The tutor's first join and the earliest first join of the lesson's students (recorded by
   * notify-user-joined-to-meeting); null when nobody of that side joined.
   */
  studentJoinTime: z.string().nullable(),
  tutorJoinTime: z.string().nullable(),
  tutorPaymentStatus: z.enum(tutorPaymentStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LessonHistory = z.infer<typeof lessonHistorySchema>;

/**
 * An entry as the reads answer it: the tutor payment status is a column permission (spec 001 section 6),
 * left out for roles that do not hold it.
 */
export const presentedLessonHistorySchema = lessonHistorySchema.partial({ tutorPaymentStatus: true });
export type PresentedLessonHistory = z.infer<typeof presentedLessonHistorySchema>;

export const lessonHistorySortKeys = [
  'start',
  'end',
  'duration',
  'referenceKey',
  'lessonType',
  'paymentType',
  'subject',
  'curriculum',
  'grade',
  'tutorPaymentStatus',
  'createdAt',
] as const;

const day = z.iso
  .datetime({ offset: true, error: 'Use an ISO date-time' })
  .or(z.iso.date({ error: 'Use a date' }));

export const lessonHistoryFiltersSchema = z.object({
  startDate: day.optional(),
  endDate: day.optional(),
  courseId: idSchema.optional(),
  studentId: idSchema.optional(),
  tutorId: idSchema.optional(),
  referenceKey: z.string().trim().max(64).optional(),
  curriculum: z.string().max(100).optional(),
  grade: z.string().max(100).optional(),
  subject: z.string().max(100).optional(),
  lessonType: z.enum(lessonTypes).optional(),
  paymentType: z.string().max(40).optional(),
  tutorPaymentStatus: z.enum(tutorPaymentStatuses).optional(),
});
export type LessonHistoryFilters = z.infer<typeof lessonHistoryFiltersSchema>;

export const lessonHistoryListQuerySchema = pagingQuerySchema
  .extend({
    sortKey: z.enum(lessonHistorySortKeys).optional(),
    sortValue: sortValueSchema.optional(),
    /** Spec 001 section 6: tutor amounts only on request; there are none until the finance work. */
    includeTutorAmountData: z.enum(['0', '1']).optional(),
  })
  .extend(lessonHistoryFiltersSchema.shape)
  .strict();
export type LessonHistoryListQuery = z.infer<typeof lessonHistoryListQuerySchema>;

/** Spec 001 section 4: the ids field is spelled `lesssonHistoryIds` by the client. */
export const lessonHistoryPaymentStatusBodySchema = z
  .object({
    lesssonHistoryIds: z.array(idSchema).min(1, 'Choose at least one lesson').max(100),
    tutorPaymentStatus: z.enum(tutorPaymentStatuses),
  })
  .strict();
export type LessonHistoryPaymentStatusBody = z.infer<typeof lessonHistoryPaymentStatusBodySchema>;
