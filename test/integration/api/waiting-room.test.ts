import { beforeAll, describe, expect, it, vi } from 'vitest';
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

const meetingData = (session: Session, waitingId: string, tenant?: string) =>
  local.api.call<Json>('meetings.meetingData', { ...session, tenant, params: { waitingId } });
const notifyWaiting = (session: Session, waitingId: string, tenant?: string) =>
  local.api.call<Json>('meetings.notifyWaiting', { ...session, tenant, body: { waitingId } });
const startMeeting = (session: Session, waitingId: string, tenant?: string) =>
  local.api.call<Json>('meetings.start', { ...session, tenant, body: { waitingId } });

/** Sam and Maya's group lesson with Tom, starting in five minutes: its room is open. */
let group: LessonRecord;
/** Leo's lesson with Tutor 2, starting in an hour and a half: its room is not open yet. */
let later: LessonRecord;

beforeAll(async () => {
  [admin, tutor, tutor2, sam, maya, leo, northwindStudent] = await Promise.all([
    local.api.signIn(demo.admin.email, demo.admin.password),
    local.api.signIn(demo.tutor.email, demo.tutor.password),
    local.api.signIn('tutor2@demo.test', 'Demo-tutor-2'),
    local.api.signIn(demo.student.email, demo.student.password),
    local.api.signIn(demo.student2.email, demo.student2.password),
    local.api.signIn(demo.student3.email, demo.student3.password),
    local.api.signIn(northwind.student.email, northwind.student.password, 'northwind'),
  ]);
  group = await placeDemoLesson({
    start: 5,
    minutes: 60,
    title: 'Group revision',
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1', 'demo-student-2'],
  });
  later = await placeDemoLesson({
    start: JOIN_OPENS_MINUTES + 75,
    minutes: 30,
    tutorId: 'demo-tutor-2',
    studentIds: ['demo-student-3'],
  });
});

describe('GET meeting-data/{waitingId}', () => {
  it('answers the lesson, the caller’s part and a meeting nobody started yet', async () => {
    // Act
    const answer = await meetingData(tutor, group._id);

    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      waitingId: group._id,
      lessonStart: group.start,
      viewerKind: 'TUTOR',
      status: 'NOT_STARTED',
      startedAt: null,
      startedBy: null,
      joinUrl: null,
      lesson: {
        _id: group._id,
        title: 'Group revision',
        courseTitle: 'IGCSE Mathematics (Grade 10)',
        tutor: { _id: 'demo-tutor-1', firstname: 'Tom', lastname: 'Turing' },
        tutorJoinTime: null,
        studentJoinTime: null,
      },
    });
    expect(answer.body.lesson.students.map((s: Json) => s._id)).toEqual(['demo-student-1', 'demo-student-2']);
    expect(answer.body.participants).toEqual([
      expect.objectContaining({ userId: 'demo-tutor-1', kind: 'TUTOR', waitingSince: null, joinedAt: null }),
      expect.objectContaining({ userId: 'demo-student-1', kind: 'STUDENT', firstname: 'Sam' }),
      expect.objectContaining({ userId: 'demo-student-2', kind: 'STUDENT' }),
    ]);
  });

  it('is the lesson’s people’s and the admins’ (403 for a student of another lesson, 404 elsewhere)', async () => {
    expect((await meetingData(sam, group._id)).body.viewerKind).toBe('STUDENT');
    expect((await meetingData(admin, group._id)).body.viewerKind).toBe('ADMIN');
    for (const outsider of [leo, tutor2]) {
      const refused = await meetingData(outsider, group._id);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        "Only this lesson's tutor, its students and admins can enter its waiting room",
      );
    }
    const unknown = await meetingData(sam, 'no-such-lesson');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Section not found');
    expect((await meetingData(northwindStudent, group._id, 'northwind')).status).toBe(404);
  });
});

describe('POST notify-user-waiting', () => {
  it('records a participant’s first wait once, and the meeting data shows them waiting', async () => {
    // Act
    const first = await notifyWaiting(sam, group._id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    const again = await notifyWaiting(sam, group._id).finally(() => vi.useRealTimers());

    // Assess
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const samOf = (body: Json) => body.participants.find((p: Json) => p.userId === 'demo-student-1');
    const since = samOf(first.body).waitingSince;
    expect(Math.abs(Date.parse(since) - Date.now())).toBeLessThan(60_000);
    expect(samOf(again.body).waitingSince).toBe(since);
    expect(samOf((await meetingData(tutor, group._id)).body)).toMatchObject({
      waitingSince: since,
      joinedAt: null,
    });
  });

  it('is for the lesson’s tutor and students while the room is open', async () => {
    expect((await notifyWaiting(tutor, group._id)).status).toBe(200);
    const watching = await notifyWaiting(admin, group._id);
    expect(watching.status).toBe(403);
    expect(watching.body.message).toBe("Only this lesson's tutor and students wait in its room");
    expect((await notifyWaiting(leo, group._id)).status).toBe(403);
    expect((await notifyWaiting(northwindStudent, group._id, 'northwind')).status).toBe(404);

    const early = await notifyWaiting(leo, later._id);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      `This lesson opens for joining ${JOIN_OPENS_MINUTES} minutes before it starts`,
    );
    const cancelled = await placeDemoLesson({
      start: -5,
      minutes: 30,
      tutorId: 'demo-tutor-3',
      studentIds: ['demo-student-3'],
      status: 'CANCELLED',
    });
    const refused = await notifyWaiting(leo, cancelled._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This lesson was cancelled');
  });
});

describe('POST start-meeting', () => {
  it('is the lesson’s tutor’s alone (403 for its students, admins and others)', async () => {
    for (const [who, session] of [
      ['student', sam],
      ['admin', admin],
      ['another tutor', tutor2],
      ['student of another lesson', leo],
    ] as const) {
      const refused = await startMeeting(session, group._id);
      expect(refused.status, who).toBe(403);
    }
    expect((await startMeeting(sam, group._id)).body.message).toBe(
      "Only this lesson's tutor can start its meeting",
    );
    expect((await startMeeting(tutor, 'no-such-lesson')).status).toBe(404);
    expect((await meetingData(tutor, group._id)).body.status).toBe('NOT_STARTED');
  });

  it('starts the meeting once: racing starts agree on the first, and the join link appears', async () => {
    // Prepare: the section as it was, to see the start leaves it alone
    const before = await getSection('demo', group._id);

    // Act: two tabs of the tutor start at once, then once more later
    const racing = await Promise.all([startMeeting(tutor, group._id), startMeeting(tutor, group._id)]);
    const again = await startMeeting(tutor, group._id);

    // Assess
    expect(racing.map((answer) => answer.status)).toEqual([200, 200]);
    const [first] = racing;
    expect(first?.body).toMatchObject({
      status: 'STARTED',
      startedBy: 'demo-tutor-1',
      joinUrl: expect.stringMatching(new RegExp(`/learning-portal/meeting-room/${group._id}$`)),
    });
    expect(new Set(racing.map((answer) => answer.body.startedAt)).size).toBe(1);
    expect(again.body.startedAt).toBe(first?.body.startedAt);
    const read = await meetingData(sam, group._id);
    expect(read.body).toMatchObject({
      status: 'STARTED',
      startedAt: first?.body.startedAt,
      joinUrl: first?.body.joinUrl,
    });
    expect((await getSection('demo', group._id))?.updatedAt).toBe(before?.updatedAt);
  });

  it('shows who joined after the start, with the chip’s join times', async () => {
    const joined = await local.api.call<Json>('meetings.notifyJoined', {
      ...maya,
      body: { sectionId: group._id },
    });
    expect(joined.status).toBe(200);
    const read = await meetingData(tutor, group._id);
    expect(read.body.participants.find((p: Json) => p.userId === 'demo-student-2').joinedAt).toBe(
      joined.body.joinedAt,
    );
    expect(read.body.lesson.studentJoinTime).toBe(joined.body.joinedAt);
  });

  it('refuses a room that is not open (409)', async () => {
    const tutor2Later = await startMeeting(tutor2, later._id);
    expect(tutor2Later.status).toBe(409);
    expect(tutor2Later.body.message).toBe(
      `This lesson opens for joining ${JOIN_OPENS_MINUTES} minutes before it starts`,
    );
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, never 500', async () => {
    const cases: Array<{
      route: 'meetings.start' | 'meetings.notifyWaiting';
      body?: unknown;
      rawBody?: string;
    }> = [
      { route: 'meetings.start', body: {} },
      { route: 'meetings.start', body: { waitingId: 42 } },
      { route: 'meetings.start', body: { waitingId: 'x'.repeat(65) } },
      { route: 'meetings.start', body: { waitingId: group._id, extra: true } },
      { route: 'meetings.notifyWaiting', body: { waitingId: '' } },
      { route: 'meetings.notifyWaiting', rawBody: '{"waitingId":' },
    ];
    for (const { route, body, rawBody } of cases) {
      const answer = await local.api.call<Json>(route, {
        ...tutor,
        ...(rawBody === undefined ? { body: body as Json } : { rawBody }),
      });
      expect(answer.status, `${route} ${rawBody ?? JSON.stringify(body)}`).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect((await meetingData(tutor, 'x'.repeat(300))).status).toBeLessThan(500);
  });
});
