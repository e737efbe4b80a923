/**
 * The lived-in demo (`npm start`): a term of history for the demo tenant, written through the platform's
 * own repositories and services so the items are the ones the product writes. The story is in
 * history-plan.ts; this file only writes it.
 *
 * Once per data directory. The first run keeps its anchor (the instant the story is dated from) before
 * writing anything, and a marker once it is done: a later start, a week or a year later, adds nothing and
 * changes nothing, and the history ages as real data does (the lesson-history job records the term's later
 * lessons as they end). A run cut off half-way resumes from the same anchor and writes only what is
 * missing. A fresh, today-dated demo is a new data directory.
 *
 * The tests' global seed does not run this: the integration and browser tests assert on the plain demo.
 */
import { ConflictError, NotFoundError } from '../../shared/http/errors';
import { applyProgressEvent, pagesOf, type SubTopicProgressEntry } from '../../shared/learning/progress';
import { ledgerEntryId, signedCreditEntry } from '../../shared/money/ledger';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { schedulingSettings } from '../../shared/scheduling/settings';
import type { Tenant } from '../../shared/schemas/tenant';
import { findSubjectByCode } from '../catalogue/lookups';
import { subjectOutline } from '../learning/outline';
import { recordEndedLesson } from '../lesson-history/job';
import { logger } from '../lib/logger';
import { meetingJoinUrl } from '../lib/meetings';
import { hashPassword } from '../lib/passwords';
import type { Caller } from '../lib/request';
import { asLesson, requestChange } from '../meetings/lessons';
import { insertBookmark } from '../repositories/bookmarks';
import { subTopicsRepository } from '../repositories/catalogue';
import {
  type CourseRecord,
  courseMemberWrite,
  coursesRepository,
  newCourseMember,
} from '../repositories/courses';
import { homeworkSubmissionsRepository, submissionId } from '../repositories/homework-submissions';
import { getJobWatermark, setJobWatermark } from '../repositories/job-watermarks';
import { insertLearningSession } from '../repositories/learning-sessions';
import { ledgerEntryWrite } from '../repositories/ledger';
import { lessonJoinsOf, recordLessonJoin } from '../repositories/lesson-joins';
import { type LessonRecord, newLessonWrites } from '../repositories/lessons';
import { getOnboarding, putOnboarding } from '../repositories/onboarding';
import { getProgressEntry, updateProgressEntry } from '../repositories/progress';
import { getSection, insertSection } from '../repositories/sections';
import { getTenant } from '../repositories/tenants';
import { trialsRepository } from '../repositories/trials';
import { getUser, getUsers, newUserRecord, type UserRecord } from '../repositories/users';
import { rolesRepository } from '../roles/repository';
import { isConditionalCheckFailure } from '../table/items';
import { writeTransaction } from '../table/transactions';
import { trialBookingRecords, trialBookingWrites } from '../trials/booking';
import { addRecording, updateTrial } from '../trials/service';
import {
  type HistoryPlan,
  historyPlan,
  type PlannedCourse,
  type PlannedJoin,
  type PlannedLesson,
  type PlannedStudy,
  type PlannedTrial,
  plannedBookmarks,
  plannedProgress,
  plannedSessions,
  prospects,
  type StudySubTopic,
  seededEventId,
} from './history-plan';

const DEMO = 'demo';
/** The instant the history is dated from, kept before anything else is written. */
export const HISTORY_ANCHOR = 'demo-history-anchor';
/** Set once the whole history is written: later starts leave it alone. */
export const HISTORY_SEEDED = 'demo-history-seeded';

export interface HistorySeedResult {
  /** Whether this run wrote the history (false: it was there already). */
  seeded: boolean;
  anchor: string | undefined;
  /** The trial prospects' accounts, printed with the other demo sign-ins. */
  signIns: Array<{ tenant: string; role: string; email: string; password: string }>;
}

/** Seeds the demo tenant's term of history once; `now` dates it the first time (see the file's comment). */
export async function seedHistory(now = new Date()): Promise<HistorySeedResult> {
  const signIns = prospects.map((p) => ({
    tenant: DEMO,
    role: 'Prospect',
    email: p.email,
    password: p.password,
  }));
  const tenant = await getTenant(DEMO);
  if (!tenant) throw new Error('The demo history needs the demo tenant: run seedDemo first');
  if (await getJobWatermark(DEMO, HISTORY_SEEDED)) {
    return { seeded: false, anchor: await getJobWatermark(DEMO, HISTORY_ANCHOR), signIns };
  }
  let anchor = await getJobWatermark(DEMO, HISTORY_ANCHOR);
  if (!anchor) {
    anchor = now.toISOString();
    await setJobWatermark(DEMO, HISTORY_ANCHOR, anchor);
  }
  const plan = historyPlan(anchor, schedulingSettings(tenant.settings?.scheduling).trialDurationMinutes);

  for (const answers of plan.onboarding) {
    if (!(await getOnboarding(DEMO, answers.userId))) await putOnboarding(DEMO, answers);
  }
  for (const trial of plan.trials) {
    await unlessConflicting(`the free trial ${trial.id}`, () => seedTrial(tenant, trial, anchor));
  }
  for (const course of plan.courses) await seedCourse(tenant, plan, course);
  for (const study of plan.study) {
    await unlessConflicting(`${study.studentId}'s study of ${study.subjectCode}`, () =>
      seedStudy(plan, study),
    );
  }
  await unlessConflicting('the pending lesson request', () => seedPendingRequest(tenant, plan));

  await setJobWatermark(DEMO, HISTORY_SEEDED, new Date().toISOString());
  return { seeded: true, anchor, signIns };
}

/**
 * A part of the story that cannot be written in this data directory (a demo tutor's time already taken
 * by a lesson someone booked, a demo student's free trial already used, a subject an admin removed) is
 * left out with a warning, so an older data directory still starts.
 */
async function unlessConflicting(what: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
    logger.warn(`Demo history: ${what} left out`, { reason: error.message });
  }
}

/** A record with a fixed id that an earlier run, cut off, already wrote. */
class AlreadyWritten extends ConflictError {
  constructor() {
    super('Already written');
  }
}

/** Writes that are conditional on the record being new: one already there is what this run would write. */
async function ignoringAlreadyWritten(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof ConflictError || isConditionalCheckFailure(error)) return;
    throw error;
  }
}

/** A demo person acting through a service, as their signed-in requests would. */
async function callerOf(userId: string): Promise<Caller> {
  const user = await getUser(DEMO, userId);
  const role = user ? await rolesRepository.get(DEMO, user.roleId) : undefined;
  if (!user || !role) throw new ConflictError(`The demo account ${userId} or its role is missing`);
  return { user, role, permissions: role.permissions };
}

/** The course and people of a lesson, read once per course rather than once per lesson. */
interface LessonContext {
  course: CourseRecord | undefined;
  people: UserRecord[];
}

async function lessonContext(
  lesson: Pick<LessonRecord, 'course' | 'tutorId' | 'studentIds'>,
): Promise<LessonContext> {
  const [course, people] = await Promise.all([
    coursesRepository.get(DEMO, lesson.course),
    getUsers(DEMO, [lesson.tutorId, ...lesson.studentIds]),
  ]);
  return { course, people };
}

/**
 * A lesson's joins up to the anchor, as the Join button records them, and, once it has ended, what the
 * lesson-history job does with it: its history row and the lesson COMPLETED a few minutes after its end.
 */
async function playLesson(
  lesson: LessonRecord,
  joins: PlannedJoin[],
  anchor: string,
  context: LessonContext & { justWritten: boolean },
): Promise<void> {
  if (lesson.status !== 'ACTIVE') return;
  const due = joins.filter((join) => join.at <= anchor);
  // A lesson written a moment ago has no joins yet; one an earlier run wrote may have some.
  const joined =
    due.length > 0 && !context.justWritten
      ? ((await lessonJoinsOf(DEMO, [lesson])).get(lesson._id) ?? [])
      : [];
  for (const join of due) {
    if (joined.some((j) => j.userId === join.userId)) continue;
    const joinedAt = await recordLessonJoin(DEMO, lesson, join.userId, join.role, join.at);
    joined.push({ userId: join.userId, joinedAt });
  }
  if (lesson.end > anchor) return;
  const jobRun = new Date(Math.min(Date.parse(lesson.end) + 3 * 60_000, Date.parse(anchor))).toISOString();
  const { course, people } = context;
  await recordEndedLesson(DEMO, lesson, { course, people, joins: joined, at: jobRun });
}

// ---------------------------------------------------------------- free trials

/** A prospect's account, as the trial dialog's sign-up makes it when they book. */
async function prospectAccount(trial: PlannedTrial): Promise<UserRecord | undefined> {
  const prospect = prospects.find((p) => p.id === trial.studentId);
  if (!prospect) return undefined;
  const user = newUserRecord(DEMO, {
    _id: prospect.id,
    firstname: prospect.firstname,
    lastname: prospect.lastname,
    email: prospect.email,
    type: 'student',
    roleId: systemRoleIds.Student,
    timezone: prospect.zone,
    passwordHash: await hashPassword(prospect.password),
  });
  return { ...user, passwordChangedAt: trial.bookedAt, createdAt: trial.bookedAt, updatedAt: trial.bookedAt };
}

/** Booked with the booking's own writes; then the lesson takes place and the admin records the outcome. */
async function seedTrial(tenant: Tenant, planned: PlannedTrial, anchor: string): Promise<void> {
  let trial = await trialsRepository.get(DEMO, planned.id);
  if (!trial) {
    const tutor = await getUser(DEMO, planned.tutorId);
    const existing = await getUser(DEMO, planned.studentId);
    const student = existing ?? (await prospectAccount(planned));
    if (!tutor || !student) throw new ConflictError(`${planned.tutorId} or ${planned.studentId} is missing`);
    const records = trialBookingRecords({
      booking: planned,
      start: new Date(planned.start),
      end: new Date(planned.end),
      tutor,
      student,
      bufferMinutes: schedulingSettings(tenant.settings?.scheduling).bufferMinutes,
      ids: {
        courseId: planned.courseId,
        sectionId: planned.lessonId,
        trialId: planned.id,
        eventId: seededEventId(planned.lessonId),
      },
      now: planned.bookedAt,
    });
    const writes = trialBookingWrites(DEMO, records, existing ? 'existing' : 'created');
    await writeTransaction(writes.items, (failed) => {
      if (failed === writes.emailClaimIndex) return new ConflictError(`${student.email} is taken`);
      if (failed === writes.trialClaimIndex)
        return new ConflictError(`${student.email} used their free trial`);
      return new ConflictError(`${tutor.firstname}'s time at ${planned.start} is taken`);
    });
    trial = records.trial;
  }
  if (planned.fate === 'scheduled') return;
  if (planned.fate === 'cancelled') {
    // Cancelled by the school before it took place: the student gets their free trial back.
    if (trial.status === 'SCHEDULED') await updateTrial(DEMO, trial._id, { status: 'CANCELED' });
    return;
  }
  const section = await getSection(DEMO, planned.lessonId);
  if (section) {
    const lesson = asLesson(section);
    await playLesson(lesson, planned.joins, anchor, { ...(await lessonContext(lesson)), justWritten: false });
  }
  trial = await trialsRepository.get(DEMO, planned.id);
  if (!trial) return;
  if (planned.recording && trial.recordings.length === 0 && trial.status === 'COMPLETED') {
    await addRecording(DEMO, await callerOf(planned.tutorId), {
      trialId: trial._id,
      ...planned.recording,
      recordedAt: planned.start,
    });
  }
  if (planned.fate !== 'taken-place' && trial.status === 'COMPLETED') {
    await updateTrial(DEMO, trial._id, { outcome: planned.fate });
  }
}

// ---------------------------------------------------------------- courses, lessons, homework

function courseRecord(course: PlannedCourse): CourseRecord {
  return {
    _id: course.id,
    title: course.title,
    description: course.description,
    curriculum: course.curriculum,
    subject: course.subject,
    grade: course.grade,
    status: 'ACTIVE',
    type: course.type,
    paymentType: course.paymentType,
    lessonDuration: course.lessonDuration,
    isTrial: false,
    createdAt: course.createdAt,
    updatedAt: course.createdAt,
  };
}

/** A weekly lesson as an admin schedules it for the course (the booking routes refuse past times). */
function lessonRecord(planned: PlannedLesson, course: PlannedCourse, bufferMinutes: number): LessonRecord {
  return {
    _id: planned.id,
    course: course.id,
    parent: null,
    kind: 'TEAMS',
    title: planned.title,
    description: '',
    sortingKey: planned.sortingKey,
    audience: 'STUDENT',
    type: 'LESSON',
    billing: 'BILLABLE',
    status: 'ACTIVE',
    start: planned.start,
    end: planned.end,
    duration: planned.duration,
    tutorId: planned.tutorId,
    studentIds: planned.studentIds,
    joinUrl: meetingJoinUrl(planned.id),
    eventId: seededEventId(planned.id),
    bufferMinutes,
    createdAt: course.createdAt,
    updatedAt: course.createdAt,
  };
}

/** The lesson credits each student of a demo credit course starts with. */
const DEMO_CREDITS = 20;

async function seedCourse(tenant: Tenant, plan: HistoryPlan, course: PlannedCourse): Promise<void> {
  if (!(await coursesRepository.get(DEMO, course.id))) {
    const members = await getUsers(DEMO, [course.tutorId, ...course.studentIds]);
    if (members.length !== course.studentIds.length + 1) {
      logger.warn(`Demo history: the course ${course.id} left out`, { reason: 'a demo account is missing' });
      return;
    }
    const record = courseRecord(course);
    await writeTransaction(
      [
        ...coursesRepository.insertItems(DEMO, record),
        ...members.map((user) =>
          courseMemberWrite(
            DEMO,
            user._id === course.tutorId
              ? newCourseMember(course.id, user, 'tutor', 'PRIMARY', course.createdAt)
              : newCourseMember(course.id, user, 'student', course.paymentType, course.createdAt),
          ),
        ),
        // A credit course's students start with a term's credits (the history's lessons predate the ledger
        // and use none), so booking the next lesson works in the demo.
        ...(course.paymentType === 'CREDIT'
          ? course.studentIds.flatMap((userId) =>
              ledgerEntryWrite(DEMO, {
                _id: ledgerEntryId('ENROLMENT', 'demo-history', course.id, userId),
                account: { kind: 'CREDITS', userId, courseId: course.id },
                kind: 'ENROLMENT',
                credits: signedCreditEntry('ENROLMENT', DEMO_CREDITS),
                cause: `demo-history:${course.id}`,
                description: 'Credits of the enrolment',
                createdAt: course.createdAt,
              }),
            )
          : []),
      ],
      () => new ConflictError(`The course ${course.id} is already there`),
    );
  }
  const { bufferMinutes } = schedulingSettings(tenant.settings?.scheduling);
  const context = await lessonContext({
    course: course.id,
    tutorId: course.tutorId,
    studentIds: course.studentIds,
  });
  for (const planned of plan.lessons.filter((l) => l.courseId === course.id)) {
    await unlessConflicting(`the lesson ${planned.id}`, async () => {
      let lesson = lessonRecord(planned, course, bufferMinutes);
      let justWritten = true;
      const writes = newLessonWrites(DEMO, lesson, course.title);
      try {
        await writeTransaction(writes.items, (failed) =>
          writes.isClaim(failed)
            ? new ConflictError(`The tutor's time at ${planned.start} is taken`)
            : new AlreadyWritten(),
        );
        // As stored: its completion below starts from it as from a read.
        lesson = writes.written;
      } catch (error) {
        // Written by a run that was cut off: go on from where that lesson got to.
        if (!(error instanceof AlreadyWritten)) throw error;
        const section = await getSection(DEMO, planned.id);
        if (!section) throw error;
        lesson = asLesson(section);
        justWritten = false;
      }
      await playLesson(lesson, planned.joins, plan.anchor, { ...context, justWritten });
    });
  }
  for (const homework of plan.homework.filter((h) => h.courseId === course.id)) {
    await ignoringAlreadyWritten(() =>
      insertSection(DEMO, {
        _id: homework.id,
        course: course.id,
        parent: null,
        kind: 'HOMEWORK',
        title: homework.title,
        description: '',
        sortingKey: homework.sortingKey,
        audience: 'STUDENT',
        type: 'LESSON',
        billing: 'BILLABLE',
        status: 'ACTIVE',
        homework: { instructions: homework.instructions, dueAt: homework.dueAt },
        createdAt: homework.setAt,
        updatedAt: homework.setAt,
      }),
    );
    const students = await getUsers(
      DEMO,
      homework.submissions.map((s) => s.studentId),
    );
    for (const submission of homework.submissions) {
      const student = students.find((s) => s._id === submission.studentId);
      if (!student) continue;
      // Handed in, then reviewed by the tutor: the record as the review leaves it.
      await homeworkSubmissionsRepository.ensure(DEMO, {
        _id: submissionId(homework.id, student._id),
        section: homework.id,
        course: course.id,
        student: { _id: student._id, firstname: student.firstname, lastname: student.lastname },
        text: submission.text,
        attachments: [],
        status: submission.review ? 'REVIEWED' : 'SUBMITTED',
        feedback: submission.review?.feedback ?? null,
        grade: submission.review?.grade ?? null,
        submittedAt: submission.submittedAt,
        reviewedAt: submission.review?.at ?? null,
        createdAt: submission.submittedAt,
        updatedAt: submission.review?.at ?? submission.submittedAt,
      });
    }
  }
}

// ---------------------------------------------------------------- studying alone

/** The course whose lessons teach a subject to the student (where bookmarks are made in lessons). */
function courseTeaching(plan: HistoryPlan, study: PlannedStudy, subjectName: string): PlannedLesson[] {
  const course = plan.courses.find(
    (c) => c.subject === subjectName && c.studentIds.includes(study.studentId),
  );
  return course ? plan.lessons.filter((l) => l.courseId === course.id) : [];
}

async function seedStudy(plan: HistoryPlan, study: PlannedStudy): Promise<void> {
  const subject = await findSubjectByCode(DEMO, study.subjectCode, study.subjectLevel);
  const outline = await subjectOutline(DEMO, subject);
  const ordered = outline.topics
    .flatMap((topic) => topic.subTopics.map((s) => ({ ...s, topicId: topic._id })))
    .slice(0, study.completed + study.inProgress);
  // Pages are the sub-topics' notes blocks: read per topic, not per sub-topic.
  const topicIds = [...new Set(ordered.map((s) => s.topicId))];
  const stored = (await Promise.all(topicIds.map((id) => subTopicsRepository.contentsOf(DEMO, id)))).flat();
  const subTopics: StudySubTopic[] = ordered.map((s) => {
    const found = stored.find((candidate) => candidate._id === s._id);
    return { _id: s._id, name: s.name, topicId: s.topicId, pages: found ? pagesOf(found) : 1 };
  });
  const progress = plannedProgress(plan.anchor, study, subTopics);
  for (const entry of progress) {
    const subTopic = subTopics.find((s) => s._id === entry.subTopicId);
    if (!subTopic) continue;
    const ids = { userId: study.studentId, subjectId: subject._id, subTopicId: subTopic._id };
    if (await getProgressEntry(DEMO, ids.userId, ids.subjectId, ids.subTopicId)) continue;
    const base = { ...ids, topicId: subTopic.topicId, curriculumId: subject.curriculumId };
    // The progress calls of the pages, one after the other, as the sub-topic page makes them.
    await updateProgressEntry(DEMO, ids, (current) => {
      let next: SubTopicProgressEntry | undefined = current;
      for (const { event, at } of entry.events)
        next = applyProgressEvent(next, base, event, subTopic.pages, at);
      if (!next) throw new Error(`No progress planned for ${subTopic._id}`);
      return next;
    });
  }

  for (const session of plannedSessions(study, subTopics, progress)) {
    const subTopic = subTopics.find((s) => s._id === session.subTopicId);
    if (!subTopic) continue;
    await ignoringAlreadyWritten(() =>
      insertLearningSession(DEMO, {
        _id: session._id,
        student: study.studentId,
        subTopicId: subTopic._id,
        subTopicName: subTopic.name,
        topicId: subTopic.topicId,
        subjectCode: subject.subjectCode,
        questions: session.questions,
        createdAt: session.createdAt,
        updatedAt: session.questions.at(-1)?.createdAt ?? session.createdAt,
      }),
    );
  }

  const lessons = courseTeaching(plan, study, subject.name);
  for (const bookmark of plannedBookmarks(study, subTopics, progress, lessons, plan.anchor)) {
    const subTopic = subTopics.find((s) => s._id === bookmark.subTopicId);
    if (!subTopic) continue;
    await ignoringAlreadyWritten(() =>
      insertBookmark(DEMO, {
        _id: bookmark._id,
        tutorId: bookmark.tutorId,
        studentId: study.studentId,
        subject: subject.subjectCode,
        subTopicId: subTopic._id,
        subTopicName: subTopic.name,
        pageNo: bookmark.pageNo,
        lessonId: bookmark.lessonId,
        createdBy: bookmark.createdBy,
        createdAt: bookmark.createdAt,
      }),
    );
  }
}

// ---------------------------------------------------------------- a request waiting for an admin

/** The student asks to cancel next week's group lesson: a student's change to a group lesson waits. */
async function seedPendingRequest(tenant: Tenant, plan: HistoryPlan): Promise<void> {
  const { lessonId, studentId, note } = plan.pendingCancel;
  const section = await getSection(DEMO, lessonId);
  if (section?.status !== 'ACTIVE' || section.pendingRequestId) return;
  // A run resumed long after the anchor may find the lesson begun: a student can no longer change it.
  if (!section.start || Date.parse(section.start) <= Date.now()) return;
  await requestChange(
    tenant,
    await callerOf(studentId),
    lessonId,
    { type: 'CANCEL', reason: 'School Activity', category: 'School Events', note },
    { asAdmin: false, kind: 'TEAMS' },
  );
}
