import * as z from 'zod';
import { partial } from 'zod/mini';
import { listQuerySchema, pageSchema } from '../schemas/paging';
import { sectionSchema } from '../schemas/section';
import { permission, publicAccess, route, signedIn } from './define';

export const scheduleEntrySchema = z.object({
  sectionId: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  title: z.string(),
  kind: z.string(),
  type: z.string(),
  status: z.string(),
  start: z.string(),
  end: z.string(),
  duration: z.number(),
  tutorId: z.string(),
  studentIds: z.array(z.string()),
  role: z.enum(['tutor', 'student']),
  /** Set on a lesson booked as part of a series. */
  seriesId: z.string().optional(),
  /** Lessons whose join window has opened: the tutor's first join and the earliest student's (or null). */
  tutorJoinTime: z.string().nullable().optional(),
  studentJoinTime: z.string().nullable().optional(),
  /** The calendar's own student's first join, when they are one of the lesson's students (or null). */
  ownJoinTime: z.string().nullable().optional(),
});
export type ScheduleEntryDoc = z.infer<typeof scheduleEntrySchema>;

const instant = z.iso.datetime({ offset: true, error: 'Use an ISO date-time' });

export const scheduleRangeQuerySchema = z
  .object({
    userId: z.string().max(64).optional(),
    startDate: instant,
    endDate: instant,
    courseId: z.string().max(64).optional(),
    studentId: z.string().max(64).optional(),
    tutorId: z.string().max(64).optional(),
  })
  .refine((q) => Date.parse(q.endDate) > Date.parse(q.startDate), {
    message: 'The end must be after the start',
    path: ['endDate'],
  })
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 400 * 86_400_000, {
    message: 'Ask for at most 400 days at a time',
    path: ['endDate'],
  });

export const scheduledLessonSchema = sectionSchema.extend({
  courseTitle: z.string(),
  tutor: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() }).nullable(),
  students: z.array(z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() })),
});
export type ScheduledLesson = z.infer<typeof scheduledLessonSchema>;

export const scheduleRoutes = [
  route({
    id: 'schedule.adminMeetings',
    method: 'GET',
    path: '/admin/schedule/meetings',
    resource: 'schedule',
    access: permission('schedule', 'view'),
    query: z.strictObject({
      ...listQuerySchema.shape,
      startDate: instant.optional(),
      endDate: instant.optional(),
      courseId: z.string().max(64).optional(),
      tutorId: z.string().max(64).optional(),
      studentId: z.string().max(64).optional(),
      countOnly: z.enum(['0', '1']).optional(),
    }),
    response: partial(pageSchema(scheduledLessonSchema), { docs: true, limit: true, offset: true }),
    summary: 'Every lesson in a date range with filters; countOnly=1 answers only totalDocs',
  }),
  route({
    id: 'schedule.list',
    method: 'GET',
    path: '/schedule/list/{userId}',
    resource: 'schedule',
    access: signedIn,
    query: scheduleRangeQuerySchema,
    response: z.object({ docs: z.array(scheduleEntrySchema) }),
    summary: "A user's lessons in a date range (the user, their parent account, or a schedule viewer)",
  }),
  route({
    id: 'schedule.get',
    method: 'GET',
    path: '/schedule/{sectionId}',
    resource: 'schedule',
    access: signedIn,
    response: scheduledLessonSchema,
    summary: 'One lesson with its course, tutor and students (a participant or a schedule viewer)',
  }),
  route({
    id: 'schedule.feedUrl',
    method: 'GET',
    path: '/schedule/feed/url',
    resource: 'schedule',
    access: signedIn,
    response: z.object({ url: z.string() }),
    summary: "The caller's personal iCalendar feed URL (created on first ask)",
  }),
  route({
    id: 'schedule.feed',
    method: 'GET',
    path: '/calendar/{tenant}/{token}',
    resource: 'schedule',
    access: publicAccess,
    summary: 'A personal iCalendar (.ics) feed, for calendar apps to subscribe to',
  }),
];
