import * as z from 'zod';
import { meetingStateSchema, waitingRoomUserKinds } from '../realtime/socket-events';
import { JOIN_OPENS_MINUTES } from '../scheduling/join-window';
import { requesterRoles, requestTypes } from '../scheduling/lesson-changes';
import { idSchema } from '../schemas/common';
import {
  cancelBodySchema,
  courseMeetingBookSchema,
  joinMeetingBodySchema,
  joinMeetingResponseSchema,
  lessonChangeResponseSchema,
  lessonInputSchema,
  lessonUpdateSchema,
  meetingRequestSchema,
  presentedMeetingRequestSchema,
  rescheduleBodySchema,
  respondBodySchema,
  tutorPaymentStatusBodySchema,
} from '../schemas/meeting';
import { listQuerySchema, pageSchema } from '../schemas/paging';
import { sectionSchema } from '../schemas/section';
import { type HttpMethod, type PermissionAccess, permission, type RouteDef, route, signedIn } from './define';
import { scheduledLessonSchema } from './schedule';

const lessonAdmin = permission(['schedule', 'adminCourses'], ['create', 'edit']);

/**
 * Live lessons, the same calls for both meeting kinds (spec 001 section 7): `team-meetings` are TEAMS
 * sections, `zoom-meetings` ZOOM sections.
 */
/** What each lesson route declares beyond its verb, method, path and access. */
type LessonRouteExtra = Pick<RouteDef, 'summary'> &
  Partial<Pick<RouteDef, 'query' | 'body' | 'response' | 'silent' | 'counts'>>;

function lessonRoutes<
  const Base extends 'team-meetings' | 'zoom-meetings',
  const Id extends 'teams' | 'zoom',
>(base: Base, id: Id) {
  const label = id === 'teams' ? 'team meeting' : 'video meeting';
  const admin = <const Verb extends string, const Path extends string, const Extra extends LessonRouteExtra>(
    verb: Verb,
    method: HttpMethod,
    path: Path,
    extra: Extra,
    access: PermissionAccess = lessonAdmin,
  ) =>
    route({
      id: `meetings.${id}Admin${verb}` as const,
      method,
      path: `/admin/${base}${path}` as const,
      resource: 'meetings',
      access,
      ...extra,
    });
  const user = <const Verb extends string, const Path extends string, const Extra extends LessonRouteExtra>(
    verb: Verb,
    method: HttpMethod,
    path: Path,
    extra: Extra,
  ) =>
    route({
      id: `meetings.${id}${verb}` as const,
      method,
      path: `/${base}${path}` as const,
      resource: 'meetings',
      access: signedIn,
      ...extra,
    });
  return [
    admin('Create', 'POST', '', {
      body: lessonInputSchema.strict(),
      response: sectionSchema,
      counts: { succeeded: 'LessonsBooked' },
      summary: `Schedule a ${label} lesson for any of a course's tutors`,
    }),
    admin('Update', 'PUT', '/{id}', {
      body: lessonUpdateSchema.strict(),
      response: sectionSchema,
      silent: true,
      summary: `Rename or re-describe a ${label} lesson`,
    }),
    admin(
      'Delete',
      'DELETE',
      '/{id}',
      { response: z.object({ _id: z.string() }), summary: `Delete a ${label} lesson and free its time` },
      permission(['schedule', 'adminCourses'], ['delete']),
    ),
    admin('Cancel', 'PUT', '/cancel/{id}', {
      body: cancelBodySchema.strict(),
      response: lessonChangeResponseSchema,
      summary: `Cancel a ${label} lesson (applies at once)`,
    }),
    admin('Reschedule', 'PUT', '/reschedule/{id}', {
      body: rescheduleBodySchema.strict(),
      response: lessonChangeResponseSchema,
      summary: `Move a ${label} lesson to a free time (applies at once)`,
    }),
    user('Create', 'POST', '', {
      body: lessonInputSchema.strict(),
      response: sectionSchema,
      counts: { succeeded: 'LessonsBooked' },
      summary: `A tutor schedules a ${label} lesson in their course`,
    }),
    user('Cancel', 'PUT', '/cancel/{id}', {
      body: cancelBodySchema.strict(),
      response: lessonChangeResponseSchema,
      counts: { succeeded: 'LessonChangesRequested' },
      summary: `A student or tutor cancels a ${label} lesson (or asks an admin, within the notice window)`,
    }),
    user('Reschedule', 'PUT', '/reschedule/{id}', {
      body: rescheduleBodySchema.omit({ tutorId: true }).strict(),
      response: lessonChangeResponseSchema,
      counts: { succeeded: 'LessonChangesRequested' },
      summary: `A student or tutor moves a ${label} lesson (or asks an admin, within the notice window)`,
    }),
  ];
}

/**
 * The waiting room's calls (spec 001 section 7: payloads not shown, so ours). `waitingId` is the lesson's
 * id, as in /waiting-room/{waitingId}.
 */
export const waitingRoomBodySchema = z.object({ waitingId: idSchema });

/**
 * GET meeting-data/{waitingId}: the lesson as the room shows it (course, people, join times), the caller's
 * part in the room, and the meeting's state, which the room then keeps by the socket's `meeting` pushes.
 */
export const meetingDataSchema = meetingStateSchema.extend({
  lesson: scheduledLessonSchema,
  viewerKind: z.enum(waitingRoomUserKinds),
  /**
   * The tutor's own way in once the meeting is started: Zoom's host link (start_url, valid two hours, so
   * read at each load), which starts the meeting as its host. Absent for everyone else and for the local
   * room and Teams, whose join link serves the tutor too.
   */
  hostUrl: z.string().optional(),
});
export type MeetingData = z.infer<typeof meetingDataSchema>;

const requestListQuery = z.strictObject({
  ...listQuerySchema.shape,
  statuses: z.string().max(100).optional(),
  studentId: z.string().max(64).optional(),
  tutorId: z.string().max(64).optional(),
  requestedByRole: z.enum(requesterRoles).optional(),
  startDate: z.string().max(40).optional(),
  endDate: z.string().max(40).optional(),
  type: z.enum(requestTypes).optional(),
  includeTutorAmountData: z.enum(['0', '1']).optional(),
});

const requestViewers = permission(
  ['schedule', 'adminCourses', 'lessonHistory'],
  ['view', 'rescheduleOrCancellationTab'],
);

export const meetingRoutes = [
  ...lessonRoutes('team-meetings', 'teams'),
  ...lessonRoutes('zoom-meetings', 'zoom'),
  route({
    id: 'meetings.courseMeetingBook',
    method: 'POST',
    path: '/team-meetings/course-meeting-book',
    resource: 'meetings',
    access: permission('courses', 'classBooking'),
    body: courseMeetingBookSchema.strict(),
    response: sectionSchema,
    counts: { succeeded: 'LessonsBooked' },
    summary: "A student books a lesson in their course from the tutor's free slots (one winner per slot)",
  }),
  route({
    id: 'meetings.notifyJoined',
    method: 'POST',
    path: '/notify-user-joined-to-meeting',
    resource: 'meetings',
    access: signedIn,
    body: joinMeetingBodySchema.strict(),
    response: joinMeetingResponseSchema,
    summary: `A lesson's tutor or student joins it (${JOIN_OPENS_MINUTES} minutes before the start to the end): records their first join time`,
  }),
  route({
    id: 'meetings.meetingData',
    method: 'GET',
    path: '/meeting-data/{waitingId}',
    resource: 'meetings',
    access: signedIn,
    response: meetingDataSchema,
    summary: "A lesson's waiting room: the lesson, who waits, who is in, the meeting (its people and admins)",
  }),
  route({
    id: 'meetings.notifyWaiting',
    method: 'POST',
    path: '/notify-user-waiting',
    resource: 'meetings',
    access: signedIn,
    body: waitingRoomBodySchema.strict(),
    response: meetingStateSchema,
    silent: true,
    summary: `A lesson's tutor or student waits in its room (open ${JOIN_OPENS_MINUTES} minutes before the start): records their first wait and tells the room`,
  }),
  route({
    id: 'meetings.start',
    method: 'POST',
    path: '/start-meeting',
    resource: 'meetings',
    access: signedIn,
    body: waitingRoomBodySchema.strict(),
    response: meetingStateSchema,
    summary:
      "The lesson's tutor starts its meeting (once: a second start answers the first); the room is told",
  }),
  route({
    id: 'meetingRequests.adminList',
    method: 'GET',
    path: '/admin/meeting-requests',
    resource: 'meeting-requests',
    access: requestViewers,
    query: requestListQuery,
    response: pageSchema(presentedMeetingRequestSchema),
    summary: 'Cancel and reschedule requests with every filter of spec 001 section 7',
  }),
  route({
    id: 'meetingRequests.adminGet',
    method: 'GET',
    path: '/admin/meeting-requests/{id}',
    resource: 'meeting-requests',
    access: requestViewers,
    query: z.object({ includeTutorAmountData: z.enum(['0', '1']).optional() }).strict(),
    response: presentedMeetingRequestSchema,
    summary: 'One lesson request',
  }),
  route({
    id: 'meetingRequests.respond',
    method: 'PUT',
    path: '/admin/meeting-requests/respond/{requestId}',
    resource: 'meeting-requests',
    access: lessonAdmin,
    body: respondBodySchema.strict(),
    response: z.object({ request: meetingRequestSchema }),
    summary: 'Answer a pending request: APPROVE, REJECT or UPDATE',
  }),
  route({
    id: 'meetingRequests.updateTutorPaymentStatus',
    method: 'PUT',
    path: '/admin/meeting-requests/update-tutor-payment-status',
    resource: 'meeting-requests',
    access: permission('lessonHistory', 'tutorPaymentStatus'),
    body: tutorPaymentStatusBodySchema.strict(),
    response: z.object({ docs: z.array(meetingRequestSchema) }),
    summary: 'Set the tutor payment status of many requests at once',
  }),
  route({
    id: 'meetingRequests.list',
    method: 'GET',
    path: '/meeting-requests',
    resource: 'meeting-requests',
    access: signedIn,
    query: requestListQuery,
    response: pageSchema(presentedMeetingRequestSchema),
    summary: "The caller's own lesson requests (as requester, student or tutor)",
  }),
  route({
    id: 'meetingRequests.get',
    method: 'GET',
    path: '/meeting-requests/{id}',
    resource: 'meeting-requests',
    access: signedIn,
    query: z.object({ includeTutorAmountData: z.enum(['0', '1']).optional() }).strict(),
    response: presentedMeetingRequestSchema,
    summary: 'One of the caller’s lesson requests',
  }),
];
