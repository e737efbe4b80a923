import { beforeAll, describe, expect, it, vi } from 'vitest';
import { recordEndedLessons } from '../../../functions/lesson-history/job';
import type { LessonRecord } from '../../../functions/repositories/lessons';
import { getSection } from '../../../functions/repositories/sections';
import { JOIN_OPENS_MINUTES } from '../../../shared/scheduling/join-window';
import { demo, northwind } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let tutor2: Session;
let sam: Session;
let maya: Session;
let leo: Session;
let northwindStudent: Session;

const MINUTE = 60_000;

/** A lesson placed straight in the table (the booking routes refuse times in the past). */
const lesson = placeDemoLesson;

function join(session: Session, sectionId: string, tenant?: string) {
  return local.api.call<Json>('meetings.notifyJoined', { ...session, tenant, body: { sectionId } });
}

let group: LessonRecord;
let untouched: LessonRecord;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  tutor2 = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
  leo = await local.api.signIn(demo.student3.email, demo.student3.password);
  northwindStudent = await local.api.signIn(northwind.student.email, northwind.student.password, 'northwind');

  // Under way: started 10 minutes ago, for an hour; two students.
  group = await lesson({
    start: -10,
    minutes: 60,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1', 'demo-student-2'],
  });
  // Ended an hour ago, nobody joined.
  untouched = await lesson({
    start: -120,
    minutes: 60,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  });
});

describe('joining a lesson', () => {
  it('records the tutor’s and each student’s first join, and answers where the meeting is', async () => {
    const tutorJoin = await join(tutor, group._id);
    expect(tutorJoin.status).toBe(200);
    // The meeting's link (the local stack's room for the lesson), not the waiting room the lesson links to.
    expect(tutorJoin.body).toEqual({
      joinedAt: expect.any(String),
      joinUrl: expect.stringMatching(new RegExp(`/learning-portal/meeting-room/${group._id}$`)),
    });
    expect(Math.abs(Date.parse(tutorJoin.body.joinedAt) - Date.now())).toBeLessThan(60_000);

    const samJoin = await join(sam, group._id);
    expect(samJoin.status).toBe(200);
    expect(Date.parse(samJoin.body.joinedAt)).toBeGreaterThanOrEqual(Date.parse(tutorJoin.body.joinedAt));
  });

  it('keeps the first time on a second join, and concurrent first joins agree on one time', async () => {
    const first = await join(sam, group._id);
    // Five minutes later (still within the lesson): the handlers run in this process and read this clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 });
    const again = await join(sam, group._id).finally(() => {
      vi.useRealTimers();
    });
    expect(again.status).toBe(200);
    expect(again.body.joinedAt).toBe(first.body.joinedAt);

    const racing = await Promise.all(Array.from({ length: 10 }, () => join(maya, group._id)));
    expect(racing.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(racing.map((r) => r.body.joinedAt)).size).toBe(1);
  });

  it('never touches the lesson itself, so a reschedule racing joins neither fails nor loses its change', async () => {
    const before = (await getSection('demo', group._id))!;
    await join(tutor, group._id);
    expect((await getSection('demo', group._id))?.updatedAt).toBe(before.updatedAt);

    const moving = await lesson({
      start: -5,
      minutes: 30,
      tutorId: 'demo-tutor-2',
      studentIds: ['demo-student-3'],
    });
    const quarter = 15 * MINUTE;
    const newStart = new Date(Math.ceil((Date.now() + 500 * 86_400_000) / quarter) * quarter).toISOString();
    const [reschedule, ...joins] = await Promise.all([
      local.api.call<Json>('meetings.teamsAdminReschedule', {
        ...admin,
        params: { id: moving._id },
        body: { reason: 'Sickness', start: newStart },
      }),
      join(leo, moving._id),
      join(tutor2, moving._id),
      join(leo, moving._id),
    ]);
    expect(reschedule.status, JSON.stringify(reschedule.body)).toBe(200);
    // A join that read the lesson before the move counts for the old time; one after it finds it not open.
    for (const answer of joins) expect([200, 409]).toContain(answer.status);
    expect((await getSection('demo', moving._id))?.start).toBe(newStart);
  });

  it('is for the lesson’s tutor and students only (403), from this tenant only (404)', async () => {
    for (const outsider of [leo, tutor2, admin]) {
      const refused = await join(outsider, group._id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Only this lesson's tutor and students can join it");
    }
    expect((await join(sam, 'no-such-lesson')).status).toBe(404);
    const foreign = await join(northwindStudent, group._id, 'northwind');
    expect(foreign.status).toBe(404);
  });

  it('refuses a lesson that is not open for joining (409)', async () => {
    const later = await lesson({
      start: JOIN_OPENS_MINUTES + 30,
      minutes: 30,
      tutorId: 'demo-tutor-2',
      studentIds: ['demo-student-3'],
    });
    const early = await join(leo, later._id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      `This lesson opens for joining ${JOIN_OPENS_MINUTES} minutes before it starts`,
    );

    const ended = await join(sam, untouched._id);
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe('This lesson has ended');

    const cancelled = await lesson({
      start: -5,
      minutes: 30,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
      status: 'CANCELLED',
    });
    const refused = await join(sam, cancelled._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This lesson was cancelled');
  });
});

describe('join times on the portal read paths (the class timing chip)', () => {
  const COURSE = 'course-demo-igcse-maths';
  const course = () =>
    local.api.call<Json>('courses.get', {
      ...sam,
      params: { id: COURSE },
      query: { subSections: '1' },
    });
  const lessonIn = (detail: Json, id: string): Json | undefined =>
    (detail.sections as Json[]).find((section) => section._id === id);
  const schedule = (session: Session) =>
    local.api.call<Json>('schedule.list', {
      ...session,
      params: { userId: session.userId },
      query: {
        startDate: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        endDate: new Date(Date.now() + 3 * 3_600_000).toISOString(),
      },
    });

  it('answers the tutor’s first join and the earliest student’s with the lesson, live', async () => {
    // Prepare: a lesson of Sam's course under way (another tutor, so no time clashes with the group lesson)
    const tutor3 = await local.api.signIn('tutor3@demo.test', 'Demo-tutor-3');
    const live = await lesson({
      course: COURSE,
      start: -7,
      minutes: 60,
      tutorId: 'demo-tutor-3',
      studentIds: ['demo-student-1'],
    });
    const ahead = await lesson({
      course: COURSE,
      start: 24 * 60,
      minutes: 60,
      tutorId: 'demo-tutor-3',
      studentIds: ['demo-student-1'],
    });

    // Assess: open for joining, nobody joined yet
    const before = await course();
    expect(before.status).toBe(200);
    expect(lessonIn(before.body, live._id)).toMatchObject({ tutorJoinTime: null, studentJoinTime: null });
    // A lesson whose join window has not opened is not looked up at all.
    expect(lessonIn(before.body, ahead._id)).not.toHaveProperty('tutorJoinTime');

    // Act: the tutor joins, then Sam
    const tutorJoined = (await join(tutor3, live._id)).body.joinedAt as string;
    const samJoined = (await join(sam, live._id)).body.joinedAt as string;

    // Assess: the course page, both calendars and the lesson view carry both times
    expect(lessonIn((await course()).body, live._id)).toMatchObject({
      tutorJoinTime: tutorJoined,
      studentJoinTime: samJoined,
    });
    for (const session of [sam, tutor3]) {
      const entry = ((await schedule(session)).body.docs as Json[]).find((e) => e.sectionId === live._id);
      expect(entry).toMatchObject({ tutorJoinTime: tutorJoined, studentJoinTime: samJoined });
    }
    const one = await local.api.call<Json>('schedule.get', { ...sam, params: { sectionId: live._id } });
    expect(one.body).toMatchObject({ tutorJoinTime: tutorJoined, studentJoinTime: samJoined });
  });
});

describe('lesson history join times', () => {
  it('writes the tutor’s first join and the earliest student’s into the row at lesson end', async () => {
    const tutorFirst = (await join(tutor, group._id)).body.joinedAt as string;
    const samFirst = (await join(sam, group._id)).body.joinedAt as string;
    const mayaFirst = (await join(maya, group._id)).body.joinedAt as string;
    const earliestStudent = [samFirst, mayaFirst].sort()[0];

    // The job as it runs once the lesson has ended (two hours from now).
    const report = await recordEndedLessons('demo', new Date(Date.now() + 2 * 3_600_000));
    expect(report.failed).toBe(0);

    const row = await local.api.call<Json>('lessonHistory.get', { ...admin, params: { id: group._id } });
    expect(row.status).toBe(200);
    expect(row.body).toMatchObject({ tutorJoinTime: tutorFirst, studentJoinTime: earliestStudent });
    const empty = await local.api.call<Json>('lessonHistory.get', {
      ...admin,
      params: { id: untouched._id },
    });
    expect(empty.body).toMatchObject({ tutorJoinTime: null, studentJoinTime: null });

    // The lesson is over: joining is closed.
    expect((await join(sam, group._id)).status).toBe(409);
  });
});
