import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { applySeriesChange, type SeriesChange } from '../../../functions/meetings/series';
import {
  type LessonRecord,
  lessonDeleteWrites,
  lessonWrites,
  newLessonWrites,
} from '../../../functions/repositories/lessons';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/**
 * Recurring lessons (issue 16 item 12): a weekly or fortnightly series booked by an admin or the course's
 * tutor, all or nothing, kept at the tutor's wall time (demo tutor 1 is in Europe/London); one lesson or
 * the rest of the series cancelled or moved.
 */
const local = localStackForFile();
type Session = { token: string; userId: string; tenant?: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let northAdmin: Session;
const COURSE = 'course-demo-igcse-maths';
const ZONE = 'Europe/London';
const REASON = { reason: 'Sickness' };

/** A Wednesday (the demo's own lessons are on Tuesdays) `weeks` ahead at `hour` London time. */
function wednesday(weeks: number, hour: number, minute = 0): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ weeks });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.set({ hour, minute });
}
const iso = (time: DateTime) => time.toUTC().toISO({ suppressMilliseconds: false }) ?? '';
const london = (instant: string) => DateTime.fromISO(instant, { zone: ZONE }).toFormat('ccc HH:mm');

/** The Wednesday two weeks before the next change of the London clocks (at least 3 weeks ahead). */
function wednesdayBeforeDstChange(): DateTime {
  let day = wednesday(4, 10);
  while (day.plus({ weeks: 1 }).offset === day.offset) day = day.plus({ weeks: 1 });
  return day.minus({ weeks: 1 });
}

function book(session: Session, start: DateTime, recurrence: Json | undefined, duration = 60) {
  return local.api.call<Json>(session === tutor ? 'meetings.teamsCreate' : 'meetings.teamsAdminCreate', {
    ...session,
    body: {
      course: COURSE,
      title: 'Weekly maths',
      start: iso(start),
      duration,
      ...(recurrence ? { recurrence } : {}),
    },
  });
}

function flatten(nodes: Json[]): Json[] {
  return nodes.flatMap((node) => [node, ...flatten(node.sections ?? [])]);
}

/** The course's lessons of one series, in date order. */
async function seriesLessons(seriesId: string): Promise<Json[]> {
  const tree = await local.api.call<Json>('sections.adminList', { ...admin, query: { course: COURSE } });
  return flatten(tree.body.docs)
    .filter((s) => s.seriesId === seriesId)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

async function lessonCount(): Promise<number> {
  const tree = await local.api.call<Json>('sections.adminList', { ...admin, query: { course: COURSE } });
  return flatten(tree.body.docs).filter((s) => s.kind === 'TEAMS').length;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  northAdmin = {
    ...(await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind')),
    tenant: 'northwind',
  };
});

describe('booking a series', () => {
  it('books every occurrence at the same London wall time across the clock change', async () => {
    const first = wednesdayBeforeDstChange();
    const created = await book(admin, first, { frequency: 'WEEKLY', count: 3 });
    expect(created.status).toBe(201);
    expect(created.body.seriesId).toEqual(expect.any(String));
    const lessons = await seriesLessons(created.body.seriesId);
    expect(lessons.map((l) => london(l.start))).toEqual(['Wed 10:00', 'Wed 10:00', 'Wed 10:00']);
    // The UTC hour moves with the clocks: the offsets before and after the change differ.
    const utcHours = lessons.map((l) => new Date(l.start).getUTCHours());
    expect(utcHours[0]).toBe(utcHours[1]);
    expect(utcHours[2]).not.toBe(utcHours[1]);
    expect(
      lessons.every((l) => l.tutorId === 'demo-tutor-1' && l.studentIds.includes('demo-student-1')),
    ).toBe(true);
    expect(new Set(lessons.map((l) => l._id)).size).toBe(3);
    // The tutor's calendar knows them as one series (its cancel and move dialogs offer the rest of it).
    const calendar = await local.api.call<Json>('schedule.list', {
      ...tutor,
      params: { userId: tutor.userId },
      query: { startDate: iso(first.minus({ days: 1 })), endDate: iso(first.plus({ weeks: 3 })) },
    });
    expect(calendar.body.docs.filter((e: Json) => e.seriesId === created.body.seriesId)).toHaveLength(3);
  });

  it('refuses the whole series with the clashing dates listed, booking nothing', async () => {
    const first = wednesday(10, 11);
    const blocker = await book(admin, first.plus({ weeks: 2 }), undefined);
    expect(blocker.status).toBe(201);
    const before = await lessonCount();
    const refused = await book(admin, first, {
      frequency: 'WEEKLY',
      until: first.plus({ weeks: 3 }).toISODate(),
    });
    expect(refused.status).toBe(409);
    const label = first.plus({ weeks: 2 }).toFormat('ccc d LLL yyyy HH:mm');
    expect(refused.body.message).toBe(
      `The series was not booked: 1 date clashes with other lessons (Europe/London): ${label}`,
    );
    expect(await lessonCount()).toBe(before);
    // Its other times were not held: a single lesson takes the first one.
    expect((await book(admin, first, undefined)).status).toBe(201);
  });

  it('books a fortnightly series of more than 100 time claims (several transactions)', async () => {
    const first = wednesday(14, 16);
    const created = await book(admin, first, { frequency: 'FORTNIGHTLY', count: 8 });
    expect(created.body.message ?? created.status).toBe(201);
    const lessons = await seriesLessons(created.body.seriesId);
    expect(lessons).toHaveLength(8);
    expect(Date.parse(lessons[1]?.start) - Date.parse(lessons[0]?.start)).toBeGreaterThanOrEqual(
      13 * 86_400_000,
    );
  });

  it('never lets two overlapping series booked at the same moment both hold a clashing time', async () => {
    for (const [round, weeks] of [20, 26, 32].entries()) {
      const first = wednesday(weeks, 13);
      const [a, b] = await Promise.all([
        book(admin, first, { frequency: 'WEEKLY', count: 4 }),
        book(admin, first.plus({ minutes: 30 }), { frequency: 'WEEKLY', count: 4 }),
      ]);
      const won = [a, b].filter((r) => r.status === 201);
      expect(won.length, `round ${round}`).toBeLessThanOrEqual(1);
      for (const lost of [a, b].filter((r) => r.status !== 201)) expect(lost.status).toBe(409);
      const booked = (await Promise.all(won.map((r) => seriesLessons(r.body.seriesId)))).flat();
      expect(booked.length).toBe(won.length * 4);
    }
  });

  it('lets the course tutor book a series, never a student, and refuses bad limits clearly', async () => {
    const first = wednesday(38, 15);
    const byTutor = await book(tutor, first, { frequency: 'WEEKLY', count: 2 });
    expect(byTutor.status).toBe(201);
    const byStudent = await local.api.call<Json>('meetings.teamsCreate', {
      ...sam,
      body: {
        course: COURSE,
        title: 'Mine',
        start: iso(first.plus({ days: 1 })),
        duration: 60,
        recurrence: { frequency: 'WEEKLY', count: 2 },
      },
    });
    expect(byStudent.status).toBe(403);
    const tooMany = await book(admin, first.plus({ hours: 2 }), { frequency: 'WEEKLY', count: 60 });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('A series has at most 52 lessons');
    const tooFar = await book(admin, first.plus({ hours: 2 }), {
      frequency: 'WEEKLY',
      until: first.plus({ years: 1, weeks: 2 }).toISODate(),
    });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toContain('A series ends within a year of its first lesson');
    const otherTenant = await local.api.call<Json>('meetings.teamsAdminCreate', {
      ...northAdmin,
      body: {
        course: COURSE,
        title: 'X',
        start: iso(first.plus({ hours: 3 })),
        duration: 60,
        recurrence: { frequency: 'WEEKLY', count: 2 },
      },
    });
    expect(otherTenant.status).toBe(404);
  });
});

/** A series' lessons as the server builds them, for the writes straight (ids `<seriesId>-<i>`). */
function directSeries(starts: DateTime[], seriesId: string): LessonRecord[] {
  const now = new Date().toISOString();
  return starts.map(
    (start, i): LessonRecord => ({
      _id: `${seriesId}-${i}`,
      course: COURSE,
      parent: null,
      kind: 'TEAMS',
      title: 'Direct',
      description: '',
      sortingKey: 900 + i,
      audience: 'STUDENT',
      type: 'LESSON',
      billing: 'BILLABLE',
      status: 'ACTIVE',
      start: iso(start),
      end: iso(start.plus({ hours: 1 })),
      duration: 60,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
      bufferMinutes: 15,
      seriesId,
      createdAt: now,
      updatedAt: now,
    }),
  );
}

describe('claims first, all or nothing', () => {
  it('gives back the claims of earlier transactions when a later one meets a taken time', async () => {
    // Straight to the writes, past the read that lists clashes first: as when another booking lands between.
    const first = wednesday(30, 8);
    const starts = Array.from({ length: 8 }, (_, i) => first.plus({ weeks: 2 * i }));
    const blocker = await book(admin, starts[7] ?? first, undefined);
    expect(blocker.status).toBe(201);
    const lessons = directSeries(starts, 'series-test');
    const changes = lessons.map((lesson) => {
      const writes = newLessonWrites('demo', lesson, 'Maths');
      return { lesson, writes, undo: () => lessonDeleteWrites('demo', writes.written) };
    });
    expect(
      changes.flatMap((c) => c.writes.items.filter((_, i) => c.writes.isClaim(i))).length,
    ).toBeGreaterThan(100);
    await expect(applySeriesChange(changes, ZONE, [])).rejects.toThrow(
      `The series was not booked: 1 date clashes with other lessons (Europe/London): ${(starts[7] ?? first).toFormat('ccc d LLL yyyy HH:mm')}`,
    );
    expect(await seriesLessons('series-test')).toEqual([]);
    // The first transaction's claims were given back: its times book as single lessons.
    for (const start of starts.slice(0, 3)) expect((await book(admin, start, undefined)).status).toBe(201);
  });

  it('undoes the lessons already written when a later lesson cannot be written, and frees every time', async () => {
    const first = wednesday(30, 20);
    const starts = Array.from({ length: 6 }, (_, i) => first.plus({ weeks: i }));
    const existing = await book(admin, wednesday(51, 7), undefined);
    expect(existing.status).toBe(201);
    // The fourth lesson takes an id already used: its section cannot be written (after every claim is held).
    const lessons = directSeries(starts, 'series-undo').map((lesson, i) =>
      i === 3 ? { ...lesson, _id: String(existing.body._id) } : lesson,
    );
    const changes = lessons.map((lesson) => {
      const writes = newLessonWrites('demo', lesson, 'Maths');
      return { lesson, writes, undo: () => lessonDeleteWrites('demo', writes.written) };
    });
    await expect(applySeriesChange(changes, ZONE, [])).rejects.toThrow();
    expect(await seriesLessons('series-undo')).toEqual([]);
    for (const start of starts) expect((await book(admin, start, undefined)).status).toBe(201);
  });
});

/** Books `lessons` straight (as bookSeries writes them) and answers them as stored. */
async function writeDirect(lessons: LessonRecord[]): Promise<LessonRecord[]> {
  const changes = lessons.map((lesson) => {
    const writes = newLessonWrites('demo', lesson, 'Maths');
    return { lesson, writes, undo: () => lessonDeleteWrites('demo', writes.written) };
  });
  await applySeriesChange(changes, ZONE, []);
  return changes.map((change) => change.writes.written);
}

/** Each lesson a week later, as changeFollowing writes the move (undone back to the lesson as it was). */
function weekLater(lessons: LessonRecord[], stale?: number): Promise<SeriesChange[]> {
  const week = (instant: string) => iso(DateTime.fromISO(instant, { zone: ZONE }).plus({ weeks: 1 }));
  return Promise.all(
    lessons.map(async (before, i) => {
      const after = {
        ...before,
        start: week(before.start),
        end: week(before.end),
        updatedAt: new Date().toISOString(),
      };
      // A lesson read before someone else changed it: its section write fails (after every claim is held).
      const read = i === stale ? { ...before, updatedAt: '2000-01-01T00:00:00.000Z' } : before;
      const writes = await lessonWrites('demo', read, after, 'Maths');
      return {
        lesson: after,
        writes,
        undo: async () =>
          (
            await lessonWrites(
              'demo',
              writes.written,
              { ...before, updatedAt: new Date().toISOString() },
              'Maths',
            )
          ).items,
      };
    }),
  );
}

describe('a series moved onto its own times, undone', () => {
  it('hands every claim taken over back to its lesson when a later claim transaction meets a taken time', async () => {
    const first = wednesday(60, 8);
    const starts = Array.from({ length: 8 }, (_, i) => first.plus({ weeks: i }));
    const lessons = await writeDirect(directSeries(starts, 'series-takeover'));
    const outside = first.plus({ weeks: 8 });
    const blocker = await book(admin, outside, undefined);
    expect(blocker.status).toBe(201);
    const changes = await weekLater(lessons);
    // More than 100 claims: the takeovers fill the first transaction, the blocked one is in the second.
    expect(
      changes.flatMap((c) => c.writes.items.filter((_, i) => c.writes.isClaim(i))).length,
    ).toBeGreaterThan(100);
    await expect(applySeriesChange(changes, ZONE, [])).rejects.toThrow(
      `The series was not booked: 1 date clashes with other lessons (Europe/London): ${outside.toFormat('ccc d LLL yyyy HH:mm')}`,
    );
    expect((await seriesLessons('series-takeover')).map((l) => l.start)).toEqual(starts.map(iso));
    // Every time is its old lesson's again: the same move, through the API once the blocker is gone,
    // takes each over from its owner (it would meet a claim held by the wrong lesson otherwise).
    for (const start of starts) expect((await book(admin, start, undefined)).status).toBe(409);
    await local.api.call('meetings.teamsAdminDelete', { ...admin, params: { id: blocker.body._id } });
    const moved = await local.api.call<Json>('meetings.teamsAdminReschedule', {
      ...admin,
      params: { id: lessons[0]?._id ?? '' },
      body: { ...REASON, scope: 'FOLLOWING', start: iso(first.plus({ weeks: 1 })) },
    });
    expect(moved.body.message ?? moved.status).toBe(200);
    expect((await book(admin, first, undefined)).status).toBe(201);
  }, 120_000);

  it('undoes the lessons moved and hands the claims back when a later lesson cannot be written', async () => {
    const first = wednesday(60, 14);
    const starts = Array.from({ length: 6 }, (_, i) => first.plus({ weeks: i }));
    const lessons = await writeDirect(directSeries(starts, 'series-takeover-undo'));
    await expect(applySeriesChange(await weekLater(lessons, 3), ZONE, [])).rejects.toThrow(
      'was changed by someone else',
    );
    const after = await seriesLessons('series-takeover-undo');
    expect(after.map((l) => l.start)).toEqual(starts.map(iso));
    for (const start of starts) expect((await book(admin, start, undefined)).status).toBe(409);
    const lastNew = first.plus({ weeks: 6 });
    const single = await book(admin, lastNew, undefined);
    expect(single.status).toBe(201);
    await local.api.call('meetings.teamsAdminDelete', { ...admin, params: { id: single.body._id } });
    const moved = await local.api.call<Json>('meetings.teamsAdminReschedule', {
      ...admin,
      params: { id: lessons[0]?._id ?? '' },
      body: { ...REASON, scope: 'FOLLOWING', start: iso(first.plus({ weeks: 1 })) },
    });
    expect(moved.body.message ?? moved.status).toBe(200);
  }, 120_000);
});

describe('changing a series', () => {
  it('cancels one lesson, or this and the following ones, and frees their times', async () => {
    const first = wednesday(44, 10);
    const created = await book(admin, first, { frequency: 'WEEKLY', count: 4 });
    expect(created.status).toBe(201);
    const [l1, l2, l3, l4] = (await seriesLessons(created.body.seriesId)) as [Json, Json, Json, Json];

    const one = await local.api.call<Json>('meetings.teamsAdminCancel', {
      ...admin,
      params: { id: l4._id },
      body: { ...REASON, scope: 'ONE' },
    });
    expect(one.status).toBe(200);
    const following = await local.api.call<Json>('meetings.teamsAdminCancel', {
      ...admin,
      params: { id: l2._id },
      body: { ...REASON, scope: 'FOLLOWING' },
    });
    expect(following.status).toBe(200);
    expect(following.body.lesson.status).toBe('CANCELLED');
    const after = await seriesLessons(created.body.seriesId);
    expect(after.map((l) => l.status)).toEqual(['ACTIVE', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
    expect(after[0]?._id).toBe(l1._id);
    expect((await book(admin, DateTime.fromISO(l3.start), undefined)).status).toBe(201);
  });

  it('moves this and the following lessons by the same wall-time change, all or nothing', async () => {
    const first = wednesday(48, 10);
    const created = await book(admin, first, { frequency: 'WEEKLY', count: 3 });
    const [l1, l2, l3] = (await seriesLessons(created.body.seriesId)) as [Json, Json, Json];
    const target = DateTime.fromISO(l2.start, { zone: ZONE }).plus({ days: 1, hours: 1 });

    // A lesson at the third one's new time refuses the move, and nothing moves.
    const blocker = await book(
      admin,
      DateTime.fromISO(l3.start, { zone: ZONE }).plus({ days: 1, hours: 1 }),
      undefined,
    );
    expect(blocker.status).toBe(201);
    const refused = await local.api.call<Json>('meetings.teamsAdminReschedule', {
      ...admin,
      params: { id: l2._id },
      body: { ...REASON, scope: 'FOLLOWING', start: iso(target) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Thu');
    expect((await seriesLessons(created.body.seriesId)).map((l) => l.start)).toEqual([
      l1.start,
      l2.start,
      l3.start,
    ]);

    await local.api.call('meetings.teamsAdminDelete', { ...admin, params: { id: blocker.body._id } });
    const moved = await local.api.call<Json>('meetings.teamsAdminReschedule', {
      ...admin,
      params: { id: l2._id },
      body: { ...REASON, scope: 'FOLLOWING', start: iso(target) },
    });
    expect(moved.status).toBe(200);
    const after = await seriesLessons(created.body.seriesId);
    expect(after.map((l) => london(l.start))).toEqual(['Wed 10:00', 'Thu 11:00', 'Thu 11:00']);
    // The old times are free again.
    expect((await book(admin, DateTime.fromISO(l3.start), undefined)).status).toBe(201);
  });

  it('moves the rest of a series onto its own later lessons, each taking over the next one’s time', async () => {
    const first = wednesday(40, 18);
    const created = await book(admin, first, { frequency: 'WEEKLY', count: 3 });
    expect(created.status).toBe(201);
    const [l1, l2, l3] = (await seriesLessons(created.body.seriesId)) as [Json, Json, Json];
    const moved = await local.api.call<Json>('meetings.teamsAdminReschedule', {
      ...admin,
      params: { id: l1._id },
      body: { ...REASON, scope: 'FOLLOWING', start: iso(first.plus({ weeks: 1 })) },
    });
    expect(moved.body.message ?? moved.status).toBe(200);
    expect((await seriesLessons(created.body.seriesId)).map((l) => l.start)).toEqual([
      l2.start,
      l3.start,
      iso(DateTime.fromISO(l3.start, { zone: ZONE }).plus({ weeks: 1 })),
    ]);
    expect((await book(admin, DateTime.fromISO(l1.start), undefined)).status).toBe(201);
    expect((await book(admin, DateTime.fromISO(l2.start), undefined)).status).toBe(409);
  });

  it('keeps the rest of a series from students and other tenants', async () => {
    const first = wednesday(50, 14);
    const created = await book(admin, first, { frequency: 'WEEKLY', count: 2 });
    const [l1] = (await seriesLessons(created.body.seriesId)) as [Json];
    const student = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: l1._id },
      body: { ...REASON, scope: 'FOLLOWING' },
    });
    expect(student.status).toBe(403);
    const otherTenant = await local.api.call<Json>('meetings.teamsAdminCancel', {
      ...northAdmin,
      params: { id: l1._id },
      body: { ...REASON, scope: 'FOLLOWING' },
    });
    expect(otherTenant.status).toBe(404);
    expect((await seriesLessons(created.body.seriesId)).map((l) => l.status)).toEqual(['ACTIVE', 'ACTIVE']);
  });
});
