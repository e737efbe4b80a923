import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { isBackOfficeRole } from '../../shared/permissions/check';
import { averageRating, decideFeedback } from '../../shared/rules/lesson-feedback';
import {
  type FeedbackKind,
  feedbackId,
  type LessonFeedback,
  type TutorRating,
} from '../../shared/schemas/lesson-feedback';
import type { Page } from '../../shared/schemas/paging';
import { accountsOf } from '../access/records';
import { callerHolds } from '../lib/access';
import type { Caller } from '../lib/request';
import { feedbackRepositories, readTutorRating, tutorRatingWrites } from '../repositories/lesson-feedback';
import { requireSection } from '../repositories/sections';
import { getUser, getUsers } from '../repositories/users';
import { writeTransaction } from '../table/transactions';

const notFound = () => new NotFoundError('Feedback not found');
const lessonNotFound = () => new NotFoundError('Lesson not found');
const changedMeanwhile = () =>
  new ConflictError('This feedback was changed by someone else meanwhile. Reload and try again.');

/** The back-office reads every feedback: an admin role that views courses or the lesson history. */
const readsAll = (caller: Caller) =>
  isBackOfficeRole(caller.role) && callerHolds(caller, ['adminCourses', 'lessonHistory'], ['view']);

/**
 * Gives feedback on a lesson: a student on its tutor (kind tutor), or its tutor on one of its students
 * (kind student), once per lesson and student (the record's id names both, inserted on the condition it
 * is free). Tutor feedback moves the tutor's rating counts in the same transaction.
 */
export async function giveFeedback(
  tenant: string,
  caller: Caller,
  kind: FeedbackKind,
  input: {
    section: string;
    rating: number;
    comment?: string | undefined;
    rewards: string[];
    studentId?: string;
  },
): Promise<LessonFeedback> {
  const lesson = await requireSection(tenant, input.section).catch(() => {
    throw lessonNotFound();
  });
  const studentId = kind === 'tutor' ? caller.user._id : (input.studentId ?? '');
  const decision = decideFeedback({ kind, lesson, authorId: caller.user._id, studentId, now: new Date() });
  if (decision.outcome === 'notFound') throw lessonNotFound();
  if (decision.outcome === 'refused') throw new BadRequestError(decision.message);
  const tutorId = lesson.tutorId ?? '';
  const people = new Map(
    (await getUsers(tenant, [tutorId, studentId])).map((user) => [
      user._id,
      { _id: user._id, firstname: user.firstname, lastname: user.lastname },
    ]),
  );
  const tutor = people.get(tutorId);
  const student = people.get(studentId);
  if (!tutor || !student) throw lessonNotFound();
  const now = new Date().toISOString();
  const repository = feedbackRepositories[kind];
  const record: LessonFeedback = {
    _id: feedbackId(lesson._id, studentId),
    kind,
    section: lesson._id,
    course: lesson.course,
    lessonStart: lesson.start ?? now,
    tutorId,
    studentId,
    tutor,
    student,
    authorId: caller.user._id,
    rating: input.rating,
    ...(input.comment ? { comment: input.comment } : {}),
    rewards: input.rewards,
    createdAt: now,
    updatedAt: now,
  };
  await writeTransaction(
    [
      ...repository.insertItems(tenant, record),
      ...(kind === 'tutor'
        ? tutorRatingWrites(tenant, record.tutorId, { ratingDelta: record.rating, countDelta: 1 })
        : []),
    ],
    () =>
      new ConflictError(
        kind === 'tutor'
          ? 'You have already given feedback on this lesson'
          : 'You have already given feedback on this student for this lesson',
      ),
  );
  return record;
}

/**
 * A page of feedback. The back-office reads every one (by lesson, tutor or student if asked); a tutor reads
 * the feedback about them (tutor kind) or that they wrote (student kind), a student or a parent that of the
 * accounts they act for. Anyone else's records answer as none.
 */
export async function listFeedback(
  tenant: string,
  caller: Caller,
  kind: FeedbackKind,
  query: { limit: number; offset: number; section?: string; tutorId?: string; studentId?: string },
): Promise<Page<LessonFeedback>> {
  const { limit, offset, ...asked } = query;
  const filters: { section?: string; tutorId?: string; studentId?: string } = { ...asked };
  if (!readsAll(caller)) {
    if (caller.user.type === 'tutor') {
      if (filters.tutorId && filters.tutorId !== caller.user._id)
        return { limit, offset, totalDocs: 0, docs: [] };
      filters.tutorId = caller.user._id;
    } else {
      const own = await accountsOf(tenant, caller);
      const studentId = filters.studentId ?? caller.user._id;
      if (!own.includes(studentId)) return { limit, offset, totalDocs: 0, docs: [] };
      filters.studentId = studentId;
    }
  }
  return feedbackRepositories[kind].list(tenant, { limit, offset }, filters);
}

/** Its author changes a feedback (rating, comment, rewards); the tutor's rating follows a changed rating. */
export async function updateFeedback(
  tenant: string,
  caller: Caller,
  kind: FeedbackKind,
  id: string,
  changes: { rating?: number | undefined; comment?: string | undefined; rewards?: string[] | undefined },
): Promise<LessonFeedback> {
  const repository = feedbackRepositories[kind];
  const current = await repository.get(tenant, id);
  if (!current || current.authorId !== caller.user._id) throw notFound();
  const next: LessonFeedback = {
    ...current,
    ...(changes.rating !== undefined ? { rating: changes.rating } : {}),
    ...(changes.comment !== undefined ? { comment: changes.comment } : {}),
    ...(changes.rewards !== undefined ? { rewards: changes.rewards } : {}),
    updatedAt: new Date().toISOString(),
  };
  await writeTransaction(
    [
      ...repository.replaceItems(tenant, current, next),
      ...(kind === 'tutor'
        ? tutorRatingWrites(tenant, current.tutorId, {
            ratingDelta: next.rating - current.rating,
            countDelta: 0,
          })
        : []),
    ],
    changedMeanwhile,
  );
  return next;
}

/** The back-office deletes a feedback; the tutor's rating loses it in the same transaction. */
export async function deleteFeedback(tenant: string, kind: FeedbackKind, id: string): Promise<void> {
  const repository = feedbackRepositories[kind];
  const current = await repository.get(tenant, id);
  if (!current) throw notFound();
  await writeTransaction(
    [
      ...repository.deleteItems(tenant, current),
      ...(kind === 'tutor'
        ? tutorRatingWrites(tenant, current.tutorId, { ratingDelta: -current.rating, countDelta: -1 })
        : []),
    ],
    changedMeanwhile,
  );
}

/** A tutor's rating; someone who is not a tutor of the tenant is a 404. */
export async function tutorRating(tenant: string, tutorId: string): Promise<TutorRating> {
  const [tutor, { sum, count }] = await Promise.all([
    getUser(tenant, tutorId),
    readTutorRating(tenant, tutorId),
  ]);
  if (tutor?.type !== 'tutor') throw new NotFoundError('Tutor not found');
  return { tutorId, average: averageRating(sum, count), count };
}
