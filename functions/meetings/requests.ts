import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { dateFilterRange } from '../../shared/scheduling/date-filters';
import { requestStatuses } from '../../shared/scheduling/lesson-changes';
import type { MeetingRequest, PresentedMeetingRequest, RespondBody } from '../../shared/schemas/meeting';
import type { ListQuery, Page } from '../../shared/schemas/paging';
import type { Tenant } from '../../shared/schemas/tenant';
import { callerHolds } from '../lib/access';
import { tableName } from '../lib/db';
import type { Caller } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import { lessonWrites } from '../repositories/lessons';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { sectionItem } from '../repositories/sections';
import { collections, keys } from '../table/access-patterns';
import { type TransactItem, updateEveryItem, writeTransaction } from '../table/transactions';
import { changedLesson, clashesWithTutorLessons, requireLesson, SLOT_TAKEN } from './lessons';

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

/**
 * Spec 001 section 6: tutor amounts (penalty, penaltyAmount, penaltyReason, currency) are lesson history
 * columns; asking for them (includeTutorAmountData=1) needs a role holding the tutorAmount or tutorPenalty
 * column permission: the Admin and Approver roles, and the Tutor role (for the tutor's own requests, the
 * only ones the user calls return). A student's role holds neither: a 403.
 */
export function tutorAmountsWanted(caller: Caller, includeTutorAmountData: string | undefined): boolean {
  if (includeTutorAmountData !== '1') return false;
  if (!callerHolds(caller, ['lessonHistory'], ['tutorAmount', 'tutorPenalty'])) {
    throw new ForbiddenError('Your role cannot see tutor amounts');
  }
  return true;
}

/** `statuses` is a comma-separated list (PENDING,APPROVED); unknown values are ignored. */
function statusList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => (requestStatuses as readonly string[]).includes(s));
}

/** The admin list (every filter of spec 001 section 7), or with `onlyFor` a user's own requests. */
export async function listRequests(
  tenant: string,
  query: ListQuery & MeetingRequestFilters,
  options: { onlyFor?: string; includeTutorAmountData: boolean },
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
  const page = await meetingRequestsRepository.list(
    tenant,
    { ...paging, sortKey: paging.sortKey ?? 'createdAt', sortValue: paging.sortValue ?? 'desc' },
    { requestedByRole, type },
    (request) =>
      (wanted.length === 0 || wanted.includes(request.status)) &&
      (!studentId || request.students.some((s) => s._id === studentId)) &&
      (!tutorId || request.tutors.some((t) => t._id === tutorId)) &&
      (!from || request.start >= from) &&
      (!to || request.start <= to) &&
      (!onlyFor ||
        request.requestedBy._id === onlyFor ||
        request.students.some((s) => s._id === onlyFor) ||
        request.tutors.some((t) => t._id === onlyFor)),
  );
  return { ...page, docs: page.docs.map((doc) => present(doc, options.includeTutorAmountData)) };
}

export async function getRequest(
  tenant: string,
  requestId: string,
  options: { onlyFor?: string; includeTutorAmountData: boolean },
): Promise<PresentedMeetingRequest> {
  const request = await meetingRequestsRepository.get(tenant, requestId);
  const involved =
    request &&
    (!options.onlyFor ||
      request.requestedBy._id === options.onlyFor ||
      request.students.some((s) => s._id === options.onlyFor) ||
      request.tutors.some((t) => t._id === options.onlyFor));
  if (!request || !involved) throw new NotFoundError('Lesson request not found');
  return present(request, options.includeTutorAmountData);
}

function requestWrite(tenant: string, next: MeetingRequest, read: MeetingRequest): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: meetingRequestsRepository.toItem(tenant, next),
      ConditionExpression: 'updatedAt = :read AND #status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':read': read.updatedAt, ':pending': 'PENDING' },
    },
  };
}

const answered = () => new ConflictError('This request was already answered. Reload to see its status.');

/**
 * An admin answers a PENDING request. APPROVE applies the change (a reschedule re-checks and claims the
 * new time in the same transaction as the request's answer); REJECT releases the lesson; UPDATE changes
 * the request (another new time, a note, a penalty) and leaves it PENDING.
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
  const common = {
    ...request,
    adminNote: body.adminNote ?? request.adminNote,
    penalty: body.penalty ?? request.penalty,
    penaltyReason: body.penaltyReason ?? request.penaltyReason,
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
      const lesson = await requireLesson(tenant.key, request.sectionId);
      const after = await changedLesson(
        tenant,
        lesson,
        {
          type: 'RESCHEDULE',
          reschedule: {
            start: newStart!,
            ...(duration ? { duration } : {}),
            ...(request.newTutorId ? { tutorId: request.newTutorId } : {}),
          },
        },
        { role: 'ADMIN' },
      );
      if (await clashesWithTutorLessons(tenant, after)) throw new ConflictError(SLOT_TAKEN);
      times = { newStart: after.start, newEnd: after.end };
    }
    const next: MeetingRequest = { ...common, ...times };
    await writeTransaction([requestWrite(tenant.key, next, request)], answered);
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
    const next: MeetingRequest = { ...common, status: 'REJECTED', respondedBy: responder, respondedAt: now };
    const { pendingRequestId: _held, ...released } = lesson as typeof lesson & { pendingRequestId?: string };
    await writeTransaction(
      [
        requestWrite(tenant.key, next, request),
        {
          Put: {
            TableName: tableName(),
            Item: sectionItem(tenant.key, { ...released, updatedAt: now }),
            ConditionExpression: 'updatedAt = :read',
            ExpressionAttributeValues: { ':read': lesson.updatedAt },
          },
        },
      ],
      answered,
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
  const next: MeetingRequest = {
    ...common,
    status: 'APPROVED',
    respondedBy: responder,
    respondedAt: now,
    newStart: request.type === 'RESCHEDULE' ? after.start : null,
    newEnd: request.type === 'RESCHEDULE' ? after.end : null,
  };
  const writes = lessonWrites(tenant.key, lesson, after, course?.title ?? '', 1);
  await writeTransaction([requestWrite(tenant.key, next, request), ...writes.items], (failed) =>
    writes.isClaim(failed) ? new ConflictError(SLOT_TAKEN) : answered(),
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
