import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { meetingRoutes } from '../../shared/routes/meetings';
import type { JoinMeetingBody, LessonInput, RescheduleBody } from '../../shared/schemas/meeting';
import { type Operation, resourceHandler, withCaller } from '../lib/pipeline';
import { respond } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import { lessonDeleteWrites, lessonWrites } from '../repositories/lessons';
import { writeTransaction } from '../table/transactions';
import { joinLesson } from './join';
import { bookCourseLesson, createLesson, requestChange, requireLesson } from './lessons';

type ChangeBody = { reason: string; category?: string; note?: string };
const changed = () => new ConflictError('This lesson was changed by someone else. Reload and try again.');

/** The operations of one meeting kind's routes (`teams` or `zoom`). */
function kindOperations(id: 'teams' | 'zoom', kind: 'TEAMS' | 'ZOOM'): Record<string, Operation> {
  const change = (type: 'CANCEL' | 'RESCHEDULE', asAdmin: boolean) =>
    withCaller<unknown, ChangeBody & Partial<RescheduleBody>>(async ({ tenant, caller, params, body }) => {
      const { reason, category, note, start, duration, tutorId } = body;
      return requestChange(
        tenant,
        caller,
        params.id!,
        {
          type,
          reason,
          category,
          note,
          ...(type === 'RESCHEDULE'
            ? {
                reschedule: {
                  start: start!,
                  ...(duration ? { duration } : {}),
                  ...(tutorId ? { tutorId } : {}),
                },
              }
            : {}),
        },
        { asAdmin, kind },
      );
    });
  const lessonOfKind = async (tenant: string, sectionId: string) => {
    const lesson = await requireLesson(tenant, sectionId);
    if (lesson.kind !== kind) throw new NotFoundError('Lesson not found');
    return lesson;
  };
  return {
    [`meetings.${id}AdminCreate`]: withCaller<unknown, LessonInput>(async ({ tenant, caller, body }) =>
      respond(201, await createLesson(tenant, caller, kind, body, { asAdmin: true })),
    ),
    [`meetings.${id}AdminUpdate`]: async ({ tenant, params, body }) => {
      const lesson = await lessonOfKind(tenant.key, params.id!);
      const course = await coursesRepository.get(tenant.key, lesson.course);
      const after = { ...lesson, ...(body as object), updatedAt: new Date().toISOString() };
      const writes = lessonWrites(tenant.key, lesson, after, course?.title ?? '');
      await writeTransaction(writes.items, changed);
      return after;
    },
    [`meetings.${id}AdminDelete`]: async ({ tenant, params }) => {
      const lesson = await lessonOfKind(tenant.key, params.id!);
      if (lesson.status === 'COMPLETED') {
        throw new ConflictError('A completed lesson stays in the lesson history and cannot be deleted');
      }
      await writeTransaction(lessonDeleteWrites(tenant.key, lesson), changed);
      return { _id: lesson._id };
    },
    [`meetings.${id}AdminCancel`]: change('CANCEL', true),
    [`meetings.${id}AdminReschedule`]: change('RESCHEDULE', true),
    [`meetings.${id}Create`]: withCaller<unknown, LessonInput>(async ({ tenant, caller, body }) => {
      if (caller.user.type !== 'tutor')
        throw new ForbiddenError('Only a course tutor can schedule lessons here');
      return respond(
        201,
        await createLesson(tenant, caller, kind, { ...body, tutorId: caller.user._id }, { asAdmin: false }),
      );
    }),
    [`meetings.${id}Cancel`]: change('CANCEL', false),
    [`meetings.${id}Reschedule`]: change('RESCHEDULE', false),
  };
}

export const handler = resourceHandler('meetings', meetingRoutes, {
  ...kindOperations('teams', 'TEAMS'),
  ...kindOperations('zoom', 'ZOOM'),
  'meetings.notifyJoined': withCaller<unknown, JoinMeetingBody>(async ({ tenant, caller, body }) =>
    joinLesson(tenant.key, caller, body.sectionId),
  ),
  'meetings.courseMeetingBook': withCaller<unknown, Parameters<typeof bookCourseLesson>[2]>(
    async ({ tenant, caller, body }) => respond(201, await bookCourseLesson(tenant, caller, body)),
  ),
});
