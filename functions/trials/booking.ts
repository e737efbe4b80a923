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
import { type LessonRecord, lessonWrites } from '../repositories/lessons';
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
  const course: CourseRecord = {
    _id: newId(),
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
  const member = (user: UserRecord, role: CourseMember['role']) =>
    newCourseMember(course._id, user, role, 'TRIAL', now);
  const sectionId = newId();
  const trialId = newId();
  const lesson: LessonRecord = {
    _id: sectionId,
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
    studentIds: [studentUser._id],
    joinUrl: meetingJoinUrl(sectionId),
    eventId: newMeetingEventId(),
    bufferMinutes: settings.bufferMinutes,
    trialId,
    createdAt: now,
    updatedAt: now,
  };
  const trial: TrialRecord = {
    _id: trialId,
    studentId: studentUser._id,
    tutorId: tutor._id,
    courseId: course._id,
    sectionId,
    curriculum: booking.curriculum,
    subject: booking.subject,
    grade: booking.grade,
    startDate: lesson.start,
    endDate: lesson.end,
    status: 'SCHEDULED',
    outcome: null,
    student: { firstname: studentUser.firstname, lastname: studentUser.lastname, email: studentUser.email },
    tutor: { firstname: tutor.firstname, lastname: tutor.lastname },
    recordings: [],
    createdAt: now,
    updatedAt: now,
  };

  const items: TransactItem[] = [];
  let emailClaimIndex = -1;
  let trialClaimIndex = -1;
  if ('created' in student) {
    emailClaimIndex = items.length;
    items.push(...newUserWrites(tenant.key, { ...studentUser, isTrialApplied: true }));
  } else {
    trialClaimIndex = items.length;
    items.push(claimFreeTrialWrite(tenant.key, studentUser._id));
  }
  items.push(
    ...coursesRepository.insertItems(tenant.key, course),
    courseMemberWrite(tenant.key, member(tutor, 'tutor')),
    courseMemberWrite(tenant.key, member(studentUser, 'student')),
    ...trialsRepository.insertItems(tenant.key, trial),
    tutorTrialWrite(tenant.key, tutor._id, trial._id),
  );
  const lessonChange = lessonWrites(tenant.key, undefined, lesson, course.title, items.length);
  items.push(...lessonChange.items);
  if ('created' in student)
    items.push(eventWrite('UserSignedUp', { tenant: tenant.key, userId: studentUser._id }));
  items.push(eventWrite('TrialBooked', { tenant: tenant.key, trialId, studentId: studentUser._id }));

  await writeTransaction(items, (failed) => {
    if (failed === emailClaimIndex) return emailTaken();
    if (failed === trialClaimIndex) return new ConflictError(TRIAL_USED_MESSAGE);
    if (lessonChange.isClaim(failed)) return new ConflictError(SLOT_TAKEN_MESSAGE);
    return new ConflictError('This booking could not be saved. Please try again.');
  });
  return { trial, course };
}
