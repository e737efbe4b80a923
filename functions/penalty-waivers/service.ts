import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { toMajor } from '../../shared/money/money';
import { storedMoney } from '../../shared/money/schemas';
import { moneySettings, refusedCurrency } from '../../shared/money/settings';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { decideAppeal, decideAppealResponse, waiverEffect } from '../../shared/rules/penalty-waivers';
import { dateFilterRange } from '../../shared/scheduling/date-filters';
import type { Page } from '../../shared/schemas/paging';
import { isDescending } from '../../shared/schemas/paging';
import type {
  PenaltyAppealRespond,
  PenaltyWaiver,
  PenaltyWaiverCreate,
  PenaltyWaiverDoc,
  PenaltyWaiverListQuery,
} from '../../shared/schemas/penalty-waiver';
import type { Tenant } from '../../shared/schemas/tenant';
import { requireBackOffice } from '../lib/access';
import { causeId } from '../lib/ids';
import type { Caller } from '../lib/request';
import { requestSubject } from '../meetings/penalties';
import { getLessonHistory } from '../repositories/lesson-history';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { penaltyWaiversRepository } from '../repositories/penalty-waivers';
import { getUser } from '../repositories/users';
import { collections, keys } from '../table/access-patterns';
import { updateEveryItem, writeTransaction } from '../table/transactions';

const notFound = () => new NotFoundError('Penalty waiver not found');

const personOf = (caller: Caller) => ({
  _id: caller.user._id,
  firstname: caller.user.firstname,
  lastname: caller.user.lastname,
});

/**
 * The API's form of a waiver: major units, and the amounts only when asked for by a role that may see tutor
 * amounts (spec 001 section 6; the route handler decides `withAmounts`).
 */
export function presentWaiver(waiver: PenaltyWaiver, withAmounts: boolean): PenaltyWaiverDoc {
  const { amount, ...rest } = waiver;
  return {
    ...rest,
    currency: amount.currency,
    ...(withAmounts ? { amount: toMajor(amount), effectiveAmount: toMajor(waiverEffect(waiver)) } : {}),
  };
}

/** Only an admin role reads every waiver; anyone else (a tutor) their own. */
const readsAll = (caller: Caller) => isBackOfficeRole(caller.role);

export async function listWaivers(
  tenant: string,
  caller: Caller,
  query: PenaltyWaiverListQuery,
  withAmounts: boolean,
): Promise<Page<PenaltyWaiverDoc>> {
  const {
    limit,
    offset,
    sortKey,
    sortValue,
    startDate,
    endDate,
    tutorId,
    studentId,
    courseId,
    lessonHistoryId,
    zoomRequestId,
    appealStatus,
  } = query;
  const own = readsAll(caller) ? undefined : caller.user._id;
  if (own && tutorId && tutorId !== own) return { limit, offset, totalDocs: 0, docs: [] };
  const range = dateFilterRange(startDate, endDate);
  if (!range.ok) throw new BadRequestError(range.message);
  const { from, to } = range;
  const checked = lessonHistoryId || zoomRequestId || appealStatus;
  const page = await penaltyWaiversRepository.list(
    tenant,
    {
      limit,
      offset,
      ...(sortKey ? { sortKey, sortValue: sortValue ?? 'desc' } : {}),
      ...(!sortKey && sortValue && !isDescending(sortValue) ? { sortKey: 'createdAt', sortValue } : {}),
    },
    { tutorId: own ?? tutorId, studentId, courseId },
    {
      ...(from !== undefined || to !== undefined ? { range: { order: 'date', from, to } } : {}),
      ...(checked
        ? {
            matches: (waiver: PenaltyWaiver) =>
              (!lessonHistoryId || waiver.lessonHistoryId === lessonHistoryId) &&
              (!zoomRequestId || waiver.zoomRequestId === zoomRequestId) &&
              (!appealStatus || waiver.appealStatus === appealStatus),
          }
        : {}),
    },
  );
  return { ...page, docs: page.docs.map((waiver) => presentWaiver(waiver, withAmounts)) };
}

/** A waiver the caller may see: another tutor's (or another tenant's) is a 404. */
async function requireOwnOrAll(tenant: string, caller: Caller, id: string): Promise<PenaltyWaiver> {
  const waiver = await penaltyWaiversRepository.get(tenant, id, { consistent: true });
  if (!waiver || (!readsAll(caller) && waiver.tutorId !== caller.user._id)) throw notFound();
  return waiver;
}

export async function getWaiver(
  tenant: string,
  caller: Caller,
  id: string,
  withAmounts: boolean,
): Promise<PenaltyWaiverDoc> {
  return presentWaiver(await requireOwnOrAll(tenant, caller, id), withAmounts);
}

/** What a waiver is about, from the lesson history row, the meeting request, or the tutor alone. */
async function subjectOf(
  tenant: string,
  body: PenaltyWaiverCreate,
): Promise<
  Pick<
    PenaltyWaiver,
    | 'tutorId'
    | 'tutor'
    | 'studentIds'
    | 'students'
    | 'courseId'
    | 'courseTitle'
    | 'lessonHistoryId'
    | 'zoomRequestId'
    | 'sectionId'
    | 'lessonStart'
  >
> {
  if (body.lessonHistoryId) {
    const row = await getLessonHistory(tenant, body.lessonHistoryId);
    if (!row) throw new NotFoundError('Lesson history entry not found');
    // A row written without its tutor's name (an account gone since) still names the tutor by id.
    const named = row.tutor ?? (await getUser(tenant, row.tutorId));
    const tutor = { _id: row.tutorId, firstname: named?.firstname ?? '', lastname: named?.lastname ?? '' };
    return {
      tutorId: row.tutorId,
      tutor,
      studentIds: row.studentIds,
      students: row.students.map(({ _id, firstname, lastname }) => ({ _id, firstname, lastname })),
      courseId: row.courseId,
      courseTitle: row.course.title,
      lessonHistoryId: row._id,
      zoomRequestId: null,
      sectionId: row.sectionId,
      lessonStart: row.start,
    };
  }
  if (body.zoomRequestId) {
    const request = await meetingRequestsRepository.get(tenant, body.zoomRequestId);
    const tutor = request?.tutors[0];
    if (!request || !tutor) throw new NotFoundError('Lesson request not found');
    return requestSubject(request, tutor);
  }
  const tutor = body.tutorId ? await getUser(tenant, body.tutorId) : undefined;
  if (tutor?.type !== 'tutor') throw new NotFoundError('Tutor not found');
  return {
    tutorId: tutor._id,
    tutor: { _id: tutor._id, firstname: tutor.firstname, lastname: tutor.lastname },
    studentIds: [],
    students: [],
    courseId: null,
    courseTitle: null,
    lessonHistoryId: null,
    zoomRequestId: null,
    sectionId: null,
    lessonStart: null,
  };
}

/**
 * An admin's waiver, once per request key: its id derives from the key and the admin, inserted on the
 * condition it is free, so a retry answers the waiver written the first time.
 */
export async function createWaiver(
  tenant: Tenant,
  caller: Caller,
  body: PenaltyWaiverCreate,
): Promise<{ created: boolean; waiver: PenaltyWaiver }> {
  requireBackOffice(caller, 'Only the back-office enters penalty waivers');
  const problem = refusedCurrency(moneySettings(tenant.settings?.money), body.amount.currency);
  if (problem) throw new BadRequestError(problem);
  const subject = await subjectOf(tenant.key, body);
  if (body.tutorId && body.tutorId !== subject.tutorId) {
    throw new BadRequestError("The tutor is not this lesson's tutor");
  }
  const now = new Date().toISOString();
  const waiver: PenaltyWaiver = {
    _id: `waiver-${causeId(caller.user._id, body.requestKey)}`,
    source: 'ADMIN',
    type: body.type,
    amount: storedMoney(body.amount),
    percent: null,
    reason: body.reason,
    ...subject,
    paymentStatus: 'PROCESSING',
    appealTutorNote: null,
    appealAdminNote: null,
    appealRequestedAt: null,
    appealRespondedBy: null,
    appealRespondedAt: null,
    createdBy: personOf(caller),
    createdAt: now,
    updatedAt: now,
  };
  if (await penaltyWaiversRepository.ensure(tenant.key, waiver)) return { created: true, waiver };
  const first = await penaltyWaiversRepository.get(tenant.key, waiver._id, { consistent: true });
  if (!first) throw new ConflictError('This penalty waiver could not be saved. Try again.');
  return { created: false, waiver: first };
}

/** The tutor appeals their own deduction, once: the write holds "never appealed" as its condition. */
export async function appealWaiver(
  tenant: string,
  caller: Caller,
  id: string,
  note: string,
): Promise<PenaltyWaiver> {
  const current = await penaltyWaiversRepository.get(tenant, id, { consistent: true });
  if (!current || current.tutorId !== caller.user._id) throw notFound();
  const decision = decideAppeal(current);
  if (!decision.ok) {
    throw decision.status === 409
      ? new ConflictError(decision.message)
      : new BadRequestError(decision.message);
  }
  const now = new Date().toISOString();
  const next: PenaltyWaiver = {
    ...current,
    appealStatus: 'PENDING',
    appealTutorNote: note,
    appealRequestedAt: now,
    updatedAt: now,
  };
  await writeTransaction(
    penaltyWaiversRepository.replaceItems(tenant, current, next, {
      expression: 'attribute_not_exists(#appeal)',
      names: { '#appeal': 'appealStatus' },
    }),
    () => new ConflictError('This penalty was already appealed'),
  );
  return next;
}

/** An admin answers a pending appeal, once: the write holds "still PENDING" as its condition. */
export async function respondToAppeal(
  tenant: string,
  caller: Caller,
  id: string,
  body: PenaltyAppealRespond,
): Promise<PenaltyWaiver> {
  requireBackOffice(caller, 'Only the back-office answers appeals');
  const current = await penaltyWaiversRepository.get(tenant, id, { consistent: true });
  if (!current) throw notFound();
  const decision = decideAppealResponse(current);
  if (!decision.ok) {
    throw decision.status === 409
      ? new ConflictError(decision.message)
      : new BadRequestError(decision.message);
  }
  const now = new Date().toISOString();
  const next: PenaltyWaiver = {
    ...current,
    appealStatus: body.appealStatus,
    appealAdminNote: body.appealAdminNote ?? null,
    appealRespondedBy: personOf(caller),
    appealRespondedAt: now,
    updatedAt: now,
  };
  await writeTransaction(
    penaltyWaiversRepository.replaceItems(tenant, current, next, {
      expression: '#appeal = :pending',
      names: { '#appeal': 'appealStatus' },
      values: { ':pending': 'PENDING' },
    }),
    () => new ConflictError('This appeal was already answered. Reload to see it.'),
  );
  return next;
}

/**
 * Spec 001 section 4: the payment status of many waivers at once, all or nothing (one transaction of
 * conditional updates; an unknown id is a 404 naming it and changes none of the others).
 */
export async function updateWaiverPaymentStatus(
  tenant: string,
  caller: Caller,
  ids: string[],
  paymentStatus: PenaltyWaiver['paymentStatus'],
): Promise<PenaltyWaiver[]> {
  requireBackOffice(caller, 'Only the back-office sets payment statuses');
  const unique = [...new Set(ids)];
  await updateEveryItem(
    unique.map((id) => keys.collectionItem(tenant, collections.penaltyWaivers, id)),
    { paymentStatus, updatedAt: new Date().toISOString() },
    (failed) => new NotFoundError(`Penalty waiver ${unique[failed]} not found`),
  );
  const byId = new Map((await penaltyWaiversRepository.getMany(tenant, unique)).map((w) => [w._id, w]));
  return unique.map((id) => byId.get(id)).filter((waiver) => waiver !== undefined);
}
