import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/**
 * "This and following lessons" (issue 16 item 12) where it used to be refused: a series moved onto its own
 * later times (each lesson takes over the time the other gives up, all or nothing), and a tutor's change
 * within the notice window, which waits for an admin as one request for the whole rest of the series.
 * Grace (demo tutor 2) is in America/New_York; the course is made here, hers with Sam as its student.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let grace: Session;
let course: string;
const ZONE = 'America/New_York';
const REASON = { reason: 'Sickness' };

const iso = (time: DateTime) => time.toUTC().toISO({ suppressMilliseconds: false }) ?? '';
const ny = (instant: string) => DateTime.fromISO(instant, { zone: ZONE });
const wall = (instant: string) => ny(instant).toFormat('ccc HH:mm');

/** A Wednesday `weeks` ahead at `hour` New York time. */
function wednesday(weeks: number, hour: number): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ weeks });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.set({ hour });
}

/** A Wednesday at `hour` whose series of six crosses the next New York clock change after its third lesson. */
function wednesdayBeforeDstChange(hour: number, from = 4): DateTime {
  let day = wednesday(from, hour);
  while (day.plus({ weeks: 3 }).offset === day.offset) day = day.plus({ weeks: 1 });
  return day;
}

/** A weekday three days or more ahead at `hour` in New York, inside Grace's working hours. */
function weekdayAt(hour: number): DateTime {
  let day = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 3 });
  while (day.weekday > 5) day = day.plus({ days: 1 });
  return day.set({ hour });
}

function book(start: DateTime, count?: number) {
  return local.api.call<Json>('meetings.teamsAdminCreate', {
    ...admin,
    body: {
      course,
      title: 'Chemistry',
      start: iso(start),
      duration: 60,
      ...(count ? { recurrence: { frequency: 'WEEKLY', count } } : {}),
    },
  });
}

function flatten(nodes: Json[]): Json[] {
  return nodes.flatMap((node) => [node, ...flatten(node.sections ?? [])]);
}

async function seriesLessons(seriesId: string): Promise<Json[]> {
  const tree = await local.api.call<Json>('sections.adminList', { ...admin, query: { course } });
  return flatten(tree.body.docs)
    .filter((s) => s.seriesId === seriesId)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

async function bookSeries(first: DateTime, count: number): Promise<Json[]> {
  const created = await book(first, count);
  expect(created.body.message ?? created.status).toBe(201);
  return seriesLessons(created.body.seriesId);
}

function moveFollowing(
  session: Session,
  lesson: Json | undefined,
  start: DateTime,
  route = 'meetings.teamsAdminReschedule',
) {
  return local.api.call<Json>(route, {
    ...session,
    params: { id: String(lesson?._id) },
    body: { ...REASON, scope: 'FOLLOWING', start: iso(start) },
  });
}

/** Whether a fresh single lesson can be booked at `start` (a 201), or its time is held (a 409). */
async function bookable(start: string): Promise<number> {
  return (await book(ny(start))).status;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  grace = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
  const created = await local.api.call<Json>('courses.adminCreate', {
    ...admin,
    body: { title: 'IGCSE Chemistry', curriculum: 'Cambridge IGCSE', subject: 'Chemistry', grade: 'Grade 9' },
  });
  course = created.body._id;
  expect(
    (
      await local.api.call('courseTutors.create', {
        ...admin,
        body: { course, tutor: 'demo-tutor-2', type: 'PRIMARY' },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await local.api.call('courseStudents.create', {
        ...admin,
        body: { course, student: 'demo-student-1', type: 'CREDIT' },
      })
    ).status,
  ).toBe(201);
});

describe('moving a series onto its own later times', () => {
  it('moves a six-week series a week later across the clock change, each lesson onto the next one’s time', async () => {
    const first = wednesdayBeforeDstChange(10);
    const lessons = await bookSeries(first, 6);
    const old = lessons.map((l) => l.start as string);
    // The clocks change inside the series: the UTC hour differs between its first and last lessons.
    expect(new Date(old[0] ?? '').getUTCHours()).not.toBe(new Date(old[5] ?? '').getUTCHours());

    const moved = await moveFollowing(admin, lessons[0], first.plus({ weeks: 1 }));
    expect(moved.body.message ?? moved.status).toBe(200);
    const after = await seriesLessons(lessons[0]?.seriesId);
    expect(after.map((l) => l._id)).toEqual(lessons.map((l) => l._id));
    expect(after.map((l) => wall(l.start))).toEqual(Array(6).fill('Wed 10:00'));
    // Each lesson is where the next one was; the last a week after the old last.
    expect(after.slice(0, 5).map((l) => l.start)).toEqual(old.slice(1));
    const last = ny(old[5] ?? '').plus({ weeks: 1 });
    expect(after[5]?.start).toBe(iso(last));
    // The tutor's claims: the first lesson's old time is free, every new time held.
    for (const lesson of after) expect(await bookable(lesson.start), wall(lesson.start)).toBe(409);
    expect(await bookable(old[0] ?? '')).toBe(201);
  }, 120_000);

  it('moves a six-week series a day and an hour later across the clock change, freeing every old time', async () => {
    const first = wednesdayBeforeDstChange(13);
    const lessons = await bookSeries(first, 6);
    const old = lessons.map((l) => l.start as string);
    const moved = await moveFollowing(admin, lessons[0], first.plus({ days: 1, hours: 1 }));
    expect(moved.body.message ?? moved.status).toBe(200);
    const after = await seriesLessons(lessons[0]?.seriesId);
    expect(after.map((l) => wall(l.start))).toEqual(Array(6).fill('Thu 14:00'));
    expect(new Date(after[0]?.start).getUTCHours()).not.toBe(new Date(after[5]?.start).getUTCHours());
    for (const lesson of after) expect(await bookable(lesson.start), wall(lesson.start)).toBe(409);
    for (const start of old) expect(await bookable(start), wall(start)).toBe(201);
  }, 120_000);

  it('lets the tutor move her series a week later too, onto its own times among her free slots', async () => {
    const first = weekdayAt(15);
    const lessons = await bookSeries(first, 3);
    const old = lessons.map((l) => l.start as string);
    const moved = await moveFollowing(
      grace,
      lessons[0],
      first.plus({ weeks: 1 }),
      'meetings.teamsReschedule',
    );
    expect(moved.body.message ?? moved.status).toBe(200);
    expect(moved.body.status).toBe('APPROVED');
    expect((await seriesLessons(lessons[0]?.seriesId)).map((l) => l.start)).toEqual([
      old[1],
      old[2],
      iso(ny(old[2] ?? '').plus({ weeks: 1 })),
    ]);
  });

  it('still refuses the whole move, listing the dates, when a moved lesson meets a lesson outside the series', async () => {
    const first = wednesday(16, 16);
    const lessons = await bookSeries(first, 6);
    const old = lessons.map((l) => l.start as string);
    const outside = ny(old[5] ?? '').plus({ weeks: 1 });
    expect((await book(outside)).status).toBe(201);
    const refused = await moveFollowing(admin, lessons[0], first.plus({ weeks: 1 }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `The series was not booked: 1 date clashes with other lessons (${ZONE}): ${outside.toFormat('ccc d LLL yyyy HH:mm')}`,
    );
    const after = await seriesLessons(lessons[0]?.seriesId);
    expect(after.map((l) => l.start)).toEqual(old);
    // Nothing moved: every old time is still held.
    for (const start of old) expect(await bookable(start), wall(start)).toBe(409);
  });
});

describe('a change of the following lessons within the notice window', () => {
  /** A weekly series of three whose first lesson is `hours` ahead (within the 24-hour notice). */
  function closeSeries(hours: number): Promise<Json[]> {
    return bookSeries(DateTime.now().setZone(ZONE).plus({ hours }).startOf('hour'), 3);
  }

  it('makes the tutor’s change one PENDING request that holds every lesson concerned', async () => {
    const lessons = await closeSeries(2);
    const target = weekdayAt(9);
    const asked = await moveFollowing(grace, lessons[0], target, 'meetings.teamsReschedule');
    expect(asked.body.message ?? asked.status).toBe(200);
    expect(asked.body.status).toBe('PENDING');
    expect(asked.body.request).toMatchObject({
      status: 'PENDING',
      scope: 'FOLLOWING',
      sectionId: lessons[0]?._id,
      newStart: iso(target),
    });
    const held = await seriesLessons(lessons[0]?.seriesId);
    expect(held.map((l) => l.pendingRequestId)).toEqual(Array(3).fill(asked.body.request._id));
    expect(held.map((l) => l.start)).toEqual(lessons.map((l) => l.start));
    // A second change of any of them waits for the answer.
    const again = await local.api.call<Json>('meetings.teamsCancel', {
      ...grace,
      params: { id: lessons[2]?._id },
      body: REASON,
    });
    expect(again.status).toBe(409);
    const read = await local.api.call<Json>('meetingRequests.adminGet', {
      ...admin,
      params: { id: asked.body.request._id },
    });
    expect(read.body.scope).toBe('FOLLOWING');
  });

  it('applies the whole change when an admin approves it', async () => {
    const lessons = await closeSeries(5);
    const target = weekdayAt(11);
    const asked = await moveFollowing(grace, lessons[0], target, 'meetings.teamsReschedule');
    expect(asked.body.status).toBe('PENDING');
    const approved = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'APPROVE' },
    });
    expect(approved.body.message ?? approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'APPROVED', scope: 'FOLLOWING' });
    const after = await seriesLessons(lessons[0]?.seriesId);
    expect(after.map((l) => wall(l.start))).toEqual(Array(3).fill(target.toFormat('ccc HH:mm')));
    expect(after.map((l) => l.pendingRequestId)).toEqual([undefined, undefined, undefined]);
    expect(after[0]?.start).toBe(iso(target));
    for (const lesson of after) expect(await bookable(lesson.start)).toBe(409);
    for (const lesson of lessons) expect(await bookable(lesson.start)).toBe(201);
    // Each later lesson's change is recorded too, approved, asked by the tutor.
    const history = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { tutorId: 'demo-tutor-2', statuses: 'APPROVED', limit: 50 },
    });
    const records = history.body.docs.filter((r: Json) => lessons.some((l) => l._id === r.sectionId));
    expect(records).toHaveLength(3);
    expect(records.every((r: Json) => r.requestedByRole === 'TUTOR')).toBe(true);
  }, 120_000);

  it('takes an admin’s other time for the whole change, checked for clashes, and applies it on approval', async () => {
    const lessons = await closeSeries(14);
    const asked = await moveFollowing(grace, lessons[0], weekdayAt(8), 'meetings.teamsReschedule');
    expect(asked.body.status).toBe('PENDING');
    const respond = (body: Json) =>
      local.api.call<Json>('meetingRequests.respond', {
        ...admin,
        params: { requestId: asked.body.request._id },
        body,
      });
    // Another time whose second week meets a lesson outside the series: a 409 naming it, nothing changed.
    const other = weekdayAt(17);
    const blocker = await book(other.plus({ weeks: 1 }));
    expect(blocker.status).toBe(201);
    const clash = await respond({ action: 'UPDATE', newStart: iso(other) });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(other.plus({ weeks: 1 }).toFormat('ccc d LLL yyyy HH:mm'));
    await local.api.call('meetings.teamsAdminDelete', { ...admin, params: { id: blocker.body._id } });
    const updated = await respond({ action: 'UPDATE', newStart: iso(other) });
    expect(updated.body.message ?? updated.status).toBe(200);
    expect(updated.body.request).toMatchObject({ status: 'PENDING', newStart: iso(other) });
    expect((await respond({ action: 'APPROVE' })).status).toBe(200);
    expect((await seriesLessons(lessons[0]?.seriesId)).map((l) => l.start)).toEqual(
      [0, 1, 2].map((weeks) => iso(other.plus({ weeks }))),
    );
  }, 120_000);

  it('leaves every lesson as it was when an admin refuses it', async () => {
    const lessons = await closeSeries(8);
    const asked = await local.api.call<Json>('meetings.teamsCancel', {
      ...grace,
      params: { id: lessons[0]?._id },
      body: { ...REASON, scope: 'FOLLOWING' },
    });
    expect(asked.body).toMatchObject({ status: 'PENDING', request: { type: 'CANCEL', scope: 'FOLLOWING' } });
    const refused = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'REJECT' },
    });
    expect(refused.body.message ?? refused.status).toBe(200);
    expect(refused.body.request.status).toBe('REJECTED');
    const after = await seriesLessons(lessons[0]?.seriesId);
    expect(after.map((l) => [l.status, l.start, l.pendingRequestId])).toEqual(
      lessons.map((l) => ['ACTIVE', l.start, undefined]),
    );
    // Free of the request: the later lessons change again as usual.
    const later = await local.api.call<Json>('meetings.teamsCancel', {
      ...grace,
      params: { id: lessons[1]?._id },
      body: { ...REASON, scope: 'FOLLOWING' },
    });
    expect(later.body).toMatchObject({ status: 'APPROVED' });
  });

  it('answers 409 with the clashing dates when the change no longer fits at approval, changing nothing', async () => {
    const lessons = await closeSeries(11);
    const target = weekdayAt(13);
    const asked = await moveFollowing(grace, lessons[0], target, 'meetings.teamsReschedule');
    expect(asked.body.status).toBe('PENDING');
    // Meanwhile a lesson is booked at the third lesson's new time.
    const blockerAt = target.plus({ weeks: 2 });
    const blocker = await book(blockerAt);
    expect(blocker.status).toBe(201);
    const approve = () =>
      local.api.call<Json>('meetingRequests.respond', {
        ...admin,
        params: { requestId: asked.body.request._id },
        body: { action: 'APPROVE' },
      });
    const refused = await approve();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `The series was not booked: 1 date clashes with other lessons (${ZONE}): ${blockerAt.toFormat('ccc d LLL yyyy HH:mm')}`,
    );
    const after = await seriesLessons(lessons[0]?.seriesId);
    expect(after.map((l) => [l.start, l.pendingRequestId])).toEqual(
      lessons.map((l) => [l.start, asked.body.request._id]),
    );
    const request = await local.api.call<Json>('meetingRequests.adminGet', {
      ...admin,
      params: { id: asked.body.request._id },
    });
    expect(request.body.status).toBe('PENDING');
    // Once the time is free again, the approval applies.
    await local.api.call('meetings.teamsAdminDelete', { ...admin, params: { id: blocker.body._id } });
    expect((await approve()).status).toBe(200);
    expect((await seriesLessons(lessons[0]?.seriesId)).map((l) => l.start)).toEqual(
      [0, 1, 2].map((weeks) => iso(target.plus({ weeks }))),
    );
  }, 120_000);
});
