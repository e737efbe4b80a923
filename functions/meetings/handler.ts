import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { meetingRoutes } from '../../shared/routes/meetings';
import type { CancelBody, LessonInput, LessonUpdate, RescheduleBody } from '../../shared/schemas/meeting';
import type { Tenant } from '../../shared/schemas/tenant';
import { requireCourseTutor } from '../access/records';
import { resourceHandler } from '../lib/pipeline';
import { type Caller, respond } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import { lessonDeleteWrites, lessonWrites } from '../repositories/lessons';
import { writeTransaction } from '../table/transactions';
import { joinLesson } from './join';
import { bookCourseLesson, createLesson, requestChange, requireLesson } from './lessons';
import { withMeetingChanges } from './provider-sync';
import { changeFollowing } from './series-changes';
import { meetingData, notifyWaiting, startMeeting } from './waiting-room';

const changed = () => new ConflictError('This lesson was changed by someone else. Reload and try again.');
type Kind = 'TEAMS' | 'ZOOM';

/** What the lesson routes' operations read of their requests (the same for both meeting kinds). */
interface LessonRequest {
  tenant: Tenant;
  caller: Caller;
  params: { id: string };
}
type ChangeRequest = LessonRequest & { body: CancelBody & Partial<RescheduleBody> };

/** A cancel or a reschedule, by the lesson's student or tutor or by an admin. */
const change =
  (kind: Kind, type: 'CANCEL' | 'RESCHEDULE', asAdmin: boolean) =>
  async ({ tenant, caller, params, body }: ChangeRequest) => {
    const { reason, category, note, start, duration, tutorId, scope } = body;
    if (type === 'RESCHEDULE' && !start) throw new BadRequestError('start: Choose the new time');
    return (scope === 'FOLLOWING' ? changeFollowing : requestChange)(
      tenant,
      caller,
      params.id,
      {
        type,
        reason,
        category,
        note,
        ...(type === 'RESCHEDULE' && start
          ? { reschedule: { start, ...(duration ? { duration } : {}), ...(tutorId ? { tutorId } : {}) } }
          : {}),
      },
      { asAdmin, kind },
    );
  };

async function lessonOfKind(kind: Kind, tenant: string, sectionId: string) {
  const lesson = await requireLesson(tenant, sectionId);
  if (lesson.kind !== kind) throw new NotFoundError('Lesson not found');
  return lesson;
}

const adminCreate =
  (kind: Kind) =>
  async ({ tenant, caller, body }: Omit<LessonRequest, 'params'> & { body: LessonInput }) =>
    respond(201, await createLesson(tenant, caller, kind, body, { asAdmin: true }));

const adminUpdate =
  (kind: Kind) =>
  async ({ tenant, params, body }: LessonRequest & { body: LessonUpdate }) => {
    const lesson = await lessonOfKind(kind, tenant.key, params.id);
    const course = await coursesRepository.get(tenant.key, lesson.course);
    const after = { ...lesson, ...body, updatedAt: new Date().toISOString() };
    const writes = await lessonWrites(tenant.key, lesson, after, course?.title ?? '');
    await withMeetingChanges(tenant.key, [{ before: lesson, after }], () =>
      writeTransaction(writes.items, changed),
    );
    return after;
  };

const adminDelete =
  (kind: Kind) =>
  async ({ tenant, params }: LessonRequest) => {
    const lesson = await lessonOfKind(kind, tenant.key, params.id);
    if (lesson.status === 'COMPLETED') {
      throw new ConflictError('A completed lesson stays in the lesson history and cannot be deleted');
    }
    const deletes = await lessonDeleteWrites(tenant.key, lesson);
    await withMeetingChanges(tenant.key, [{ before: lesson, after: undefined }], () =>
      writeTransaction(deletes, changed),
    );
    return { _id: lesson._id };
  };

/** A course's tutor schedules a lesson in it. */
const tutorCreate =
  (kind: Kind) =>
  async ({ tenant, caller, body }: Omit<LessonRequest, 'params'> & { body: LessonInput }) => {
    if (caller.user.type !== 'tutor')
      throw new ForbiddenError('Only a course tutor can schedule lessons here');
    // Before the lesson is checked: a tutor outside the course learns nothing of it (its tutors, its slots).
    await requireCourseTutor(tenant.key, caller, body.course, [
      kind === 'ZOOM' ? 'zoomCreate' : 'teamsCreate',
    ]);
    return respond(
      201,
      await createLesson(tenant, caller, kind, { ...body, tutorId: caller.user._id }, { asAdmin: false }),
    );
  };

export const handler = resourceHandler('meetings', meetingRoutes, {
  'meetings.teamsAdminCreate': adminCreate('TEAMS'),
  'meetings.teamsAdminUpdate': adminUpdate('TEAMS'),
  'meetings.teamsAdminDelete': adminDelete('TEAMS'),
  'meetings.teamsAdminCancel': change('TEAMS', 'CANCEL', true),
  'meetings.teamsAdminReschedule': change('TEAMS', 'RESCHEDULE', true),
  'meetings.teamsCreate': tutorCreate('TEAMS'),
  'meetings.teamsCancel': change('TEAMS', 'CANCEL', false),
  'meetings.teamsReschedule': change('TEAMS', 'RESCHEDULE', false),
  'meetings.zoomAdminCreate': adminCreate('ZOOM'),
  'meetings.zoomAdminUpdate': adminUpdate('ZOOM'),
  'meetings.zoomAdminDelete': adminDelete('ZOOM'),
  'meetings.zoomAdminCancel': change('ZOOM', 'CANCEL', true),
  'meetings.zoomAdminReschedule': change('ZOOM', 'RESCHEDULE', true),
  'meetings.zoomCreate': tutorCreate('ZOOM'),
  'meetings.zoomCancel': change('ZOOM', 'CANCEL', false),
  'meetings.zoomReschedule': change('ZOOM', 'RESCHEDULE', false),
  'meetings.notifyJoined': async ({ tenant, caller, body }) => joinLesson(tenant.key, caller, body.sectionId),
  'meetings.meetingData': async ({ tenant, caller, params }) =>
    meetingData(tenant.key, caller.user, params.waitingId),
  'meetings.notifyWaiting': async ({ tenant, caller, body }) =>
    notifyWaiting(tenant.key, caller.user, body.waitingId),
  'meetings.start': async ({ tenant, caller, body }) => startMeeting(tenant.key, caller.user, body.waitingId),
  'meetings.courseMeetingBook': async ({ tenant, caller, body }) =>
    respond(201, await bookCourseLesson(tenant, caller, body)),
});
