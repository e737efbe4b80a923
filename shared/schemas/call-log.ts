import * as z from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { pagingQuerySchema, sortValueSchema } from './paging';

/**
 * Spec 002 "Call logs" (record fields not shown): one row per lesson call that ended, with who joined when
 * (the lesson history's join times, recorded by the waiting room's notify-user-joined call) and how the call
 * went (shared/rules/call-logs.ts).
 */
export const callStatuses = ['COMPLETED', 'TUTOR_ABSENT', 'STUDENT_ABSENT', 'MISSED'] as const;
export type CallStatus = (typeof callStatuses)[number];

const person = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

export const callLogSchema = z.object({
  /** The lesson's id (its history row's). */
  _id: z.string(),
  lessonHistoryId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  duration: z.number(),
  course: z.object({ _id: z.string(), title: z.string() }),
  tutor: person.nullable(),
  students: z.array(person),
  tutorJoinTime: z.string().nullable(),
  studentJoinTime: z.string().nullable(),
  /** Minutes after the start the tutor first joined (0 on time or early), null when they never did. */
  tutorLateMinutes: z.number().nullable(),
  studentLateMinutes: z.number().nullable(),
  status: z.enum(callStatuses),
});
export type CallLog = z.infer<typeof callLogSchema>;

export const callLogListQuerySchema = z.strictObject({
  ...pagingQuerySchema.shape,
  /** The lesson start's direction (newest first unless asc). */
  sort: z.optional(sortValueSchema),
  tutorId: z.optional(idSchema),
  studentId: z.optional(idSchema),
  status: z.enum(callStatuses).optional(),
  startDate: z.optional(isoDateTimeSchema),
  endDate: z.optional(isoDateTimeSchema),
});
export type CallLogListQuery = z.infer<typeof callLogListQuerySchema>;
