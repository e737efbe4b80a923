import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../shared/http/errors';
import { decideTrialUpdate } from '../../shared/rules/trials';
import { absoluteUrl } from '../../shared/rules/url';
import type { Page } from '../../shared/schemas/paging';
import {
  type AdminTrialsQuery,
  MAX_TRIAL_RECORDINGS,
  type TrialRecordingInput,
  type TrialUpdate,
  type UserTrialsQuery,
} from '../../shared/schemas/trial';
import { mayActFor } from '../access/linked-accounts';
import { accountsOf, holdsReader } from '../access/records';
import { newId } from '../lib/ids';
import type { Caller } from '../lib/request';
import { coursesRepository } from '../repositories/courses';
import { type LessonRecord, lessonWrites } from '../repositories/lessons';
import { getSection } from '../repositories/sections';
import { studentTrials, type TrialRecord, trialsRepository, tutorTrials } from '../repositories/trials';
import { getUsers } from '../repositories/users';
import { writeTransaction } from '../table/transactions';

const notFound = () => new NotFoundError('Trial not found');

/**
 * Names as they are now: the trial keeps the names it was booked with, and its lesson may since have moved
 * to another tutor (the trial's tutorId follows the lesson).
 */
async function withCurrentNames(tenant: string, trials: TrialRecord[]): Promise<TrialRecord[]> {
  if (trials.length === 0) return trials;
  const people = new Map(
    (
      await getUsers(
        tenant,
        trials.flatMap((t) => [t.tutorId, t.studentId]),
      )
    ).map((u) => [u._id, u]),
  );
  return trials.map((trial) => {
    const tutor = people.get(trial.tutorId);
    const student = people.get(trial.studentId);
    return {
      ...trial,
      tutor: tutor ? { firstname: tutor.firstname, lastname: tutor.lastname } : trial.tutor,
      student: student
        ? { firstname: student.firstname, lastname: student.lastname, email: student.email }
        : trial.student,
    };
  });
}

/**
 * Whether the caller may see the trial: its student, an account linked to the student (their parent), its
 * tutor, or a trial-class viewer. Everyone else is told it does not exist.
 */
async function canSee(tenant: string, caller: Caller, trial: TrialRecord): Promise<boolean> {
  const me = caller.user._id;
  if (trial.studentId === me || trial.tutorId === me || holdsReader(caller, 'anyTrial')) return true;
  return mayActFor(tenant, caller, trial.studentId);
}

export async function requireVisibleTrial(tenant: string, caller: Caller, id: string): Promise<TrialRecord> {
  const trial = await trialsRepository.get(tenant, id);
  if (!trial || !(await canSee(tenant, caller, trial))) throw notFound();
  const [named] = await withCurrentNames(tenant, [trial]);
  return named!;
}

/**
 * GET /trials: the caller's own trials: as the student, the trials of the accounts linked to theirs (a
 * parent's children), and as a tutor the trials they teach. Newest lesson first.
 */
export async function listUserTrials(
  tenant: string,
  caller: Caller,
  query: UserTrialsQuery,
): Promise<Page<TrialRecord>> {
  const { limit, offset, status, studentId, tutorId } = query;
  const accounts = await accountsOf(tenant, caller);
  const reads = accounts.map((id) => studentTrials(tenant, id));
  if (caller.user.type === 'tutor') reads.push(tutorTrials(tenant, caller.user._id));
  const byId = new Map((await Promise.all(reads)).flat().map((trial) => [trial._id, trial]));
  const docs = [...byId.values()]
    .filter(
      (trial) =>
        (!status || trial.status === status) &&
        (!studentId || trial.studentId === studentId) &&
        (!tutorId || trial.tutorId === tutorId),
    )
    .sort((a, b) => b.startDate.localeCompare(a.startDate) || b._id.localeCompare(a._id));
  return {
    limit,
    offset,
    totalDocs: docs.length,
    docs: await withCurrentNames(tenant, docs.slice(offset, offset + limit)),
  };
}

/** GET /admin/trials: every filter; dates bound the trial lesson's start (inclusive). */
export async function listAdminTrials(tenant: string, query: AdminTrialsQuery): Promise<Page<TrialRecord>> {
  const { status, outcome, studentId, tutorId, startDate, endDate, ...paging } = query;
  const from = startDate ? Date.parse(startDate) : undefined;
  const to = endDate ? Date.parse(endDate) : undefined;
  const inRange =
    from === undefined && to === undefined
      ? undefined
      : (trial: TrialRecord) => {
          const start = Date.parse(trial.startDate);
          return (from === undefined || start >= from) && (to === undefined || start <= to);
        };
  const page = await trialsRepository.list(tenant, paging, { status, outcome, studentId, tutorId }, inRange);
  return { ...page, docs: await withCurrentNames(tenant, page.docs) };
}

/**
 * PUT /admin/trials/{id}. Cancelling a scheduled trial cancels its lesson in the same transaction as the
 * trial (the lesson's own writes carry the trial's new status and give the student their free trial back),
 * so the calendar and the trial never disagree.
 */
export async function updateTrial(tenant: string, id: string, change: TrialUpdate): Promise<TrialRecord> {
  const trial = await trialsRepository.get(tenant, id);
  if (!trial) throw notFound();
  const decision = decideTrialUpdate(trial, change);
  if (!decision.ok) {
    throw decision.kind === 'outcome'
      ? new BadRequestError(decision.message)
      : new ConflictError(decision.message);
  }
  if (decision.cancelsLesson) {
    const lesson = (await getSection(tenant, trial.sectionId)) as
      | (LessonRecord & { pendingRequestId?: string })
      | undefined;
    if (lesson?.status === 'ACTIVE' && lesson.trialId === trial._id) {
      if (lesson.pendingRequestId) {
        throw new ConflictError(
          "This trial's lesson has a change request waiting: answer it in Lesson requests first.",
        );
      }
      const course = await coursesRepository.get(tenant, lesson.course);
      const cancelled: LessonRecord = { ...lesson, status: 'CANCELLED', updatedAt: new Date().toISOString() };
      const writes = lessonWrites(tenant, lesson, cancelled, course?.title ?? '');
      await writeTransaction(
        writes.items,
        () => new ConflictError('This trial was changed by someone else. Reload and try again.'),
      );
      const saved = await trialsRepository.get(tenant, id);
      return (await withCurrentNames(tenant, [saved!]))[0]!;
    }
  }
  const saved = await trialsRepository.update(tenant, id, decision.next);
  return (await withCurrentNames(tenant, [saved]))[0]!;
}

/** Recordings are added by the trial's tutor or a trial-class editor; others who can see the trial get a 403. */
async function requireRecordingEditor(tenant: string, caller: Caller, trialId: string): Promise<TrialRecord> {
  const trial = await trialsRepository.get(tenant, trialId);
  if (!trial || !(await canSee(tenant, caller, trial))) throw notFound();
  if (trial.tutorId !== caller.user._id && !holdsReader(caller, 'anyTrialRecordings')) {
    throw new ForbiddenError("Only the trial's tutor or an administrator can change its recordings");
  }
  return trial;
}

export async function addRecording(
  tenant: string,
  caller: Caller,
  input: TrialRecordingInput,
): Promise<TrialRecord> {
  const trial = await requireRecordingEditor(tenant, caller, input.trialId);
  if (trial.status === 'SCHEDULED' || trial.status === 'CANCELED') {
    throw new BadRequestError('A recording can be added once the trial lesson has taken place');
  }
  if (trial.recordings.length >= MAX_TRIAL_RECORDINGS) {
    throw new BadRequestError(`A trial holds at most ${MAX_TRIAL_RECORDINGS} recordings`);
  }
  const url = absoluteUrl(input.url);
  if (trial.recordings.some((recording) => recording.url === url)) {
    throw new ConflictError('This recording is already on the trial');
  }
  const recording = {
    _id: newId(),
    url,
    title: input.title,
    recordedAt: new Date(input.recordedAt).toISOString(),
    addedBy: { _id: caller.user._id, firstname: caller.user.firstname, lastname: caller.user.lastname },
    addedAt: new Date().toISOString(),
  };
  const recordings = [...trial.recordings, recording].sort((a, b) =>
    a.recordedAt.localeCompare(b.recordedAt),
  );
  const saved = await trialsRepository.update(tenant, trial._id, { recordings });
  return (await withCurrentNames(tenant, [saved]))[0]!;
}

export async function removeRecording(
  tenant: string,
  caller: Caller,
  trialId: string,
  recordingId: string,
): Promise<TrialRecord> {
  const trial = await requireRecordingEditor(tenant, caller, trialId);
  if (!trial.recordings.some((recording) => recording._id === recordingId)) {
    throw new NotFoundError('Recording not found');
  }
  const saved = await trialsRepository.update(tenant, trial._id, {
    recordings: trial.recordings.filter((recording) => recording._id !== recordingId),
  });
  return (await withCurrentNames(tenant, [saved]))[0]!;
}
