import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { decideChange, isGroupLesson, type RequesterRole } from '../../shared/scheduling/lesson-changes';
import { clashMessage, shiftInWallTime } from '../../shared/scheduling/recurrence';
import { schedulingSettings } from '../../shared/scheduling/settings';
import type { MeetingRequest } from '../../shared/schemas/meeting';
import { isLessonKind } from '../../shared/schemas/section';
import type { Tenant } from '../../shared/schemas/tenant';
import type { Caller } from '../lib/request';
import type { CourseRecord } from '../repositories/courses';
import { type LessonRecord, lessonWrites } from '../repositories/lessons';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { courseSections, type SectionRecord } from '../repositories/sections';
import { MAX_TRANSACTION_ITEMS, type TransactItem, writeTransaction } from '../table/transactions';
import {
  asLesson,
  changedLesson,
  changeLesson,
  changeRequestRecord,
  holdWrite,
  type LessonChange,
  requireCourse,
  requireLesson,
  requireLessonOfKind,
} from './lessons';
import { approvedRequestWrites } from './penalties';
import { withMeetingChanges } from './provider-sync';
import { applySeriesChange, chunks, seriesClashes, tutorTimeZone } from './series';

/**
 * Cancels or moves a lesson of a series and every later one ("This and following lessons"), all or nothing
 * as booking is (functions/meetings/series.ts): a move claims every new time first and a clash with a
 * lesson outside the series refuses the whole change with a 409 listing the clashing dates. A move shifts
 * each later lesson by the change of the chosen lesson in the tutor's wall time (a day later and an hour
 * later on the clock, across DST too); moved onto the series' own old times (a week later), each lesson
 * takes over the time the other gives up. The tutor or an admin only. When the chosen lesson is within the
 * notice window (decideChange answers `request` for the tutor), the whole change waits for an admin as one
 * PENDING request of the chosen lesson with `scope: 'FOLLOWING'`, every lesson concerned held by it as a
 * single change holds its lesson; the admin's approval applies it then ({@link approveFollowing}). A lesson
 * not in a series changes alone.
 */
export async function changeFollowing(
  tenant: Tenant,
  caller: Caller,
  sectionId: string,
  change: LessonChange,
  options: { asAdmin: boolean; kind: 'ZOOM' | 'TEAMS' },
): Promise<{ status: MeetingRequest['status']; request: MeetingRequest; lesson: SectionRecord }> {
  const { lesson, role } = await requireLessonOfKind(tenant.key, caller, sectionId, options);
  if (!lesson.seriesId) return changeLesson(tenant, caller, lesson, role, change);
  if (role === 'STUDENT') {
    throw new ForbiddenError(
      'Only the tutor or an admin changes the rest of a series; change this lesson on its own',
    );
  }
  const course = await requireCourse(tenant.key, lesson.course);
  const series = await followingLessons(tenant.key, lesson, lesson.seriesId);

  const settings = schedulingSettings(tenant.settings?.scheduling);
  const now = new Date();
  let waits = false;
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
    if (decision.outcome === 'request') waits = true;
  }

  const timeZone = await tutorTimeZone(tenant.key, lesson.tutorId);
  const afters = await changedSeries(tenant, series, change, role, timeZone);
  await refuseClashes(tenant, series, afters, change, timeZone);
  if (waits) return requestFollowing(tenant, caller, { series, afters, change, role, course });

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
  await applyFollowing(tenant, {
    series,
    afters,
    course,
    timeZone,
    extra: (index) => {
      const request = requests[index];
      return request ? approvedRequestWrites(tenant.key, request) : [];
    },
  });
  const first = requests[0];
  const anchor = afters[0];
  if (!first || !anchor) throw new NotFoundError('Lesson not found');
  return { status: 'APPROVED', request: first, lesson: anchor };
}

/** The chosen lesson and every later live lesson of its series, in date order. */
async function followingLessons(
  tenant: string,
  lesson: LessonRecord,
  seriesId: string,
): Promise<LessonRecord[]> {
  const from = Date.parse(lesson.start);
  const series = (await courseSections(tenant, lesson.course))
    .filter((s) => s.seriesId === seriesId && isLessonKind(s.kind) && s.status === 'ACTIVE')
    .map(asLesson)
    .filter((s) => s._id !== lesson._id && Date.parse(s.start) >= from)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return [lesson, ...series];
}

/**
 * Each lesson of `series` (the chosen one first) after the change: cancelled, or the chosen one moved as
 * asked and every later one by the same change of the tutor's wall time.
 */
async function changedSeries(
  tenant: Tenant,
  series: readonly LessonRecord[],
  change: Pick<LessonChange, 'type' | 'reschedule'>,
  role: RequesterRole,
  timeZone: string,
): Promise<LessonRecord[]> {
  const [lesson, ...later] = series;
  if (!lesson) return [];
  // A tutor moves to their free slots, where the lessons moving together do not count as booked.
  const movingWith = new Set(series.map((each) => each._id));
  const anchor = await changedLesson(tenant, lesson, change, { role, movingWith });
  const afters = [anchor];
  for (const each of later) {
    if (change.type === 'CANCEL') {
      afters.push(await changedLesson(tenant, each, change, { role }));
      continue;
    }
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
        { role, movingWith },
      ),
    );
  }
  return afters;
}

/**
 * A 409 listing the dates at which a moved lesson would come too close to a lesson outside the change
 * (the series' lessons that move are left out: their old times are given up by the same change).
 */
async function refuseClashes(
  tenant: Tenant,
  series: readonly LessonRecord[],
  afters: readonly LessonRecord[],
  change: Pick<LessonChange, 'type'>,
  timeZone: string,
): Promise<void> {
  const anchor = afters[0];
  if (change.type !== 'RESCHEDULE' || !anchor) return;
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

/**
 * Writes the change of every lesson of `series` into its `afters`, all or nothing (applySeriesChange),
 * each lesson's transaction with its `extra` writes (the request recording its change).
 */
async function applyFollowing(
  tenant: Tenant,
  input: {
    series: readonly LessonRecord[];
    afters: readonly LessonRecord[];
    course: CourseRecord;
    timeZone: string;
    extra: (index: number) => TransactItem[];
  },
): Promise<void> {
  const { series, afters, course, timeZone, extra } = input;
  const changes = series.map((before, index) => ({ before, after: afters[index] ?? before }));
  await withMeetingChanges(tenant.key, changes, async () =>
    applySeriesChange(
      await Promise.all(
        series.map(async (before, index) => {
          const after = afters[index] ?? before;
          const writes = await lessonWrites(tenant.key, before, after, course.title);
          return {
            lesson: after,
            writes,
            extra: extra(index),
            // Back as it was (claimed again only where still free), from the lesson as written; the request
            // stays as a record.
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
    ),
  );
}

/**
 * The tutor's change of the following lessons within the notice window: one PENDING request of the chosen
 * lesson, `scope: 'FOLLOWING'`, and every lesson concerned holding it (as a single change holds its
 * lesson), so no other change of them is asked meanwhile. The request is written last: should holding a
 * lesson fail (one changed meanwhile), the lessons already held are let go and nothing waits.
 */
async function requestFollowing(
  tenant: Tenant,
  caller: Caller,
  input: {
    series: readonly LessonRecord[];
    afters: readonly LessonRecord[];
    change: LessonChange;
    role: RequesterRole;
    course: CourseRecord;
  },
): Promise<{ status: MeetingRequest['status']; request: MeetingRequest; lesson: SectionRecord }> {
  const { series, afters, change, role, course } = input;
  const [lesson] = series;
  const after = afters[0];
  if (!lesson || !after) throw new NotFoundError('Lesson not found');
  const record = await changeRequestRecord(tenant, caller, {
    lesson,
    after,
    change,
    role,
    status: 'PENDING',
    course,
  });
  const request: MeetingRequest = { ...record, scope: 'FOLLOWING' };
  const holds = series.map((each) => holdWrite(tenant.key, each, request._id, request.createdAt));
  const requestItems = meetingRequestsRepository.insertItems(tenant.key, request);
  const changed = () => new ConflictError('This lesson was changed by someone else. Reload and try again.');
  const batches = chunks(
    holds.map((hold) => hold.item),
    MAX_TRANSACTION_ITEMS,
  );
  const last = batches.pop() ?? [];
  const lastHolds = MAX_TRANSACTION_ITEMS - requestItems.length;
  if (last.length > lastHolds) batches.push(last.splice(0, last.length - lastHolds));
  let held = 0;
  try {
    for (const batch of batches) {
      await writeTransaction(batch, changed);
      held += batch.length;
    }
    await writeTransaction([...last, ...requestItems], changed);
  } catch (error) {
    const written = holds.slice(0, held);
    const now = new Date().toISOString();
    for (const batch of chunks(written, MAX_TRANSACTION_ITEMS)) {
      await writeTransaction(
        batch.map((hold) => holdWrite(tenant.key, hold.lesson, undefined, now).item),
        changed,
      ).catch(() => undefined);
    }
    throw error;
  }
  return { status: 'PENDING', request, lesson: holds[0]?.lesson ?? lesson };
}

/** The lessons a FOLLOWING request holds: its lesson and the later ones of the series it was asked for. */
async function heldLessons(tenant: string, request: MeetingRequest): Promise<LessonRecord[]> {
  const lesson = await requireLesson(tenant, request.sectionId);
  const series = lesson.seriesId ? await followingLessons(tenant, lesson, lesson.seriesId) : [lesson];
  return series.filter((each) => each.pendingRequestId === request._id);
}

/**
 * An admin approves a FOLLOWING request (respondToRequest): the change is worked out again from the lessons
 * as they are now (the chosen lesson to the request's new time, or `newStart` if the admin set another,
 * every later one by the same wall-time change), checked for clashes now (a 409 with the clashing dates
 * when it no longer fits, every lesson left held and the request PENDING) and applied all or nothing, the
 * request's answer written with its lesson and an APPROVED record for each later lesson.
 */
export async function approveFollowing(
  tenant: Tenant,
  caller: Caller,
  request: MeetingRequest,
  answer: (after: LessonRecord) => { next: MeetingRequest; items: TransactItem[] },
  target: { newStart: string | null; duration: number | undefined },
): Promise<MeetingRequest> {
  const series = await heldLessons(tenant.key, request);
  const [lesson] = series;
  if (!lesson || lesson._id !== request.sectionId) throw new NotFoundError('Lesson not found');
  const course = await requireCourse(tenant.key, lesson.course);
  const timeZone = await tutorTimeZone(tenant.key, lesson.tutorId);
  const change = requestedChange(request, target);
  const afters = await changedSeries(tenant, series, change, 'ADMIN', timeZone);
  await refuseClashes(tenant, series, afters, change, timeZone);
  const anchor = afters[0];
  if (!anchor) throw new NotFoundError('Lesson not found');
  const answered = answer(anchor);
  const records: MeetingRequest[] = [];
  for (const [index, before] of series.entries()) {
    if (index === 0) continue;
    const record = await changeRequestRecord(tenant, caller, {
      lesson: before,
      after: afters[index] ?? before,
      change: {
        ...change,
        reason: request.reason,
        category: request.category ?? undefined,
        note: request.note ?? undefined,
      },
      role: request.requestedByRole,
      status: 'APPROVED',
      course,
      requestedAt: request.createdAt,
    });
    records.push({
      ...record,
      requestedBy: request.requestedBy,
      respondedBy: answered.next.respondedBy,
      adminNote: answered.next.adminNote,
    });
  }
  await applyFollowing(tenant, {
    series,
    afters,
    course,
    timeZone,
    extra: (index) => {
      if (index === 0) return answered.items;
      const record = records[index - 1];
      return record ? approvedRequestWrites(tenant.key, record) : [];
    },
  });
  return answered.next;
}

/** The change a request asks for, with the admin's other time if they set one. */
function requestedChange(
  request: MeetingRequest,
  target: { newStart: string | null; duration: number | undefined },
): Pick<LessonChange, 'type' | 'reschedule'> {
  if (request.type !== 'RESCHEDULE') return { type: 'CANCEL' };
  if (!target.newStart) throw new BadRequestError('This request has no new time');
  return {
    type: 'RESCHEDULE',
    reschedule: {
      start: target.newStart,
      ...(target.duration ? { duration: target.duration } : {}),
      ...(request.newTutorId ? { tutorId: request.newTutorId } : {}),
    },
  };
}

/**
 * An admin's other time for a FOLLOWING reschedule request (respondToRequest UPDATE), checked as approval
 * would check it: every lesson moved by the same wall-time change, a 409 listing the clashing dates.
 */
export async function checkFollowingUpdate(
  tenant: Tenant,
  request: MeetingRequest,
  target: { newStart: string | null; duration: number | undefined },
): Promise<LessonRecord> {
  const series = await heldLessons(tenant.key, request);
  const lesson = series[0];
  if (!lesson) throw new NotFoundError('Lesson not found');
  const timeZone = await tutorTimeZone(tenant.key, lesson.tutorId);
  const change = requestedChange(request, target);
  const afters = await changedSeries(tenant, series, change, 'ADMIN', timeZone);
  await refuseClashes(tenant, series, afters, change, timeZone);
  const anchor = afters[0];
  if (!anchor) throw new NotFoundError('Lesson not found');
  return anchor;
}

/** The writes that let every lesson a FOLLOWING request holds go again (its refusal). */
export async function releaseFollowing(tenant: string, request: MeetingRequest, now: string) {
  return (await heldLessons(tenant, request)).map((lesson) => holdWrite(tenant, lesson, undefined, now).item);
}
