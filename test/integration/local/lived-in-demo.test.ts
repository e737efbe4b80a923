import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/lib/db';
import { getJobWatermark } from '../../../functions/repositories/job-watermarks';
import { historyPlan } from '../../../functions/seed/history-plan';
import { HISTORY_ANCHOR, HISTORY_SEEDED, seedHistory } from '../../../functions/seed/history-seed';
import { seedDemo } from '../../../functions/seed/seed';
import { keys } from '../../../functions/table/access-patterns';
import { readAllItems, type TableItems } from '../../../infra/local/dynamodb';
import type { startLocalStack } from '../../../infra/local/stack';
import { apiClient, demo } from '../../support/api-client';
import { startLivedInStack } from '../../support/stack';

type Stack = Awaited<ReturnType<typeof startLocalStack>>;
type Session = { token: string; userId: string };
type Json = Record<string, any>;

let stack: Stack;
let api: ReturnType<typeof apiClient>;
const sessions: Record<string, Session> = {};

/** The demo people and the zone their calendar is read in. */
const people = {
  sam: { ...demo.student, zone: 'Asia/Singapore' },
  maya: { ...demo.student2, zone: 'Asia/Singapore' },
  leo: { ...demo.student3, zone: 'Europe/London' },
  tom: { ...demo.tutor, zone: 'Europe/London' },
  grace: { email: 'tutor2@demo.test', password: 'Demo-tutor-2', zone: 'America/New_York' },
  mei: { email: 'tutor3@demo.test', password: 'Demo-tutor-3', zone: 'Australia/Sydney' },
  parent: { ...demo.parent, zone: 'Asia/Singapore' },
  admin: { ...demo.admin, zone: 'Asia/Singapore' },
};
type Person = keyof typeof people;
const as = (who: Person) => sessions[who]!;

let livedInDone: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // A fresh table of the lived-in demo as `npm start` seeds it: the run's copy, or this file's own seed.
  const livedIn = await startLivedInStack({ apiPort: 0, inMemory: true, web: false, schedules: false });
  stack = livedIn.stack;
  livedInDone = livedIn.done;
  api = apiClient(stack.apiUrl);
  for (const [who, { email, password }] of Object.entries(people)) {
    sessions[who] = await api.signIn(email, password);
  }
}, 300_000);

afterAll(async () => {
  await livedInDone?.();
  await stack?.stop();
});

/** A week of someone's calendar in their own zone: `week` 0 is this week, Monday to Monday. */
async function weekOf(who: Person, userId: string, week: number): Promise<Json[]> {
  const monday = DateTime.now().setZone(people[who].zone).startOf('week').plus({ weeks: week });
  const answer = await api.call<{ docs: Json[] }>('schedule.list', {
    ...as(who),
    params: { userId },
    query: { startDate: monday.toISO()!, endDate: monday.plus({ weeks: 1 }).toISO()! },
  });
  expect(answer.status).toBe(200);
  return answer.body.docs;
}

describe('the lived-in demo', () => {
  it('has lessons this week and next on every demo student’s and tutor’s calendar, at local hours', async () => {
    for (const who of ['sam', 'maya', 'leo', 'tom', 'grace', 'mei'] as const) {
      for (const week of [0, 1]) {
        const lessons = await weekOf(who, as(who).userId, week);
        expect(lessons.length, `${who}, week ${week}`).toBeGreaterThan(0);
        for (const lesson of lessons) {
          const hour = DateTime.fromISO(lesson.start, { zone: people[who].zone }).hour;
          expect(hour, `${who}: ${lesson.title} at ${lesson.start}`).toBeGreaterThanOrEqual(7);
          expect(hour, `${who}: ${lesson.title} at ${lesson.start}`).toBeLessThan(22);
        }
      }
    }
    // The parent reads both children's calendars; the admin's schedule counts the whole school's week.
    expect((await weekOf('parent', as('sam').userId, 0)).length).toBeGreaterThan(0);
    expect((await weekOf('parent', as('maya').userId, 0)).length).toBeGreaterThan(0);
    const monday = DateTime.now().startOf('week');
    const count = await api.call<Json>('schedule.adminMeetings', {
      ...as('admin'),
      query: { startDate: monday.toISO()!, endDate: monday.plus({ weeks: 1 }).toISO()!, countOnly: '1' },
    });
    expect(count.body.totalDocs).toBeGreaterThanOrEqual(4);
  });

  it('has progress, quiz scores, study sessions and bookmarks for students 1 and 2', async () => {
    for (const who of ['sam', 'maya'] as const) {
      for (const viewer of [who, 'parent'] as const) {
        const progress = await api.call<Json>('progress.byCurriculum', {
          ...as(viewer),
          params: { curriculumId: 'Cambridge IGCSE' },
          query: { userId: as(who).userId },
        });
        expect(progress.status).toBe(200);
        const started = progress.body.subjects.filter((s: Json) => s.percent > 0);
        expect(started.length, `${who} seen by ${viewer}`).toBe(2);
        expect(started.every((s: Json) => s.averageScore !== null && s.completedSubTopics > 0)).toBe(true);
      }
      const onboarding = await api.call<Json>('onboarding.get', {
        ...as(who),
        params: { id: as(who).userId },
      });
      expect(onboarding.body).toMatchObject({ completed: true, curriculum: 'Cambridge IGCSE' });

      const studied = await api.call<Json>('sessions.list', { ...as(who), body: { limit: 50, offset: 0 } });
      expect(studied.body.totalDocs).toBeGreaterThanOrEqual(3);
      expect(studied.body.docs.some((s: Json) => s.questions.length > 0)).toBe(true);
      const newestFirst = studied.body.docs.map((s: Json) => s.createdAt);
      expect(newestFirst).toEqual([...newestFirst].sort().reverse());

      const bookmarks = await api.call<Json>('bookmarks.list', { ...as(who), query: {} });
      expect(bookmarks.body.docs.length).toBeGreaterThanOrEqual(3);
      expect(bookmarks.body.docs.some((b: Json) => b.lessonId && b.isMeetingEnded === true)).toBe(true);
    }
    // Student 3 is left to onboard in the demo.
    const leo = await api.call<Json>('onboarding.get', { ...as('leo'), params: { id: as('leo').userId } });
    expect(leo.body.completed).toBe(false);
  });

  it('has a history of ended lessons with join times, for the students, the tutors and the admin', async () => {
    for (const who of ['sam', 'maya', 'leo', 'tom', 'grace', 'mei'] as const) {
      const history = await api.call<Json>('lessonHistory.list', { ...as(who), query: { limit: 100 } });
      expect(history.status).toBe(200);
      expect(history.body.totalDocs, who).toBeGreaterThanOrEqual(12);
      const rows: Json[] = history.body.docs;
      expect(rows.every((row) => row.end < new Date().toISOString())).toBe(true);
      expect(rows.every((row) => row.tutorJoinTime !== null)).toBe(true);
      // Students come a little before or after the start; now and then one does not come at all.
      const joined = rows.filter((row) => row.studentJoinTime !== null);
      expect(joined.length).toBeGreaterThan(rows.length * 0.8);
      for (const row of joined) {
        expect(Math.abs(Date.parse(row.studentJoinTime) - Date.parse(row.start))).toBeLessThanOrEqual(
          15 * 60_000,
        );
      }
    }
    const all = await api.call<Json>('lessonHistory.list', { ...as('admin'), query: { limit: 10 } });
    expect(all.body.totalDocs).toBeGreaterThanOrEqual(4 * 12 + 3);
    expect(new Set(all.body.docs.map((row: Json) => row.lessonType))).toContain('1 on 1');

    // The calendar's past lessons are completed and carry the same join times.
    const lastWeek = await weekOf('sam', as('sam').userId, -1);
    expect(lastWeek.length).toBeGreaterThan(0);
    expect(lastWeek.every((lesson) => lesson.status === 'COMPLETED' && lesson.tutorJoinTime)).toBe(true);
  });

  it('has homework handed in and reviewed, and some waiting for review', async () => {
    // The instant the history is dated from, as the seed kept it
    const anchor = await getJobWatermark('demo', HISTORY_ANCHOR);
    if (!anchor) throw new Error('The lived-in demo has no history anchor');
    const plan = historyPlan(anchor, 60);
    const physics = plan.homework.filter((h) => h.courseId === 'course-demo-igcse-physics');
    const statuses: string[] = [];
    for (const homework of physics) {
      const seenByTutor = await api.call<Json>('homework.list', {
        ...as('tom'),
        query: { section: homework.id, limit: 10 },
      });
      expect(seenByTutor.status).toBe(200);
      statuses.push(...seenByTutor.body.docs.map((s: Json) => s.status));
      for (const submission of seenByTutor.body.docs) {
        if (submission.status === 'REVIEWED') {
          expect(submission.feedback && submission.grade).toBeTruthy();
          // Handed in, then reviewed later: the two times the tutor's row shows.
          expect(Date.parse(submission.reviewedAt)).toBeGreaterThan(Date.parse(submission.submittedAt));
        } else expect(submission.reviewedAt).toBeNull();
      }
    }
    expect(statuses).toContain('REVIEWED');
    expect(statuses).toContain('SUBMITTED');
    expect(physics.some((h) => h.submissions.length === 0 && h.dueAt > new Date().toISOString())).toBe(true);

    const own = await api.call<Json>('homework.list', {
      ...as('sam'),
      query: { section: physics[0]!.id, limit: 10 },
    });
    expect(own.body.docs).toEqual([expect.objectContaining({ status: 'REVIEWED' })]);
  });

  it('has one lesson request waiting for an admin: a student cancelling next week’s group lesson', async () => {
    const pending = await api.call<Json>('meetingRequests.adminList', {
      ...as('admin'),
      query: { statuses: 'PENDING', limit: 10 },
    });
    expect(pending.body.totalDocs).toBe(1);
    expect(pending.body.docs[0]).toMatchObject({
      type: 'CANCEL',
      requestedByRole: 'STUDENT',
      requestedBy: { _id: as('sam').userId },
    });
    expect(pending.body.docs[0].start > new Date().toISOString()).toBe(true);
    const samSees = await api.call<Json>('meetingRequests.list', { ...as('sam'), query: { limit: 10 } });
    expect(samSees.body.docs.map((r: Json) => r.status)).toEqual(['PENDING']);
  });

  it('has a free trial in each status', async () => {
    const trials = await api.call<Json>('trials.adminList', { ...as('admin'), query: { limit: 50 } });
    expect(trials.status).toBe(200);
    const byStatus = new Map<string, Json>(trials.body.docs.map((t: Json) => [t.status, t]));
    expect([...byStatus.keys()].sort()).toEqual(['CANCELED', 'COMPLETED', 'PENDING', 'SCHEDULED', 'SUCCEED']);
    expect(byStatus.get('SUCCEED')).toMatchObject({ outcome: 'ENROLLED', studentId: as('sam').userId });
    expect(byStatus.get('PENDING')).toMatchObject({ outcome: 'AWAITING_PARENT' });
    expect(byStatus.get('COMPLETED')).toMatchObject({ outcome: null });
    expect(byStatus.get('SCHEDULED')!.startDate > new Date().toISOString()).toBe(true);
    // Maya's trial was cancelled, so she may book another; the trial prospects sign in.
    expect(byStatus.get('CANCELED')).toMatchObject({ studentId: as('maya').userId });
    const noah = await api.signIn('noah@demo.test', 'Demo-prospect-1');
    const mine = await api.call<Json>('trials.list', { ...noah, query: { limit: 10 } });
    expect(mine.body.docs.map((t: Json) => t.status)).toEqual(['COMPLETED']);
  });

  // Three more seed runs, the last reading back every record of the term: longer than a test's default.
  it('is seeded once: a restart now or a week later, or a run after one cut off, changes nothing', async () => {
    const sorted = (items: TableItems) =>
      items
        .map((item) => JSON.stringify(item))
        .sort()
        .join('\n');
    const marker = keys.jobWatermark('demo', HISTORY_SEEDED);
    const withoutMarker = (items: TableItems) =>
      sorted(items.filter((item) => !(item.pk?.S === marker.pk && item.sk?.S === marker.sk)));
    const before = await readAllItems(stack.dynamoEndpoint, tableName());

    // Act: a restart (the plain seed, then the history), and another a week later
    await seedDemo();
    expect((await seedHistory()).seeded).toBe(false);
    expect((await seedHistory(new Date(Date.now() + 7 * 86_400_000))).seeded).toBe(false);
    expect(sorted(await readAllItems(stack.dynamoEndpoint, tableName()))).toBe(sorted(before));

    // Act: the marker removed, as if the first run had been cut off just before setting it
    await db().send(new DeleteCommand({ TableName: tableName(), Key: marker }));
    expect((await seedHistory(new Date(Date.now() + 7 * 86_400_000))).seeded).toBe(true);

    // Assess: the resumed run, dated from the kept anchor, found everything written and added only the marker
    const after = await readAllItems(stack.dynamoEndpoint, tableName());
    expect(withoutMarker(after)).toBe(withoutMarker(before));
    expect(after.length).toBe(before.length);
  }, 180_000);
});
