import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { dateFilterRange } from '../../shared/scheduling/date-filters';
import { requestStatuses } from '../../shared/scheduling/lesson-changes';
import type { MeetingRequest, PresentedMeetingRequest, RespondBody } from '../../shared/schemas/meeting';
import type { ListQuery, Page } from '../../shared/schemas/paging';
import type { Tenant } from '../../shared/schemas/tenant';
import type { Caller } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import { type LessonRecord, lessonWrites } from '../repositories/lessons';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { eventWrite } from '../repositories/outbox';
import { collections, keys } from '../table/access-patterns';
import { type TransactItem, updateEveryItem, writeTransaction } from '../table/transactions';
import { changedLesson, clashesWithTutorLessons, holdWrite, requireLesson, SLOT_TAKEN } from './lessons';
import { penaltyFields, penaltyWaiverWrites } from './penalties';
import { withMeetingChanges } from './provider-sync';
import { approveFollowing, checkFollowingUpdate, releaseFollowing } from './series-changes';

export interface MeetingRequestFilters {
  statuses?: string;
  studentId?: string;
  tutorId?: string;
  requestedByRole?: string;
  startDate?: string;
  endDate?: string;
  type?: string;
  includeTutorAmountData?: '0' | '1';
}

/** Spec 001 section 6: the tutor amount data comes back only when asked for. */
function present(request: MeetingRequest, includeTutorAmountData: boolean): PresentedMeetingRequest {
  if (includeTutorAmountData) return request;
  const { penalty: _p, penaltyAmount: _a, penaltyReason: _r, tutorAmountCurrency: _c, ...rest } = request;
  return rest;
}

export { tutorAmountsWanted } from '../lib/tutor-amounts';

/** `statuses` is a comma-separated list (PENDING,APPROVED); unknown values are ignored. */
function statusList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => (requestStatuses as readonly string[]).includes(s));
}

/**
 * The admin list (every filter of spec 001 section 7), or with `onlyFor` a user's own requests, newest
 * request first. Status, type, the people and the lesson dates are served by the requests' list indexes;
 * several statuses (not all), the requester's role, a search, and the newest-request order within lesson
 * dates (whose index is ordered by the lesson's start) within their scan limit.
 */
export async function listRequests(
  tenant: string,
  query: ListQuery & MeetingRequestFilters,
  options: { onlyFor?: string; includeTutorAmountData: boolean; hiddenCourses?: Set<string> },
): Promise<Page<PresentedMeetingRequest>> {
  const { onlyFor } = options;
  const {
    statuses,
    studentId,
    tutorId,
    requestedByRole,
    startDate,
    endDate,
    type,
    includeTutorAmountData: _asked,
    ...paging
  } = query;
  const wanted = statusList(statuses);
  // Bounds as UTC instants, so a bare date or an offset compares rightly with the stored lesson starts.
  const range = dateFilterRange(startDate, endDate);
  if (!range.ok) throw new BadRequestError(range.message);
  const { from, to } = range;
  const dated = from !== undefined || to !== undefined;
  // One status is an index; every status is no filter; some of them are checked per record.
  const someStatuses = wanted.length > 1 && wanted.length < requestStatuses.length;
  // A student's requests about lessons of draft courses stay out of their list until the course is ACTIVE.
  const hidden = options.hiddenCourses;
  const page = await meetingRequestsRepository.list(
    tenant,
    {
      ...paging,
      sortKey: paging.sortKey ?? 'createdAt',
      sortValue: paging.sortValue ?? 'desc',
    },
    {
      status: wanted.length === 1 ? wanted[0] : undefined,
      type,
      requestedByRole,
      studentId,
      tutorId,
      // Whoever the list is about: its partition holds every request they are on.
      person: onlyFor ?? studentId ?? tutorId,
    },
    {
      ...(dated ? { range: { order: 'start', from, to } } : {}),
      ...(someStatuses || hidden?.size
        ? {
            matches: (request: MeetingRequest) =>
              (!someStatuses || wanted.includes(request.status)) && !hidden?.has(request.courseId),
          }
        : {}),
    },
  );
  return { ...page, docs: page.docs.map((doc) => present(doc, options.includeTutorAmountData)) };
}

export async function getRequest(
  tenant: string,
  requestId: string,
  options: { onlyFor?: string; includeTutorAmountData: boolean; hiddenCourses?: Set<string> },
): Promise<PresentedMeetingRequest> {
  const request = await meetingRequestsRepository.get(tenant, requestId);
  const involved =
    request &&
    !options.hiddenCourses?.has(request.courseId) &&
    (!options.onlyFor ||
      request.requestedBy._id === options.onlyFor ||
      request.students.some((s) => s._id === options.onlyFor) ||
      request.tutors.some((t) => t._id === options.onlyFor));
  if (!request || !involved) throw new NotFoundError('Lesson request not found');
  return present(request, options.includeTutorAmountData);
}

/** The answer's writes: the request (still PENDING and as read) and its list entries, first. */
function requestWrite(tenant: string, next: MeetingRequest, read: MeetingRequest): TransactItem[] {
  return [
    ...meetingRequestsRepository.replaceItems(tenant, read, next, {
      expression: '#status = :pending',
      names: { '#status': 'status' },
      values: { ':pending': 'PENDING' },
    }),
    // An answer tells its requester (functions/notifications), in the answer's own transaction.
    ...(next.status !== read.status
      ? [eventWrite('LessonChangeRequestAnswered', { tenant, requestId: next._id, status: next.status })]
      : []),
  ];
}

/** A single lesson's request moved to another time by an admin (UPDATE): checked as APPROVE would. */
async function changedSingleTime(
  tenant: Tenant,
  request: MeetingRequest,
  newStart: string | null,
  duration: number | undefined,
): Promise<LessonRecord> {
  if (!newStart) throw new BadRequestError('This request has no new time');
  const lesson = await requireLesson(tenant.key, request.sectionId);
  const after = await changedLesson(
    tenant,
    lesson,
    {
      type: 'RESCHEDULE',
      reschedule: {
        start: newStart,
        ...(duration ? { duration } : {}),
        ...(request.newTutorId ? { tutorId: request.newTutorId } : {}),
      },
    },
    { role: 'ADMIN' },
  );
  if (await clashesWithTutorLessons(tenant, after)) throw new ConflictError(SLOT_TAKEN);
  return after;
}

const answered = () => new ConflictError('This request was already answered. Reload to see its status.');

/**
 * An admin answers a PENDING request. APPROVE applies the change (a reschedule re-checks and claims the
 * new time in the same transaction as the request's answer); REJECT releases the lesson; UPDATE changes
 * the request (another new time, a note, a penalty) and leaves it PENDING. A request for "this and
 * following lessons" (`scope: 'FOLLOWING'`) does each for every lesson it holds (series-changes.ts).
 */
export async function respondToRequest(
  tenant: Tenant,
  caller: Caller,
  requestId: string,
  body: RespondBody,
): Promise<{ request: MeetingRequest }> {
  const request = await meetingRequestsRepository.get(tenant.key, requestId);
  if (!request) throw new NotFoundError('Lesson request not found');
  if (request.status !== 'PENDING') throw answered();
  const now = new Date().toISOString();
  const durationOf = (start: string | null, end: string | null) =>
    start && end ? Math.round((Date.parse(end) - Date.parse(start)) / 60_000) : undefined;
  const newStart = body.newStart ?? request.newStart;
  const duration = body.duration ?? durationOf(request.newStart, request.newEnd);
  // An admin may set another penalty (a percent of the lesson's tutor amount): its amount follows.
  const penalty =
    body.penalty !== undefined
      ? await penaltyFields(
          tenant,
          await requireLesson(tenant.key, request.sectionId),
          body.penalty,
          body.penaltyReason ??
            request.penaltyReason ??
            `Set by an admin: ${body.penalty}% of the tutor amount`,
        )
      : { penaltyReason: body.penaltyReason ?? request.penaltyReason };
  const common = {
    ...request,
    adminNote: body.adminNote ?? request.adminNote,
    ...penalty,
    updatedAt: now,
  };

  if (body.action === 'UPDATE') {
    const moves = body.newStart !== undefined || body.duration !== undefined;
    if (moves && request.type !== 'RESCHEDULE') {
      throw new BadRequestError('Only a reschedule request has a new time to change');
    }
    let times: Pick<MeetingRequest, 'newStart' | 'newEnd'> | undefined;
    if (moves) {
      // The new time is checked as APPROVE would check it: a length the stage allows, in the future, with
      // one of the course's tutors. A time already taken is refused now too (a 409): reading the tutor's
      // busy list for the day or two concerned costs a couple of item reads, and a request kept with an
      // impossible time would only fail at APPROVE. APPROVE still claims the time in its transaction,
      // which settles a booking made in between.
      const after =
        request.scope === 'FOLLOWING'
          ? await checkFollowingUpdate(tenant, request, { newStart, duration })
          : await changedSingleTime(tenant, request, newStart, duration);
      times = { newStart: after.start, newEnd: after.end };
    }
    const next: MeetingRequest = { ...common, ...times };
    await writeTransaction(requestWrite(tenant.key, next, request), answered);
    return { request: next };
  }

  const responder = {
    _id: caller.user._id,
    firstname: caller.user.firstname,
    lastname: caller.user.lastname,
  };
  const lesson = await requireLesson(tenant.key, request.sectionId);
  const course = await coursesRepository.get(tenant.key, lesson.course);
  if (body.action === 'REJECT') {
    // A change that does not happen costs nothing: the request's penalty goes with it.
    const next: MeetingRequest = {
      ...common,
      status: 'REJECTED',
      respondedBy: responder,
      respondedAt: now,
      penalty: 0,
      penaltyAmount: 0,
      penaltyReason: null,
    };
    // Every lesson the request holds is let go, as it was.
    const released =
      request.scope === 'FOLLOWING'
        ? await releaseFollowing(tenant.key, request, now)
        : [holdWrite(tenant.key, lesson, undefined, now).item];
    await writeTransaction([...requestWrite(tenant.key, next, request), ...released], answered);
    return { request: next };
  }

  const approved = (after: LessonRecord): MeetingRequest => ({
    ...common,
    status: 'APPROVED',
    respondedBy: responder,
    respondedAt: now,
    newStart: request.type === 'RESCHEDULE' ? after.start : null,
    newEnd: request.type === 'RESCHEDULE' ? after.end : null,
  });
  if (request.scope === 'FOLLOWING') {
    // The whole series change, worked out and checked now, all or nothing; the answer goes with its lesson.
    const next = await approveFollowing(
      tenant,
      caller,
      request,
      (after) => {
        const answer = approved(after);
        return {
          next: answer,
          items: [
            ...requestWrite(tenant.key, answer, request),
            ...penaltyWaiverWrites(tenant.key, answer, now),
          ],
        };
      },
      { newStart, duration },
    );
    return { request: next };
  }

  const after = await changedLesson(
    tenant,
    lesson,
    {
      type: request.type === 'RESCHEDULE' ? 'RESCHEDULE' : 'CANCEL',
      ...(request.type === 'RESCHEDULE'
        ? {
            reschedule: {
              start: newStart!,
              ...(duration ? { duration } : {}),
              ...(request.newTutorId ? { tutorId: request.newTutorId } : {}),
            },
          }
        : {}),
    },
    { role: 'ADMIN' },
  );
  const next = approved(after);
  const answer = [...requestWrite(tenant.key, next, request), ...penaltyWaiverWrites(tenant.key, next, now)];
  const writes = await lessonWrites(tenant.key, lesson, after, course?.title ?? '', answer.length);
  await withMeetingChanges(tenant.key, [{ before: lesson, after }], () =>
    writeTransaction([...answer, ...writes.items], (failed) =>
      writes.isClaim(failed) ? new ConflictError(SLOT_TAKEN) : answered(),
    ),
  );
  return { request: next };
}

/**
 * Spec 001 section 4: an admin sets the tutor payment status of many requests at once. All or nothing,
 * as the lesson history's bulk update (functions/repositories/lesson-history.ts setTutorPaymentStatus):
 * one transaction of conditional updates (the schema allows at most 100 ids, a transaction's limit), so
 * an unknown id is a 404 naming it and changes none of the others.
 */
export async function updateTutorPaymentStatus(
  tenant: string,
  ids: string[],
  tutorPaymentStatus: MeetingRequest['tutorPaymentStatus'],
): Promise<{ docs: MeetingRequest[] }> {
  const unique = [...new Set(ids)];
  await updateEveryItem(
    unique.map((id) => keys.collectionItem(tenant, collections.meetingRequests, id)),
    { tutorPaymentStatus, updatedAt: new Date().toISOString() },
    (failed) => new NotFoundError(`Lesson request ${unique[failed]} not found`),
  );
  const byId = new Map((await meetingRequestsRepository.getMany(tenant, unique)).map((r) => [r._id, r]));
  return { docs: unique.map((id) => byId.get(id)).filter((request) => request !== undefined) };
}
