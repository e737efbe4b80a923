import * as z from 'zod';
import { tokenResponseSchema } from '../schemas/auth';
import {
  freeDaysResponseSchema,
  slotsResponseSchema,
  trialFreeDaysQuerySchema,
  trialSlotsQuerySchema,
} from '../schemas/availability';
import {
  CALLBACK_REQUESTED_MESSAGE,
  callbackRequestInputSchema,
  callbackRequestSchema,
} from '../schemas/callback-request';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import {
  adminTrialsQuerySchema,
  trialBookingSchema,
  trialRecordingInputSchema,
  trialSchema,
  trialSignUpSchema,
  trialUpdateSchema,
  userTrialsQuerySchema,
} from '../schemas/trial';
import { permission, publicAccess, route, signedIn } from './define';

const trialBookingResponse = z.object({ trial: trialSchema, courseId: z.string() });

/** Free trials (spec 000 sections 2, 4 and 7): the dialog, booking, the user's trials, recordings, admin. */
export const trialRoutes = [
  route({
    id: 'trials.slots',
    method: 'GET',
    path: '/trials/slots',
    resource: 'trials',
    access: publicAccess,
    query: trialSlotsQuerySchema.strict(),
    response: slotsResponseSchema,
    summary: 'The Book your FREE Class dialog: slots by date, curriculum, subject and grade',
  }),
  route({
    id: 'trials.freeDays',
    method: 'GET',
    path: '/trials/free-days',
    resource: 'trials',
    access: publicAccess,
    query: trialFreeDaysQuerySchema,
    response: freeDaysResponseSchema,
    silent: true,
    summary:
      "The trial dialog's month calendar: which days of a range (viewer's zone) have a free trial time for a curriculum, subject and grade",
  }),
  route({
    id: 'trials.requestCallback',
    method: 'POST',
    path: '/callback-requests',
    resource: 'trials',
    throttle: 'strict',
    access: publicAccess,
    body: callbackRequestInputSchema,
    response: z.object({ message: z.literal(CALLBACK_REQUESTED_MESSAGE), request: callbackRequestSchema }),
    summary:
      'Leave a name, e-mail or phone and a note when no tutor has a free time (throttled per address and contact)',
  }),
  route({
    id: 'trials.callbackRequests',
    method: 'GET',
    path: '/admin/callback-requests',
    resource: 'trials',
    access: permission('trialClass', 'view'),
    query: z.strictObject(pagingQuerySchema.shape),
    response: pageSchema(callbackRequestSchema),
    summary: 'Callback requests, newest first, for the school to answer',
  }),
  route({
    id: 'trials.book',
    method: 'POST',
    path: '/trials',
    resource: 'trials',
    throttle: 'strict',
    access: signedIn,
    body: trialBookingSchema,
    response: trialBookingResponse,
    counts: { succeeded: 'TrialsBooked' },
    summary: 'Book a free trial: creates the trial course and its lesson',
  }),
  route({
    id: 'trials.signUp',
    method: 'POST',
    path: '/trials/sign-up',
    resource: 'trials',
    throttle: 'strict',
    access: publicAccess,
    body: trialSignUpSchema,
    response: z.object({
      ...tokenResponseSchema.shape,
      user: tokenResponseSchema.shape.oauthUser,
      ...trialBookingResponse.shape,
    }),
    counts: { succeeded: 'TrialsBooked' },
    summary: 'Book a free trial with a new account (one transaction); answers a token and the user',
  }),
  route({
    id: 'trials.list',
    method: 'GET',
    path: '/trials',
    resource: 'trials',
    access: signedIn,
    query: userTrialsQuerySchema.strict(),
    response: pageSchema(trialSchema),
    summary:
      "The caller's trials: their own as a student, their linked students' (parent), or taught (tutor)",
  }),
  route({
    id: 'trials.recordings',
    method: 'GET',
    path: '/trial-recordings/{id}',
    resource: 'trials',
    access: signedIn,
    response: z.object({ trial: trialSchema }),
    summary: 'A trial with its recordings (its student, their parent, its tutor, or a trial-class viewer)',
  }),
  route({
    id: 'trials.addRecording',
    method: 'POST',
    path: '/trial-recordings',
    resource: 'trials',
    access: signedIn,
    body: trialRecordingInputSchema,
    response: z.object({ trial: trialSchema }),
    summary: 'Add a recording link to a trial (its tutor, or a trial-class editor)',
  }),
  route({
    id: 'trials.removeRecording',
    method: 'DELETE',
    path: '/trial-recordings/{id}/{recordingId}',
    resource: 'trials',
    access: signedIn,
    response: z.object({ trial: trialSchema }),
    summary: 'Remove a recording link from a trial (its tutor, or a trial-class editor)',
  }),
  route({
    id: 'trials.adminList',
    method: 'GET',
    path: '/admin/trials',
    resource: 'trials',
    access: permission('trialClass', 'view'),
    query: adminTrialsQuerySchema,
    response: pageSchema(trialSchema),
    summary: 'Every trial of the tenant, by status, outcome, tutor, student and lesson dates',
  }),
  route({
    id: 'trials.adminUpdate',
    method: 'PUT',
    path: '/admin/trials/{id}',
    resource: 'trials',
    access: permission('trialClass', 'edit'),
    body: trialUpdateSchema,
    response: trialSchema,
    summary: "Set a trial's status and outcome (validated transitions; cancelling also cancels its lesson)",
  }),
];
