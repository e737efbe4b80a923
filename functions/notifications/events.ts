import type { LessonNotice } from '../../shared/rules/lesson-notices';
import { parentOf } from '../access/linked-accounts';
import type { ConsumedEvent } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { homeworkSubmissionsRepository } from '../repositories/homework-submissions';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import { sectionEntity } from '../repositories/sections';
import { getTenant } from '../repositories/tenants';
import { getUsers, type UserRecord } from '../repositories/users';
import { type DeliveryContext, type DeliveryOutcome, deliverNotification } from './deliver';
import {
  cancelledDraft,
  homeworkReviewedDraft,
  type NotificationDraft,
  requestAnsweredDraft,
  rescheduledDraft,
  scheduledDraft,
} from './messages';

async function contextOf(tenant: string): Promise<DeliveryContext> {
  return { tenant, tenantName: (await getTenant(tenant))?.name ?? 'Learning Portal' };
}

/** The users of these ids, each student's parent after them (a parent of two students once). */
async function withParents(tenant: string, ids: readonly string[], studentIds: ReadonlySet<string>) {
  const users = await getUsers(tenant, [...new Set(ids)]);
  const parents = await Promise.all(
    users.filter((user) => studentIds.has(user._id)).map((student) => parentOf(tenant, student)),
  );
  const people = new Map<string, UserRecord>();
  for (const person of [...users, ...parents]) if (person) people.set(person._id, person);
  return [...people.values()];
}

/** Each person's draft, delivered one after another; a failure throws on, and the retry skips the done. */
async function deliverAll(
  people: readonly UserRecord[],
  draftFor: (person: UserRecord) => NotificationDraft,
  context: DeliveryContext,
): Promise<Record<DeliveryOutcome, number>> {
  const outcomes: Record<DeliveryOutcome, number> = { sent: 0, duplicate: 0, guest: 0 };
  for (const person of people) outcomes[await deliverNotification(person, draftFor(person), context)]++;
  return outcomes;
}

const causeOf = (event: { eventId: string; occurredAt: string }) => ({
  eventId: event.eventId,
  at: event.occurredAt,
});

const peopleIds = (lesson: Pick<LessonNotice, 'tutorId' | 'studentIds'>) => [
  lesson.tutorId,
  ...lesson.studentIds,
];

export async function onLessonScheduled(event: ConsumedEvent<'LessonScheduled'>): Promise<void> {
  const { tenant, lesson } = event.detail;
  // A free trial's booking has its own e-mail to the student, parent and tutor (functions/trial-mail).
  if (lesson.trialId) return;
  const context = await contextOf(tenant);
  const people = await withParents(tenant, peopleIds(lesson), new Set(lesson.studentIds));
  const tutor = people.find((person) => person._id === lesson.tutorId);
  const outcomes = await deliverAll(
    people,
    (person) => scheduledDraft(lesson, person, tutor, causeOf(event)),
    context,
  );
  logger.info('Lesson scheduled: notified', { sectionId: lesson.sectionId, ...outcomes });
}

/**
 * A lesson moved (or given another tutor, or other students): its people now are told the new time with
 * an updated invite; those it no longer has (the former tutor, students taken off) get a cancellation.
 */
export async function onLessonRescheduled(
  event: ConsumedEvent<'LessonRescheduled'> | ConsumedEvent<'LessonParticipantsChanged'>,
): Promise<void> {
  const { tenant, lesson, previous } = event.detail;
  const before = previous ?? lesson;
  const context = await contextOf(tenant);
  const now = new Set(peopleIds(lesson));
  const gone = peopleIds(before).filter((id) => !now.has(id));
  const isNew = (id: string) => !peopleIds(before).includes(id);
  const moved = event.type === 'LessonRescheduled';
  const [current, former] = await Promise.all([
    withParents(
      tenant,
      [...now].filter((id) => moved || isNew(id)),
      new Set(lesson.studentIds),
    ),
    withParents(tenant, gone, new Set(before.studentIds)),
  ]);
  const tutor = current.find((person) => person._id === lesson.tutorId);
  const cause = causeOf(event);
  const told = await deliverAll(
    current,
    (person) =>
      moved ? rescheduledDraft(lesson, before, person, cause) : scheduledDraft(lesson, person, tutor, cause),
    context,
  );
  const removed = await deliverAll(
    // Someone both in the lesson now and a former student's parent is told as a participant only.
    former.filter((person) => !current.some((kept) => kept._id === person._id)),
    (person) => cancelledDraft({ ...lesson, start: before.start, end: before.end }, person, cause, true),
    context,
  );
  logger.info('Lesson changed: notified', { sectionId: lesson.sectionId, told, removed });
}

export async function onLessonCancelled(event: ConsumedEvent<'LessonCancelled'>): Promise<void> {
  const { tenant, lesson } = event.detail;
  const context = await contextOf(tenant);
  const people = await withParents(tenant, peopleIds(lesson), new Set(lesson.studentIds));
  const outcomes = await deliverAll(
    people,
    (person) => cancelledDraft(lesson, person, causeOf(event)),
    context,
  );
  logger.info('Lesson cancelled: notified', { sectionId: lesson.sectionId, ...outcomes });
}

/** The requester hears the answer (the lesson's own change, if any, tells everyone through its event). */
export async function onRequestAnswered(event: ConsumedEvent<'LessonChangeRequestAnswered'>): Promise<void> {
  const { tenant, requestId } = event.detail;
  const request = await meetingRequestsRepository.get(tenant, requestId);
  if (!request) {
    logger.warn('Request answered: the request no longer exists', { requestId });
    return;
  }
  // An admin answering their own request needs no notice of it.
  if (request.respondedBy?._id === request.requestedBy._id) return;
  const [requester] = await getUsers(tenant, [request.requestedBy._id]);
  if (!requester) return;
  const outcome = await deliverNotification(
    requester,
    requestAnsweredDraft(request, requester, causeOf(event)),
    await contextOf(tenant),
  );
  logger.info('Request answered: notified', { requestId, outcome });
}

export async function onHomeworkReviewed(event: ConsumedEvent<'HomeworkReviewed'>): Promise<void> {
  const { tenant, submissionId } = event.detail;
  const submission = await homeworkSubmissionsRepository.get(tenant, submissionId);
  if (!submission) {
    logger.warn('Homework reviewed: the submission no longer exists', { submissionId });
    return;
  }
  const homework = await sectionEntity.get(tenant, { _id: submission.section });
  const people = await withParents(tenant, [submission.student._id], new Set([submission.student._id]));
  const outcomes = await deliverAll(
    people,
    (person) => homeworkReviewedDraft(submission, homework?.title ?? 'Homework', person, causeOf(event)),
    await contextOf(tenant),
  );
  logger.info('Homework reviewed: notified', { submissionId, ...outcomes });
}
