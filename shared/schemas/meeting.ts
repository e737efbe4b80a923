import * as z from 'zod';
import {
  changeReasons,
  reasonCategories,
  requesterRoles,
  requestStatuses,
  requestTypes,
  respondActions,
  tutorPaymentStatuses,
} from '../scheduling/lesson-changes';
import { recurrenceSchema } from '../scheduling/recurrence';
import { idSchema, isoDateTimeSchema, requiredText, shortText } from './common';
import { lessonKinds, sectionAudiences, sectionBillings, sectionSchema, sectionTypes } from './section';

export const lessonInputSchema = z.object({
  course: idSchema,
  parent: z.nullable(idSchema).default(null),
  title: requiredText('Title', 160),
  description: z._default(shortText(4000), ''),
  type: z.enum(sectionTypes).default('LESSON'),
  billing: z.enum(sectionBillings).default('BILLABLE'),
  audience: z.enum(sectionAudiences).default('STUDENT'),
  start: isoDateTimeSchema,
  /** Minutes; the allowed lengths depend on the stage (3 and 5 outside production). */
  duration: z.number().int().min(1).max(180),
  /** Defaults to the caller (a tutor creating a lesson in their course). */
  tutorId: z.optional(idSchema),
  /** Defaults to the course's enrolled students. */
  studentIds: z.array(idSchema).max(60).optional(),
  /** Book a weekly or fortnightly series from this first lesson (all of it, or nothing on a clash). */
  recurrence: recurrenceSchema.optional(),
});
export type LessonInput = z.infer<typeof lessonInputSchema>;

export const lessonUpdateSchema = z.object({
  title: z.optional(requiredText('Title', 160)),
  description: z.optional(shortText(4000)),
  billing: z.enum(sectionBillings).optional(),
});
export type LessonUpdate = z.infer<typeof lessonUpdateSchema>;

export const changeReasonSchema = z.object({
  reason: z.enum(changeReasons, { error: 'Choose a reason' }),
  category: z.enum(reasonCategories).optional(),
  note: z.optional(shortText(1000)),
});

/** For a lesson of a series: this lesson only (the default) or this and every later one. */
export const seriesScopes = ['ONE', 'FOLLOWING'] as const;
export type SeriesScope = (typeof seriesScopes)[number];
const seriesScope = z.enum(seriesScopes, { error: 'Choose this lesson or this and following lessons' });

export const cancelBodySchema = changeReasonSchema.extend({ scope: seriesScope.optional() });
export type CancelBody = z.infer<typeof cancelBodySchema>;
export const rescheduleBodySchema = changeReasonSchema.extend({
  scope: seriesScope.optional(),
  start: isoDateTimeSchema,
  /** Minutes; defaults to the lesson's current length. */
  duration: z.number().int().min(1).max(180).optional(),
  /** Admins only: move the lesson to another tutor. */
  tutorId: z.optional(idSchema),
});
export type RescheduleBody = z.infer<typeof rescheduleBodySchema>;

export const courseMeetingBookSchema = z.object({
  course: idSchema,
  start: isoDateTimeSchema,
  duration: z.number().int().min(1).max(180),
  kind: z.enum(lessonKinds).default('TEAMS'),
  title: z.optional(requiredText('Title', 160)),
});

const person = z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() });

/** Spec 001 section 3: a meeting request (every change is recorded as one, applied ones as APPROVED). */
export const meetingRequestSchema = z.object({
  _id: z.string(),
  type: z.enum(requestTypes),
  status: z.enum(requestStatuses),
  sectionId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  lessonTitle: z.string(),
  start: z.string(),
  end: z.string(),
  newStart: z.string().nullable(),
  newEnd: z.string().nullable(),
  newTutorId: z.string().nullable(),
  students: z.array(person),
  tutors: z.array(person),
  reason: z.string(),
  category: z.string().nullable(),
  note: z.string().nullable(),
  requestedByRole: z.enum(requesterRoles),
  requestedBy: person,
  respondedBy: person.nullable(),
  respondedAt: z.string().nullable(),
  adminNote: z.string().nullable(),
  tutorPaymentStatus: z.enum(tutorPaymentStatuses),
  penalty: z.number(),
  penaltyAmount: z.number(),
  penaltyReason: z.string().nullable(),
  tutorAmountCurrency: z.string(),
  /**
   * Set on a change of a series' lesson that applies to every later lesson of the series too ("This and
   * following lessons"): a tutor's asked within the notice window waits for an admin as one request, and
   * its approval moves or cancels them all (functions/meetings/series-changes.ts).
   */
  scope: z.enum(['FOLLOWING']).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MeetingRequest = z.infer<typeof meetingRequestSchema>;

/**
 * A request as the request reads answer it (spec 001 section 6): the tutor amount columns only when they
 * were asked for (`includeTutorAmountData=1`) by a role that may see them.
 */
export const presentedMeetingRequestSchema = meetingRequestSchema.partial({
  penalty: true,
  penaltyAmount: true,
  penaltyReason: true,
  tutorAmountCurrency: true,
});
export type PresentedMeetingRequest = z.infer<typeof presentedMeetingRequestSchema>;

export const lessonChangeResponseSchema = z.object({
  status: z.enum(requestStatuses),
  request: meetingRequestSchema,
  lesson: sectionSchema,
});

export const respondBodySchema = z.object({
  action: z.enum(respondActions),
  /** UPDATE or APPROVE of a reschedule may set another new time. */
  newStart: z.optional(isoDateTimeSchema),
  duration: z.number().int().min(1).max(180).optional(),
  adminNote: z.optional(shortText(2000)),
  /** Percent of the tutor's amount withheld for a late change. */
  penalty: z.number().min(0).max(100).optional(),
  penaltyReason: z.optional(shortText(500)),
});
export type RespondBody = z.infer<typeof respondBodySchema>;

export const tutorPaymentStatusBodySchema = z.object({
  tutorPaymentStatus: z.enum(tutorPaymentStatuses),
  meetingRequestIds: z.array(idSchema).min(1, 'Choose at least one request').max(100),
});

/** notify-user-joined-to-meeting (spec 001 section 7, waiting room: payload not shown): the lesson joined. */
export const joinMeetingBodySchema = z.object({ sectionId: idSchema });
export type JoinMeetingBody = z.infer<typeof joinMeetingBodySchema>;

/** The caller's first join of the lesson (a later join keeps it) and where the meeting is. */
export const joinMeetingResponseSchema = z.object({ joinedAt: z.string(), joinUrl: z.string() });
export type JoinMeetingResponse = z.infer<typeof joinMeetingResponseSchema>;
