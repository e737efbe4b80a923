import { BadRequestError, ConflictError, NotFoundError } from '../../shared/http/errors';
import { schedulingSettings } from '../../shared/scheduling/settings';
import { offersTrials } from '../../shared/schemas/availability';
import type { CourseMember } from '../../shared/schemas/course';
import type { Tenant } from '../../shared/schemas/tenant';
import type { TrialBooking } from '../../shared/schemas/trial';
import { newId } from '../lib/ids';
import { meetingJoinUrl, newMeetingEventId } from '../lib/meetings';
import { getAvailability, teachingKey } from '../repositories/availability';
import {
  type CourseRecord,
  courseMemberWrite,
  coursesRepository,
  newCourseMember,
} from '../repositories/courses';
import { type LessonRecord, newLessonWrites } from '../repositories/lessons';
import { eventWrite } from '../repositories/outbox';
import { type TrialRecord, trialsRepository, tutorTrialWrite } from '../repositories/trials';
import {
  claimFreeTrialWrite,
  emailTaken,
  getUser,
  newUserWrites,
  type UserRecord,
} from '../repositories/users';
import { isFreeSlot } from '../scheduling/slot-finder';
import { type TransactItem, writeTransaction } from '../table/transactions';

export const SLOT_TAKEN_MESSAGE = 'Sorry, this time slot has just been booked. Please choose another one.';
export const TRIAL_USED_MESSAGE = 'You have already booked your free trial class.';

/**
 * Books a free trial in one transaction: the trial course, its tutor and student, the lesson on both
 * calendars, the tutor's time claims, the trial record, the student's one free trial (and, for a sign-up,
 * the new account itself), and the events reporting them (TrialBooked, and UserSignedUp for a new account).
 * Of concurrent bookings of one slot exactly one commits; the others get a 409 and nothing of theirs is
 * written.
 */
export async function bookTrial(
  tenant: Tenant,
  booking: TrialBooking,
  student: { existing: UserRecord } | { created: UserRecord },
): Promise<{ trial: TrialRecord; course: CourseRecord }> {
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const start = new Date(booking.startDate);
  const end = new Date(booking.endDate);
  const duration = Math.round((end.getTime() - start.getTime()) / 60_000);
  if (duration !== settings.trialDurationMinutes) {
    throw new BadRequestError(`A free trial lasts ${settings.trialDurationMinutes} minutes`);
  }
  // The caller's record may come from the pipeline's short cache: read it fresh for the one-trial rule.
  const studentUser =
    'existing' in student
      ? ((await getUser(tenant.key, student.existing._id)) ?? student.existing)
      : student.created;
  if ('existing' in student) {
    if (studentUser.type !== 'student')
      throw new BadRequestError('Only a student account can book a free trial');
    if (studentUser.isTrialApplied) throw new ConflictError(TRIAL_USED_MESSAGE);
  }

  const tutor = await getUser(tenant.key, booking.tutorId);
  const availability = tutor?.type === 'tutor' ? await getAvailability(tenant.key, tutor._id) : undefined;
  if (!tutor || !availability) throw new NotFoundError('Tutor not found');
  const wanted = teachingKey(booking);
  if (!availability.subjects.some((subject) => teachingKey(subject) === wanted)) {
    throw new BadRequestError(`${tutor.firstname} does not teach ${booking.subject} for ${booking.grade}`);
  }
  if (!(await isFreeSlot(tenant, tutor._id, start, end, { eligible: offersTrials }))) {
    throw new ConflictError(SLOT_TAKEN_MESSAGE);
  }

  const now = new Date().toISOString();
  const records = trialBookingRecords({
    booking,
    start,
    end,
    tutor,
    student: studentUser,
    bufferMinutes: settings.bufferMinutes,
    ids: { courseId: newId(), sectionId: newId(), trialId: newId(), eventId: newMeetingEventId() },
    now,
  });
  const { items, emailClaimIndex, trialClaimIndex, isSlotClaim } = trialBookingWrites(
    tenant.key,
    records,
    'created' in student ? 'created' : 'existing',
  );
  await writeTransaction(items, (failed) => {
    if (failed === emailClaimIndex) return emailTaken();
    if (failed === trialClaimIndex) return new ConflictError(TRIAL_USED_MESSAGE);
    if (isSlotClaim(failed)) return new ConflictError(SLOT_TAKEN_MESSAGE);
    return new ConflictError('This booking could not be saved. Please try again.');
  });
  const { trial, course } = records;
  return { trial, course };
}

/** What a free-trial booking creates: the trial course, its lesson (on both calendars) and the trial. */
export interface TrialBookingRecords {
  course: CourseRecord;
  lesson: LessonRecord;
  trial: TrialRecord;
  tutor: UserRecord;
  student: UserRecord;
}

/**
 * The records of a booking, from checked input and the ids and time it is made with (a booking's are new;
 * the demo's history seed gives fixed ones, so a re-seed finds what it wrote).
 */
export function trialBookingRecords(input: {
  booking: Pick<TrialBooking, 'curriculum' | 'subject' | 'grade'>;
  start: Date;
  end: Date;
  tutor: UserRecord;
  student: UserRecord;
  bufferMinutes: number;
  ids: { courseId: string; sectionId: string; trialId: string; eventId: string };
  now: string;
}): TrialBookingRecords {
  const { booking, start, end, tutor, student, ids, now } = input;
  const duration = Math.round((end.getTime() - start.getTime()) / 60_000);
  const course: CourseRecord = {
    _id: ids.courseId,
    title: `Free Trial: ${booking.subject} (${booking.grade})`,
    description: `Free trial class in ${booking.curriculum} ${booking.subject}, ${booking.grade}.`,
    curriculum: booking.curriculum,
    subject: booking.subject,
    grade: booking.grade,
    status: 'ACTIVE',
    type: 'One-to-One',
    paymentType: 'ONETIME',
    lessonDuration: duration,
    isTrial: true,
    createdAt: now,
    updatedAt: now,
  };
  const lesson: LessonRecord = {
    _id: ids.sectionId,
    course: course._id,
    parent: null,
    kind: 'TEAMS',
    title: 'Free trial lesson',
    description: '',
    sortingKey: 0,
    audience: 'STUDENT',
    type: 'TRIAL',
    billing: 'NON_BILLABLE',
    status: 'ACTIVE',
    start: start.toISOString(),
    end: end.toISOString(),
    duration,
    tutorId: tutor._id,
    studentIds: [student._id],
    joinUrl: meetingJoinUrl(ids.sectionId),
    eventId: ids.eventId,
    bufferMinutes: input.bufferMinutes,
    trialId: ids.trialId,
    createdAt: now,
    updatedAt: now,
  };
  const trial: TrialRecord = {
    _id: ids.trialId,
    studentId: student._id,
    tutorId: tutor._id,
    courseId: course._id,
    sectionId: lesson._id,
    curriculum: booking.curriculum,
    subject: booking.subject,
    grade: booking.grade,
    startDate: lesson.start,
    endDate: lesson.end,
    status: 'SCHEDULED',
    outcome: null,
    student: { firstname: student.firstname, lastname: student.lastname, email: student.email },
    tutor: { firstname: tutor.firstname, lastname: tutor.lastname },
    recordings: [],
    createdAt: now,
    updatedAt: now,
  };
  return { course, lesson, trial, tutor, student };
}

/**
 * The writes of a booking, for one transaction: a sign-up's new account (its e-mail claim fails when
 * taken) or an existing student's one free trial (fails when used), the course with its tutor and student,
 * the trial, and the lesson with the tutor's time claims. The indexes say which failed condition is which.
 */
export function trialBookingWrites(
  tenant: string,
  records: TrialBookingRecords,
  student: 'created' | 'existing',
): {
  items: TransactItem[];
  emailClaimIndex: number;
  trialClaimIndex: number;
  isSlotClaim: (index: number) => boolean;
} {
  const { course, lesson, trial, tutor } = records;
  const member = (user: UserRecord, role: CourseMember['role']) =>
    newCourseMember(course._id, user, role, 'TRIAL', course.createdAt);
  const items: TransactItem[] = [];
  let emailClaimIndex = -1;
  let trialClaimIndex = -1;
  if (student === 'created') {
    emailClaimIndex = items.length;
    items.push(...newUserWrites(tenant, { ...records.student, isTrialApplied: true }));
  } else {
    trialClaimIndex = items.length;
    items.push(claimFreeTrialWrite(tenant, records.student._id));
  }
  items.push(
    ...coursesRepository.insertItems(tenant, course),
    courseMemberWrite(tenant, member(tutor, 'tutor')),
    courseMemberWrite(tenant, member(records.student, 'student')),
    ...trialsRepository.insertItems(tenant, trial),
    tutorTrialWrite(tenant, tutor._id, trial._id),
  );
  const lessonChange = newLessonWrites(tenant, lesson, course.title, items.length);
  items.push(...lessonChange.items);
  // The events go in the same transaction as what they report: none is lost between commit and delivery.
  if (student === 'created') {
    items.push(eventWrite('UserSignedUp', { tenant, userId: records.student._id }));
  }
  items.push(eventWrite('TrialBooked', { tenant, trialId: trial._id, studentId: records.student._id }));
  return { items, emailClaimIndex, trialClaimIndex, isSlotClaim: lessonChange.isClaim };
}
