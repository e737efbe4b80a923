import { DateTime } from 'luxon';
import { expect } from 'vitest';
import { newId } from '../../functions/lib/ids';
import { insertLessonHistory } from '../../functions/repositories/lesson-history';
import { type LessonRecord, newLessonWrites } from '../../functions/repositories/lessons';
import { writeTransaction } from '../../functions/table/transactions';
import { ConflictError } from '../../shared/http/errors';
import { type EndedLesson, type LessonJoin, toLessonHistory } from '../../shared/rules/lesson-history';
import type { CallOptions } from './api-client';
import type { localStackForFile } from './stack';

type Session = { token: string; userId: string };
type Json = Record<string, any>;

const MINUTE = 60_000;

/** A start on the 15-minute grid, `hours` from now (the next quarter hour), as ISO. */
export function quarterHourFromNow(hours: number): string {
  const quarter = 15 * MINUTE;
  return new Date(Math.ceil((Date.now() + hours * 60 * MINUTE) / quarter) * quarter).toISOString();
}

/** A weekday at least `days` ahead, as a London date: demo tutors work weekdays, and not Tuesdays (the demo's own lessons). */
export function londonWeekday(days: number): string {
  let day = DateTime.now().setZone('Europe/London').startOf('day').plus({ days });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 });
  return day.toISODate() ?? '';
}

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

/**
 * `placeLesson` at `options.start`, or else at the first later whole hour (up to a day on) where the tutor
 * and the students are free: the demo's own lessons fall at fixed times of the week (Tom's on Tuesdays at
 * 10:00 London), so a time reckoned from now meets one of them on some days at some hours the tests run.
 */
export async function placeLessonWhereFree(tenant: string, options: LessonOptions): Promise<LessonRecord> {
  for (let hour = 0; ; hour++) {
    try {
      const start = new Date(Date.parse(options.start) + hour * 60 * MINUTE).toISOString();
      return await placeLesson(tenant, { ...options, start });
    } catch (error) {
      if (!(error instanceof ConflictError) || hour >= 24) throw error;
    }
  }
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

/**
 * An ended lesson's history row written straight to the table (no names, no course title), with who joined
 * it when: what the lesson-history job would have written.
 */
export async function placeHistoryRow(tenant: string, lesson: EndedLesson, joins: LessonJoin[] = []) {
  await insertLessonHistory(tenant, toLessonHistory(lesson, undefined, [], lesson.end, joins));
}

/**
 * The lesson-request set-up of the API tests (lesson requests, late-change penalties): lessons the admin
 * books through the API, changes asked, and requests the admin reads and answers. `admin` is read at each
 * call: the file signs in before its tests.
 */
export function lessonRequestFixtures(local: ReturnType<typeof localStackForFile>, admin: () => Session) {
  return {
    /**
     * A lesson of Tom's with Sam on the demo maths course about `fromHours` ahead: the first free quarter
     * hour of the next `searchHours` hours.
     */
    async lessonAhead(fromHours: number, { title, searchHours }: { title: string; searchHours: number }) {
      for (let hours = fromHours; hours < fromHours + searchHours; hours++) {
        const start = quarterHourFromNow(hours);
        const created = await local.api.call<Json>('meetings.teamsAdminCreate', {
          ...admin(),
          body: { course: 'course-demo-igcse-maths', title, start, duration: 60 },
        });
        if (created.status === 201) return created.body;
        expect(created.status).toBe(409);
      }
      throw new Error(`No free time for a lesson ${fromHours} hours ahead`);
    },

    /** `as` asks to cancel a lesson: the call's answer, whose `body.request` is the request. */
    askCancel(as: Session, lessonId: string, reason = 'Sickness') {
      return local.api.call<Json>('meetings.teamsCancel', {
        ...as,
        params: { id: lessonId },
        body: { reason },
      });
    },

    /** A lesson request as the admin reads it (`query`: e.g. the tutor amounts). */
    async requestOf(id: string, query?: CallOptions['query']): Promise<Json> {
      const { body } = await local.api.call<Json>('meetingRequests.adminGet', {
        ...admin(),
        params: { id },
        query,
      });
      return body;
    },

    /** The admin answers a lesson request (APPROVE, REJECT or UPDATE). */
    respond(requestId: string, body: Json) {
      return local.api.call<Json>('meetingRequests.respond', { ...admin(), params: { requestId }, body });
    },
  };
}
