import { newId } from '../../functions/lib/ids';
import { type LessonRecord, newLessonWrites } from '../../functions/repositories/lessons';
import { writeTransaction } from '../../functions/table/transactions';
import { ConflictError } from '../../shared/http/errors';

const MINUTE = 60_000;

/** An instant `minutes` from now, on a whole minute, as ISO. */
export function minutesFromNow(minutes: number): string {
  return new Date(Math.floor((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE).toISOString();
}

export interface LessonOptions {
  /** ISO start. */
  start: string;
  minutes: number;
  tutorId: string;
  studentIds: string[];
  _id?: string;
  title?: string;
  course?: string;
  type?: LessonRecord['type'];
  status?: LessonRecord['status'];
  bufferMinutes?: number;
  /** Where Join leads (a browser test's own site); a placeholder otherwise. */
  joinUrl?: string;
}

/** A one-to-one or group Teams lesson record, as the booking routes would write it. */
export function lessonRecord(options: LessonOptions): LessonRecord {
  const now = new Date().toISOString();
  const _id = options._id ?? newId();
  return {
    _id,
    course: options.course ?? 'course-demo-igcse-maths',
    parent: null,
    kind: 'TEAMS',
    title: options.title ?? `Lesson ${_id.slice(-4)}`,
    description: '',
    sortingKey: 100,
    audience: 'STUDENT',
    type: options.type ?? 'LESSON',
    billing: 'BILLABLE',
    status: options.status ?? 'ACTIVE',
    start: options.start,
    end: new Date(Date.parse(options.start) + options.minutes * MINUTE).toISOString(),
    duration: options.minutes,
    tutorId: options.tutorId,
    studentIds: options.studentIds,
    joinUrl: options.joinUrl ?? `http://localhost/learning-portal/waiting-room/${_id}`,
    bufferMinutes: options.bufferMinutes ?? 0,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * A lesson written straight to the table with the repository's own writes (section, schedule lines, busy
 * days, time claims), at any time: the booking routes refuse times in the past.
 */
export async function placeLesson(tenant: string, options: LessonOptions): Promise<LessonRecord> {
  const record = lessonRecord(options);
  const writes = newLessonWrites(tenant, record, 'IGCSE Mathematics');
  await writeTransaction(writes.items, () => new ConflictError('That time is taken'));
  return writes.written;
}

/** A demo-tenant lesson on the demo maths course, starting `start` minutes from now (negative: in the past). */
export function placeDemoLesson(
  options: Omit<LessonOptions, 'start'> & { start: number },
): Promise<LessonRecord> {
  return placeLesson('demo', {
    course: 'course-demo-igcse-maths',
    ...options,
    start: minutesFromNow(options.start),
  });
}
