import type * as z from 'zod';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import {
  drawsPlanMinutes,
  ledgerEntryId,
  lessonMinutes,
  NO_CREDITS_MESSAGE,
  notEnoughMinutesMessage,
  signedCreditEntry,
  signedMinuteEntry,
} from '../../shared/money/ledger';
import { hasAccessAt } from '../../shared/money/plan-access';
import { memberViewer } from '../../shared/rules/course-visibility';
import { bookingTutor, courseBookingRefusal, isBookingStudent } from '../../shared/scheduling/course-booking';
import { isAllowedLessonDuration, type LessonBooker } from '../../shared/scheduling/durations';
import {
  decideChange,
  isGroupLesson,
  isSameLessonTime,
  type RequesterRole,
  SAME_TIME_MESSAGE,
} from '../../shared/scheduling/lesson-changes';
import { schedulingSettings } from '../../shared/scheduling/settings';
import { bookingSweep, busyDaysToRead } from '../../shared/scheduling/slots';
import { takesLessons } from '../../shared/schemas/availability';
import type { CourseMember } from '../../shared/schemas/course';
import type {
  courseMeetingBookSchema,
  LessonInput,
  MeetingRequest,
  RescheduleBody,
  SeriesScope,
} from '../../shared/schemas/meeting';
import { isLessonKind } from '../../shared/schemas/section';
import type { Tenant } from '../../shared/schemas/tenant';
import { requireOpenCourse } from '../access/course-visibility';
import { isCourseTutor } from '../access/records';
import { withGuard } from '../crud/list-index';
import { config } from '../lib/config';
import { tableName } from '../lib/db';
import { newId } from '../lib/ids';
import { meetingJoinUrl, newMeetingEventId } from '../lib/meetings';
import type { Caller } from '../lib/request';
import { type CourseRecord, courseMembers, coursesRepository } from '../repositories/courses';
import {
  accessPeriodsOf,
  ledgerEntriesWrite,
  minuteHolders,
  type NewLedgerEntry,
  refusedBalance,
} from '../repositories/ledger';
import { busyLessons, type LessonRecord, lessonWrites, newLessonWrites } from '../repositories/lessons';
import { meetingRequestsRepository } from '../repositories/meeting-requests';
import {
  courseSections,
  keepsListed,
  requireSection,
  type SectionRecord,
  sectionItem,
} from '../repositories/sections';
import { getUsers } from '../repositories/users';
import { isFreeSlot } from '../scheduling/slot-finder';
import { type TransactItem, writeTransaction } from '../table/transactions';
import { approvedRequestWrites, requestPenalty } from './penalties';
import { withMeetingChanges, withNewMeetings } from './provider-sync';
import { bookSeries } from './series';

export const SLOT_TAKEN = 'Sorry, this time is no longer free. Please choose another one.';
export const TIME_NOT_FREE = "This time is not one of the tutor's free slots. Please choose another one.";

const MINUTE_MS = 60_000;

export function asLesson(section: SectionRecord): LessonRecord {
  if (!isLessonKind(section.kind) || !section.start || !section.end || !section.tutorId) {
    throw new NotFoundError('Lesson not found');
  }
  return section as LessonRecord;
}

export async function requireLesson(tenant: string, sectionId: string): Promise<LessonRecord> {
  return asLesson(await requireSection(tenant, sectionId));
}

export async function requireCourse(tenant: string, courseId: string): Promise<CourseRecord> {
  const course = await coursesRepository.get(tenant, courseId);
  if (!course) throw new NotFoundError('Course not found');
  return course;
}

function checkDuration(minutes: number, bookedBy: LessonBooker): void {
  if (!isAllowedLessonDuration(minutes, config().STAGE, bookedBy)) {
    throw new BadRequestError('A lesson lasts 15 to 180 minutes, in steps of 15 minutes');
  }
}

function checkFuture(start: Date): void {
  if (start.getTime() <= Date.now()) throw new BadRequestError('Choose a time in the future');
}

/** Students a lesson may have: enabled on the course (as the course admin left them). */
function lessonStudents(members: CourseMember[]): CourseMember[] {
  return members.filter((m) => m.role === 'student' && m.status === 'ENABLE');
}

/**
 * Writes a lesson change; a claim that fails is a taken slot, a balance held too low no credits or too few
 * plan minutes left, any other condition a concurrent edit.
 */
async function commit(items: TransactItem[], isClaim: (index: number) => boolean): Promise<void> {
  await writeTransaction(items, (failed) => {
    const balance = refusedBalance(items[failed]);
    if (balance === 'CREDITS') return new ConflictError(NO_CREDITS_MESSAGE);
    if (balance === 'MINUTES') return new ConflictError(notEnoughMinutesMessage(minutesDrawn(items)));
    return isClaim(failed)
      ? new ConflictError(SLOT_TAKEN)
      : new ConflictError('This lesson was changed by someone else. Reload and try again.');
  });
}

/** The minutes one student's draw takes in a booking's writes (each student draws the lesson's length). */
function minutesDrawn(items: TransactItem[]): number {
  const drawn = items.find((item) => item.Put?.Item?.kind === 'MINUTES_USE')?.Put?.Item?.minutes;
  return typeof drawn === 'number' ? -drawn : 0;
}

/** The students holding plan minutes, each with the periods of access they bought (which include lessons). */
type MinutePayers = ReadonlyMap<string, Awaited<ReturnType<typeof accessPeriodsOf>>>;

async function minutePayersOf(tenant: string, studentIds: readonly string[]): Promise<MinutePayers> {
  const holders = [...(await minuteHolders(tenant, studentIds))];
  return new Map(
    await Promise.all(
      holders.map(async (userId) => [userId, await accessPeriodsOf(tenant, userId)] as const),
    ),
  );
}

/**
 * What lessons cost their students (issue #18), in the booking's own transaction, so a booking with too
 * little left is refused (409) and two bookings cannot spend the same credit or minute twice (the
 * balance's condition). Each use is named by the lesson and the student: a retried booking uses nothing
 * more.
 * - Credits: a billable lesson of a CREDIT course uses one credit of each of its students enrolled by credit.
 * - Plan minutes: any other billable lesson draws its length from each of its students who hold minutes
 *   (bought a flexible MINUTES plan; `minuteHolders`), unless it starts within a period of access they
 *   bought: shared/money/ledger.ts `drawsPlanMinutes`.
 */
function lessonUses(
  course: CourseRecord,
  members: CourseMember[],
  minutePayers: MinutePayers,
  lessons: LessonRecord[],
): NewLedgerEntry[] {
  const creditPayers = new Set(
    course.paymentType === 'CREDIT'
      ? members
          .filter((member) => member.role === 'student' && member.enrolmentType === 'CREDIT')
          .map((member) => member.user._id)
      : [],
  );
  return lessons.flatMap((lesson) =>
    lesson.studentIds.flatMap((userId): NewLedgerEntry[] => {
      const billable = lesson.billing === 'BILLABLE';
      if (billable && creditPayers.has(userId)) {
        return [
          {
            _id: ledgerEntryId('USE', lesson._id, userId),
            account: { kind: 'CREDITS', userId, courseId: course._id },
            kind: 'USE',
            credits: signedCreditEntry('USE', 1),
            cause: lesson._id,
            description: 'Lesson booked',
            createdAt: lesson.createdAt,
          },
        ];
      }
      const access = minutePayers.get(userId);
      const draws = drawsPlanMinutes({
        // A free-trial course's lesson is the school's gift, never drawn from a plan.
        billable: billable && !course.isTrial,
        holdsMinutes: access !== undefined,
        paysByCourseCredits: creditPayers.has(userId),
        coveredByAccess: access !== undefined && hasAccessAt(access, lesson.start),
      });
      return draws
        ? [
            {
              _id: ledgerEntryId('MINUTES_USE', lesson._id, userId),
              account: { kind: 'MINUTES', userId },
              kind: 'MINUTES_USE',
              minutes: signedMinuteEntry('MINUTES_USE', lessonMinutes(lesson)),
              cause: lesson._id,
              description: 'Lesson booked',
              createdAt: lesson.createdAt,
            },
          ]
        : [];
    }),
  );
}

/**
 * Creates a live lesson in a course and books its time. Admins may schedule any of the course's tutors at
 * any time; a tutor schedules themselves in their own course; a student books from the tutor's free slots
 * (`fromFreeSlots`). In every case the time claims forbid double booking.
 */
export async function createLesson(
  tenant: Tenant,
  caller: Caller,
  kind: 'ZOOM' | 'TEAMS',
  input: LessonInput,
  options: { asAdmin: boolean; fromFreeSlots?: boolean },
): Promise<LessonRecord> {
  const course = await requireCourse(tenant.key, input.course);
  const members = await courseMembers(tenant.key, course._id);
  const tutors = members.filter(isCourseTutor);
  const tutorId = input.tutorId ?? (caller.user.type === 'tutor' ? caller.user._id : tutors[0]?.user._id);
  if (!tutorId || !tutors.some((t) => t.user._id === tutorId)) {
    throw new BadRequestError('Choose one of the course’s tutors');
  }
  if (!options.asAdmin && !options.fromFreeSlots && tutorId !== caller.user._id) {
    throw new ForbiddenError('Tutors schedule their own lessons only');
  }
  const enrolled = lessonStudents(members).map((m) => m.user._id);
  const studentIds = input.studentIds ?? enrolled;
  if (studentIds.some((id) => !enrolled.includes(id))) {
    throw new BadRequestError('Every student of a lesson must be enrolled in the course');
  }
  // A student's booking (from free slots) takes the real lengths only; staff may try short ones locally.
  checkDuration(input.duration, options.fromFreeSlots ? 'student' : 'staff');
  const start = new Date(input.start);
  const end = new Date(start.getTime() + input.duration * MINUTE_MS);
  checkFuture(start);
  if (options.fromFreeSlots && !(await isFreeSlot(tenant, tutorId, start, end, { eligible: takesLessons }))) {
    throw new ConflictError(TIME_NOT_FREE);
  }
  const siblings = (await courseSections(tenant.key, course._id)).filter((s) => s.parent === input.parent);
  const now = new Date().toISOString();
  const _id = newId();
  const lesson: LessonRecord = {
    _id,
    course: course._id,
    parent: input.parent,
    kind,
    title: input.title,
    description: input.description,
    sortingKey: Math.max(0, ...siblings.map((s) => s.sortingKey)) + 1,
    audience: input.audience,
    type: input.type,
    billing: input.billing,
    status: 'ACTIVE',
    start: start.toISOString(),
    end: end.toISOString(),
    duration: input.duration,
    tutorId,
    studentIds,
    joinUrl: meetingJoinUrl(_id),
    eventId: newMeetingEventId(),
    bufferMinutes: schedulingSettings(tenant.settings?.scheduling).bufferMinutes,
    createdAt: now,
    updatedAt: now,
  };
  const minutePayers = await minutePayersOf(tenant.key, studentIds);
  if (input.recurrence) {
    return bookSeries(tenant, lesson, input.recurrence, course.title, (lessons) =>
      lessonUses(course, members, minutePayers, lessons),
    );
  }
  // The meeting is created before the booking is written: a provider failure books nothing (provider-sync.ts).
  return withNewMeetings(tenant.key, [lesson], async ([booked = lesson]) => {
    const writes = newLessonWrites(tenant.key, booked, course.title);
    await commit(
      [
        ...writes.items,
        ...ledgerEntriesWrite(tenant.key, lessonUses(course, members, minutePayers, [booked])),
      ],
      writes.isClaim,
    );
    return booked;
  });
}

/**
 * A student books a lesson in their course (POST /team-meetings/course-meeting-book) with the tutor the
 * course page names ({@link bookingTutor}), from that tutor's free slots. Someone who is not an enrolled
 * student of the course gets a 404, as for a course they cannot read; a group or free-trial course takes
 * no student bookings (a 403 saying why, before any slot is checked or anything written).
 */
export async function bookCourseLesson(
  tenant: Tenant,
  caller: Caller,
  body: z.infer<typeof courseMeetingBookSchema>,
): Promise<LessonRecord> {
  const members = await courseMembers(tenant.key, body.course);
  if (!isBookingStudent(members, caller.user._id)) throw new NotFoundError('Course not found');
  const course = await requireCourse(tenant.key, body.course);
  requireOpenCourse(course, 'learner');
  const refusal = courseBookingRefusal(course);
  if (refusal) throw new ForbiddenError(refusal);
  const tutor = bookingTutor(members);
  if (!tutor) throw new ConflictError('This course has no tutor yet');
  return createLesson(
    tenant,
    caller,
    body.kind,
    {
      course: body.course,
      parent: null,
      // No number in the title: a lesson's number follows its date and is given where it is shown
      // (shared/scheduling/lesson-order.ts), so booking an earlier lesson renumbers the later ones.
      title: body.title ?? 'Lesson',
      description: '',
      type: 'LESSON',
      billing: 'BILLABLE',
      audience: 'STUDENT',
      start: body.start,
      duration: body.duration,
      tutorId: tutor.user._id,
      studentIds: [caller.user._id],
    },
    { asAdmin: false, fromFreeSlots: true },
  );
}

/**
 * The lesson a change is asked for (a cancel or reschedule route of one meeting kind) and who the caller is
 * to it: a 404 for a lesson of the other kind, as for one that is not the caller's.
 */
export async function requireLessonOfKind(
  tenant: string,
  caller: Caller,
  sectionId: string,
  options: { asAdmin: boolean; kind: 'ZOOM' | 'TEAMS' },
): Promise<{ lesson: LessonRecord; role: RequesterRole }> {
  const lesson = await requireLesson(tenant, sectionId);
  if (lesson.kind !== options.kind) throw new NotFoundError('Lesson not found');
  return { lesson, role: requesterRole(caller, lesson, options.asAdmin) };
}

/** Who the caller is to this lesson: its tutor, one of its students, or (on admin routes) an admin. */
export function requesterRole(caller: Caller, lesson: LessonRecord, asAdmin: boolean): RequesterRole {
  if (asAdmin) return 'ADMIN';
  if (lesson.tutorId === caller.user._id) return 'TUTOR';
  if (lesson.studentIds.includes(caller.user._id)) return 'STUDENT';
  throw new NotFoundError('Lesson not found');
}

export interface LessonChange {
  type: 'CANCEL' | 'RESCHEDULE';
  reason: string;
  category?: string | undefined;
  note?: string | undefined;
  reschedule?: Pick<RescheduleBody, 'start' | 'duration' | 'tutorId'>;
  /** For a lesson of a series: this lesson only (the default) or this and every later one. */
  scope?: SeriesScope | undefined;
}

/** The lesson as it will be after the change (a new time and tutor, or cancelled). */
export async function changedLesson(
  tenant: Tenant,
  lesson: LessonRecord,
  change: Pick<LessonChange, 'type' | 'reschedule'>,
  options: {
    role: RequesterRole;
    /** The lessons moving in the same change (the rest of a series): their current times count as free. */
    movingWith?: ReadonlySet<string>;
  },
): Promise<LessonRecord> {
  const now = new Date().toISOString();
  const { pendingRequestId: _pending, ...rest } = lesson;
  if (change.type === 'CANCEL') return { ...rest, status: 'CANCELLED', updatedAt: now };
  const target = change.reschedule!;
  const duration = target.duration ?? lesson.duration ?? 60;
  checkDuration(duration, options.role === 'STUDENT' ? 'student' : 'staff');
  const start = new Date(target.start);
  checkFuture(start);
  const end = new Date(start.getTime() + duration * MINUTE_MS);
  const tutorId = options.role === 'ADMIN' && target.tutorId ? target.tutorId : lesson.tutorId;
  const moved = { start: start.toISOString(), end: end.toISOString(), tutorId };
  if (isSameLessonTime(lesson, moved)) throw new BadRequestError(SAME_TIME_MESSAGE);
  if (tutorId !== lesson.tutorId) {
    const members = await courseMembers(tenant.key, lesson.course);
    if (!members.some((m) => isCourseTutor(m) && m.user._id === tutorId)) {
      throw new BadRequestError('Choose one of the course’s tutors');
    }
  }
  // Students and tutors move a lesson to one of the tutor's free slots; admins may choose any free time.
  if (
    options.role !== 'ADMIN' &&
    !(await isFreeSlot(tenant, tutorId, start, end, {
      eligible: takesLessons,
      ignoreSectionId: lesson._id,
      ...(options.movingWith ? { ignoreSectionIds: options.movingWith } : {}),
    }))
  ) {
    throw new ConflictError(TIME_NOT_FREE);
  }
  return {
    ...rest,
    start: start.toISOString(),
    end: end.toISOString(),
    duration,
    tutorId,
    updatedAt: now,
  };
}

/**
 * Whether the lesson, at its (new) time, comes closer than the buffer to another live lesson of its tutor:
 * the tutor's busy-day shard of the one to three UTC days concerned, a couple of item reads. A pre-check
 * only: the time claims written when the change is applied settle any booking made in between.
 */
export async function clashesWithTutorLessons(tenant: Tenant, lesson: LessonRecord): Promise<boolean> {
  const start = Date.parse(lesson.start);
  const end = Date.parse(lesson.end);
  const buffer = Math.max(
    lesson.bufferMinutes ?? 0,
    schedulingSettings(tenant.settings?.scheduling).bufferMinutes,
  );
  const days = busyDaysToRead(start, start, (end - start) / MINUTE_MS, buffer);
  const booked = (await busyLessons(tenant.key, [lesson.tutorId], days)).get(lesson.tutorId) ?? [];
  const others = booked.filter((other) => other.sectionId !== lesson._id);
  return bookingSweep(others, buffer * MINUTE_MS)(start, end);
}

export async function people(tenant: string, ids: string[]) {
  const users = await getUsers(tenant, ids);
  return ids
    .map((id) => users.find((u) => u._id === id))
    .filter((u) => u !== undefined)
    .map((u) => ({ _id: u._id, firstname: u.firstname, lastname: u.lastname }));
}

/** The meeting request that records a change of `lesson` into `after` (APPROVED when it applies at once). */
export async function changeRequestRecord(
  tenant: Tenant,
  caller: Caller,
  input: {
    lesson: LessonRecord;
    after: LessonRecord;
    change: Pick<LessonChange, 'type' | 'reason' | 'category' | 'note'>;
    role: RequesterRole;
    status: MeetingRequest['status'];
    course: CourseRecord;
    /** When the change was asked (now by default): a series' later lessons approved from a request's. */
    requestedAt?: string;
  },
): Promise<MeetingRequest> {
  const { lesson, after, change, role, status, course } = input;
  const now = new Date().toISOString();
  const [students, tutors, requester, penalty] = await Promise.all([
    people(tenant.key, lesson.studentIds),
    people(tenant.key, [lesson.tutorId]),
    people(tenant.key, [caller.user._id]),
    requestPenalty(tenant, lesson, {
      role,
      type: change.type,
      requestedAt: new Date(input.requestedAt ?? now),
    }),
  ]);
  const request: MeetingRequest = {
    _id: newId(),
    type: change.type,
    status,
    sectionId: lesson._id,
    courseId: lesson.course,
    courseTitle: course.title,
    lessonTitle: lesson.title,
    start: lesson.start,
    end: lesson.end,
    newStart: change.type === 'RESCHEDULE' ? after.start : null,
    newEnd: change.type === 'RESCHEDULE' ? after.end : null,
    newTutorId: change.type === 'RESCHEDULE' && after.tutorId !== lesson.tutorId ? after.tutorId : null,
    students,
    tutors,
    reason: change.reason,
    category: change.category ?? null,
    note: change.note ?? null,
    requestedByRole: role,
    requestedBy: requester[0] ?? {
      _id: caller.user._id,
      firstname: caller.user.firstname,
      lastname: caller.user.lastname,
    },
    respondedBy: null,
    respondedAt: status === 'APPROVED' ? now : null,
    adminNote: null,
    tutorPaymentStatus: 'PROCESSING',
    ...penalty,
    createdAt: now,
    updatedAt: now,
  };
  return request;
}

/**
 * A cancel or reschedule asked by a student, a tutor or an admin. The notice-window policy decides: the
 * change applies at once (recorded as an APPROVED request, its new time claimed in the same transaction),
 * or it waits as a PENDING request that holds the lesson against a second request, or it is refused.
 */
export async function requestChange(
  tenant: Tenant,
  caller: Caller,
  sectionId: string,
  change: LessonChange,
  options: { asAdmin: boolean; kind: 'ZOOM' | 'TEAMS' },
): Promise<{ status: MeetingRequest['status']; request: MeetingRequest; lesson: SectionRecord }> {
  const { lesson, role } = await requireLessonOfKind(tenant.key, caller, sectionId, options);
  return changeLesson(tenant, caller, lesson, role, change);
}

/** {@link requestChange} of a lesson already read, by a caller whose role to it is known. */
export async function changeLesson(
  tenant: Tenant,
  caller: Caller,
  lesson: LessonRecord,
  role: RequesterRole,
  change: LessonChange,
): Promise<{ status: MeetingRequest['status']; request: MeetingRequest; lesson: SectionRecord }> {
  const course = await requireCourse(tenant.key, lesson.course);
  // A draft's lessons are its staff's to change; to its students they do not exist yet.
  if (role === 'STUDENT') requireOpenCourse(course, memberViewer('student'), 'Lesson not found');
  if (lesson.pendingRequestId)
    throw new ConflictError('This lesson already has a change waiting for an admin');
  const settings = schedulingSettings(tenant.settings?.scheduling);
  const decision = decideChange({
    role,
    lessonStart: new Date(lesson.start),
    lessonStatus: lesson.status,
    now: new Date(),
    changeNoticeHours: settings.changeNoticeHours,
    group: isGroupLesson(course, lesson),
  });
  if (decision.outcome === 'refused') throw new BadRequestError(decision.message);

  const after = await changedLesson(tenant, lesson, change, { role });
  const status = decision.outcome === 'apply' ? 'APPROVED' : 'PENDING';
  const request = await changeRequestRecord(tenant, caller, { lesson, after, change, role, status, course });
  const now = request.createdAt;

  if (status === 'APPROVED') {
    const writes = await lessonWrites(tenant.key, lesson, after, course.title);
    await withMeetingChanges(tenant.key, [{ before: lesson, after }], () =>
      commit([...writes.items, ...approvedRequestWrites(tenant.key, request)], writes.isClaim),
    );
    return { status, request, lesson: after };
  }
  // PENDING: the lesson keeps its time and remembers the request, so a second one is refused.
  const hold = holdWrite(tenant.key, lesson, request._id, now);
  await commit([hold.item, ...meetingRequestsRepository.insertItems(tenant.key, request)], () => false);
  return { status, request, lesson: hold.lesson };
}

/**
 * The lesson as read, written back holding a waiting request (`requestId`) or no longer holding one
 * (undefined): conditional on the lesson being unchanged since it was read, and when it takes a request on
 * its holding none, so a lesson waits for one request at a time.
 */
export function holdWrite(
  tenant: string,
  read: LessonRecord,
  requestId: string | undefined,
  now: string,
): { item: TransactItem; lesson: LessonRecord } {
  const { pendingRequestId: _held, ...free } = read;
  const lesson: LessonRecord = requestId
    ? { ...free, pendingRequestId: requestId, updatedAt: now }
    : { ...free, updatedAt: now };
  return {
    lesson,
    item: {
      Put: {
        TableName: tableName(),
        Item: sectionItem(tenant, lesson),
        ...withGuard(
          {
            ConditionExpression: requestId
              ? 'updatedAt = :read AND attribute_not_exists(pendingRequestId)'
              : 'updatedAt = :read',
            ExpressionAttributeValues: { ':read': read.updatedAt },
          },
          keepsListed(read),
        ),
      },
    },
  };
}
