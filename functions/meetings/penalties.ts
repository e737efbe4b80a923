import { lateChangePenalty, lateChangePolicy, penaltyAmount } from '../../shared/money/late-change';
import { fromMajor, toMajor, zero } from '../../shared/money/money';
import { currencyCodeSchema } from '../../shared/money/settings';
import type { RequesterRole, RequestType } from '../../shared/scheduling/lesson-changes';
import type { MeetingRequest } from '../../shared/schemas/meeting';
import type { PenaltyWaiver } from '../../shared/schemas/penalty-waiver';
import type { Tenant } from '../../shared/schemas/tenant';
import { expectedTutorAmount } from '../lesson-history/job';
import type { LessonRecord } from '../repositories/lessons';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { penaltyWaiversRepository } from '../repositories/penalty-waivers';
import type { TransactItem } from '../table/transactions';

type PenaltyFields = Pick<
  MeetingRequest,
  'penalty' | 'penaltyAmount' | 'penaltyReason' | 'tutorAmountCurrency'
>;

/** A request's penalty fields for `percent` of the lesson's tutor amount. */
export async function penaltyFields(
  tenant: Tenant,
  lesson: LessonRecord,
  percent: number,
  reason: string | null,
): Promise<PenaltyFields> {
  // A percent of what the tutor is to be paid for the lesson as booked (its rate x its duration).
  const tutorAmount = await expectedTutorAmount(tenant.key, lesson);
  return {
    penalty: percent,
    penaltyAmount: toMajor(penaltyAmount(tutorAmount, percent)),
    penaltyReason: percent > 0 ? reason : null,
    tutorAmountCurrency: tutorAmount.currency,
  };
}

/**
 * The penalty the tenant's late-change policy gives a change when it is asked (shared/money/late-change.ts):
 * the notice given is what counts, however long an admin then takes to answer.
 */
export async function requestPenalty(
  tenant: Tenant,
  lesson: LessonRecord,
  input: { role: RequesterRole; type: RequestType; requestedAt: Date },
): Promise<PenaltyFields> {
  const { percent, reason } = lateChangePenalty(lateChangePolicy(tenant.settings?.lateChange), {
    ...input,
    lessonStart: new Date(lesson.start),
  });
  return penaltyFields(tenant, lesson, percent, reason);
}

/** A request's lesson and people, as a waiver about it names them. */
export function requestSubject(request: MeetingRequest, tutor: MeetingRequest['tutors'][number]) {
  return {
    tutorId: tutor._id,
    tutor,
    studentIds: request.students.map((student) => student._id),
    students: request.students,
    courseId: request.courseId,
    courseTitle: request.courseTitle,
    // Its history row carries the lesson's id once it ended: a rescheduled lesson still takes place, a
    // cancelled one never gets a row.
    lessonHistoryId: request.type === 'RESCHEDULE' ? request.sectionId : null,
    zoomRequestId: request._id,
    sectionId: request.sectionId,
    lessonStart: request.start,
  };
}

/**
 * The penalty of an approved request as a waiver (a DEDUCTION the tutor may appeal), for the transaction
 * that approves it: its id names the request, so it is written once. None without a penalty.
 */
export function penaltyWaiverWrites(tenant: string, request: MeetingRequest, now: string): TransactItem[] {
  const tutor = request.tutors[0];
  const currency = currencyCodeSchema.safeParse(request.tutorAmountCurrency);
  if (request.status !== 'APPROVED' || request.penalty <= 0 || !tutor || !currency.success) return [];
  // The request shows the amount as major units made from the Money (toMajor): read back exactly.
  const parsed = fromMajor(request.penaltyAmount, currency.data);
  const waiver: PenaltyWaiver = {
    _id: `penalty-${request._id}`,
    source: 'LATE_CHANGE',
    type: 'DEDUCTION',
    amount: parsed.ok ? parsed.money : zero(currency.data),
    percent: request.penalty,
    reason: request.penaltyReason ?? `A late change: ${request.penalty}% of the tutor amount`,
    ...requestSubject(request, tutor),
    paymentStatus: 'PROCESSING',
    appealTutorNote: null,
    appealAdminNote: null,
    appealRequestedAt: null,
    appealRespondedBy: null,
    appealRespondedAt: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  };
  return penaltyWaiversRepository.insertItems(tenant, waiver);
}

/** An APPROVED request's record and, when it carries a penalty, its waiver: one transaction's writes. */
export function approvedRequestWrites(tenant: string, request: MeetingRequest): TransactItem[] {
  return [
    ...meetingRequestsRepository.insertItems(tenant, request),
    ...penaltyWaiverWrites(tenant, request, request.updatedAt),
  ];
}
