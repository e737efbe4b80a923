import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { decideChange, isGroupLesson } from '../../shared/scheduling/lesson-changes';
import { clashMessage, localLabel, shiftInWallTime } from '../../shared/scheduling/recurrence';
import { schedulingSettings } from '../../shared/scheduling/settings';
import { bookingSweep } from '../../shared/scheduling/slots';
import type { MeetingRequest } from '../../shared/schemas/meeting';
import { isLessonKind } from '../../shared/schemas/section';
import type { Tenant } from '../../shared/schemas/tenant';
import type { Caller } from '../lib/request';
import { type LessonRecord, lessonWrites } from '../repositories/lessons';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { courseSections, type SectionRecord } from '../repositories/sections';
import {
  asLesson,
  changedLesson,
  changeRequestRecord,
  type LessonChange,
  requestChange,
  requesterRole,
  requireCourse,
  requireLesson,
} from './lessons';
import { applySeriesChange, seriesClashes, tutorTimeZone } from './series';

const MINUTE_MS = 60_000;

/**
 * Cancels or moves a lesson of a series and every later one ("This and following lessons"), all or nothing
 * as booking is (functions/meetings/series.ts): a move claims every new time first and a clash refuses the
 * whole change with a 409 listing the clashing dates. A move shifts each later lesson by the change of the
 * chosen lesson in the tutor's wall time (a day later and an hour later on the clock, across DST too).
 * The tutor or an admin only, and only for changes that apply at once: a change that would wait for an
 * admin (within the notice window) is made to the one lesson first. A lesson not in a series changes alone.
 */
export async function changeFollowing(
  tenant: Tenant,
  caller: Caller,
  sectionId: string,
  change: LessonChange,
  options: { asAdmin: boolean; kind: 'ZOOM' | 'TEAMS' },
): Promise<{ status: MeetingRequest['status']; request: MeetingRequest; lesson: SectionRecord }> {
  const lesson = await requireLesson(tenant.key, sectionId);
  if (lesson.kind !== options.kind) throw new NotFoundError('Lesson not found');
  const seriesId = lesson.seriesId;
  if (!seriesId) return requestChange(tenant, caller, sectionId, change, options);
  const role = requesterRole(caller, lesson, options.asAdmin);
  if (role === 'STUDENT') {
    throw new ForbiddenError(
      'Only the tutor or an admin changes the rest of a series; change this lesson on its own',
    );
  }
  const course = await requireCourse(tenant.key, lesson.course);
  const from = Date.parse(lesson.start);
  const series = (await courseSections(tenant.key, lesson.course))
    .filter((s) => s.seriesId === seriesId && isLessonKind(s.kind) && s.status === 'ACTIVE')
    .map(asLesson)
    .filter((s) => Date.parse(s.start) >= from)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  if (!series.some((s) => s._id === lesson._id)) series.unshift(lesson);

  const settings = schedulingSettings(tenant.settings?.scheduling);
  const now = new Date();
  for (const each of series) {
    if (each.pendingRequestId) {
      throw new ConflictError(
        `The lesson of ${each.start} has a change waiting for an admin: answer it first`,
      );
    }
    const decision = decideChange({
      role,
      lessonStart: new Date(each.start),
      lessonStatus: each.status,
      now,
      changeNoticeHours: settings.changeNoticeHours,
      group: isGroupLesson(course, each),
    });
    if (decision.outcome === 'refused') throw new BadRequestError(decision.message);
    if (decision.outcome === 'request') {
      throw new BadRequestError(
        'This lesson is too close to change together with the rest of the series: change it on its own first',
      );
    }
  }

  const timeZone = await tutorTimeZone(tenant.key, lesson.tutorId);
  const anchor = await changedLesson(tenant, lesson, change, { role });
  const afters: LessonRecord[] = [];
  for (const each of series) {
    if (each._id === lesson._id) {
      afters.push(anchor);
    } else if (change.type === 'CANCEL') {
      afters.push(await changedLesson(tenant, each, change, { role }));
    } else {
      const start = shiftInWallTime(
        new Date(each.start),
        new Date(lesson.start),
        new Date(anchor.start),
        timeZone,
      );
      afters.push(
        await changedLesson(
          tenant,
          each,
          {
            type: 'RESCHEDULE',
            reschedule: { start: start.toISOString(), duration: anchor.duration, tutorId: anchor.tutorId },
          },
          { role },
        ),
      );
    }
  }

  if (change.type === 'RESCHEDULE') {
    // A lesson moved onto another lesson of this series' old time would meet its own series' claims.
    const onOwn = afters.filter((after) =>
      bookingSweep(
        series
          .filter((old) => old._id !== after._id)
          .map((old) => ({ start: new Date(old.start), end: new Date(old.end) })),
        settings.bufferMinutes * MINUTE_MS,
      )(Date.parse(after.start), Date.parse(after.end)),
    );
    if (onOwn.length > 0) {
      throw new BadRequestError(
        `Moved this far, a lesson would land on another lesson of the series (${onOwn
          .map((after) => localLabel(new Date(after.start), timeZone))
          .join(', ')}): move the lessons one at a time`,
      );
    }
    const clashes = await seriesClashes(tenant, anchor.tutorId, afters, new Set(series.map((s) => s._id)));
    if (clashes.length > 0) {
      throw new ConflictError(
        clashMessage(
          clashes.map((after) => new Date(after.start)),
          timeZone,
        ),
      );
    }
  }

  const requests: MeetingRequest[] = [];
  for (const [index, before] of series.entries()) {
    const after = afters[index] ?? before;
    requests.push(
      await changeRequestRecord(tenant, caller, {
        lesson: before,
        after,
        change,
        role,
        status: 'APPROVED',
        course,
      }),
    );
  }
  await applySeriesChange(
    await Promise.all(
      series.map(async (before, index) => {
        const after = afters[index] ?? before;
        const request = requests[index];
        const writes = await lessonWrites(tenant.key, before, after, course.title);
        return {
          lesson: after,
          writes,
          extra: request ? meetingRequestsRepository.insertItems(tenant.key, request) : [],
          // Back to its old time (claimed again only where still free), from the lesson as written; the
          // request stays as a record.
          undo: async () =>
            (
              await lessonWrites(
                tenant.key,
                writes.written,
                { ...before, updatedAt: new Date().toISOString() },
                course.title,
              )
            ).items,
        };
      }),
    ),
    timeZone,
    [],
  );
  const first = requests[0];
  if (!first) throw new NotFoundError('Lesson not found');
  return { status: 'APPROVED', request: first, lesson: anchor };
}
