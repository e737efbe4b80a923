import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { collectionRepository } from '../../../functions/crud/repository';
import { demo } from '../../support/api-client';
import { lessonRequestFixtures } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tom: Session;
let grace: Session;
let sam: Session;
let maya: Session;
const COURSE = 'course-demo-igcse-maths';
const DAY = 86_400_000;
const SLOT_TAKEN = 'Sorry, this time is no longer free. Please choose another one.';
const BAD_LENGTH = 'A lesson lasts 15 to 180 minutes, in steps of 15 minutes';

/** `days` from today (UTC) at `hour`:`minute` UTC, as ISO. */
function dayAt(days: number, hour: number, minute = 0): string {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  return new Date(today.getTime() + days * DAY + (hour * 60 + minute) * 60_000).toISOString();
}

const date = (iso: string) => iso.slice(0, 10);
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** A weekday at least `days` ahead, as a London date (Tom works 09:00-17:00 London on weekdays). */
function londonWeekday(days: number): string {
  let day = DateTime.now().setZone('Europe/London').startOf('day').plus({ days });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 }); // not Tuesday: demo lessons
  return day.toISODate()!;
}

async function createLesson(course: string, start: string, duration = 60) {
  const created = await local.api.call<Json>('meetings.teamsAdminCreate', {
    ...admin,
    body: { course, title: 'Request test lesson', start, duration },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

const { lessonAhead, askCancel, requestOf, respond } = lessonRequestFixtures(local, () => admin);
/** A lesson of Tom's a few hours ahead (within the 24-hour notice), at the first free quarter hour. */
const lessonSoon = (fromHours: number) => lessonAhead(fromHours, { title: 'Soon', searchHours: 12 });

async function tomsSlots(day: string, sectionId: string): Promise<Array<{ start: string }>> {
  const { body } = await local.api.call<{ docs: Array<{ start: string }> }>('availability.slots', {
    ...sam,
    params: { userId: 'demo-tutor-1' },
    query: { date: day, deviceTimezone: 'Europe/London', sectionId },
  });
  return body.docs;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  grace = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
});

describe('the admin list of lesson requests: filters and order', () => {
  // Five requests on lessons 301-305 days ahead, in two courses (Tom and Sam; Grace and Maya), asked by
  // each kind of requester, created in an order that is not their lessons' order.
  const ids: Record<'r1' | 'r2' | 'r3' | 'r4' | 'r5', string> = { r1: '', r2: '', r3: '', r4: '', r5: '' };
  const starts: Record<string, string> = {};
  const window = { startDate: dayAt(300, 0), endDate: dayAt(307, 0), statuses: 'APPROVED', limit: 100 };

  async function listed(query: Json): Promise<string[]> {
    const { status, body } = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { ...window, ...query },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.docs.map((doc: Json) => doc._id);
  }
  const named = (...keys: Array<keyof typeof ids>) => keys.map((key) => ids[key]);

  beforeAll(async () => {
    const course = await local.api.call<Json>('courses.adminCreate', {
      ...admin,
      body: {
        title: 'IGCSE Chemistry',
        curriculum: 'Cambridge IGCSE',
        subject: 'Chemistry',
        grade: 'Grade 9',
        // Published: a draft's students neither see nor change its lessons.
        status: 'ACTIVE',
      },
    });
    const other = course.body._id as string;
    await local.api.call('courseTutors.create', {
      ...admin,
      body: { course: other, tutor: 'demo-tutor-2', type: 'PRIMARY' },
    });
    await local.api.call('courseStudents.create', {
      ...admin,
      body: { course: other, student: 'demo-student-2', type: 'CREDIT' },
    });
    const a1 = await createLesson(COURSE, dayAt(301, 3));
    const a2 = await createLesson(COURSE, dayAt(302, 3));
    const b1 = await createLesson(other, dayAt(303, 3));
    const b2 = await createLesson(other, dayAt(304, 3));
    const a3 = await createLesson(COURSE, dayAt(305, 3));
    Object.assign(starts, { r1: a1.start, r2: a2.start, r3: b1.start, r4: b2.start, r5: a3.start });

    const change = async (session: Session, route: string, id: string, body: Json = {}) => {
      const result = await local.api.call<Json>(route, {
        ...session,
        params: { id },
        body: { reason: 'Sickness', ...body },
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.body.status).toBe('APPROVED');
      return result.body.request._id as string;
    };
    ids.r3 = await change(admin, 'meetings.teamsAdminCancel', b1._id);
    ids.r1 = await change(sam, 'meetings.teamsCancel', a1._id);
    ids.r5 = await change(admin, 'meetings.teamsAdminReschedule', a3._id, { start: dayAt(306, 3) });
    ids.r2 = await change(tom, 'meetings.teamsCancel', a2._id);
    ids.r4 = await change(maya, 'meetings.teamsCancel', b2._id);
  });

  it('filters by student and by tutor', async () => {
    expect((await listed({ studentId: sam.userId, sortKey: 'start', sortValue: 'asc' })).sort()).toEqual(
      named('r1', 'r2', 'r5').sort(),
    );
    expect((await listed({ studentId: maya.userId })).sort()).toEqual(named('r3', 'r4').sort());
    expect((await listed({ tutorId: grace.userId })).sort()).toEqual(named('r3', 'r4').sort());
    expect((await listed({ tutorId: tom.userId })).sort()).toEqual(named('r1', 'r2', 'r5').sort());
    expect(await listed({ studentId: 'nobody' })).toEqual([]);
    // A student of one course with the other course's tutor: nothing.
    expect(await listed({ studentId: maya.userId, tutorId: tom.userId })).toEqual([]);
  });

  it('filters by who asked, alone and with other filters', async () => {
    expect((await listed({ requestedByRole: 'STUDENT' })).sort()).toEqual(named('r1', 'r4').sort());
    expect(await listed({ requestedByRole: 'TUTOR' })).toEqual(named('r2'));
    expect((await listed({ requestedByRole: 'ADMIN' })).sort()).toEqual(named('r3', 'r5').sort());
    expect(await listed({ requestedByRole: 'ADMIN', studentId: maya.userId })).toEqual(named('r3'));
    expect(await listed({ requestedByRole: 'ADMIN', type: 'RESCHEDULE' })).toEqual(named('r5'));
    const bad = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { requestedByRole: 'PARENT' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^requestedByRole: /);
  });

  it("filters by the lesson's start: instants with any offset, and bare dates as whole UTC days", async () => {
    const days = { startDate: date(starts.r2!), endDate: date(starts.r3!) };
    expect((await listed(days)).sort()).toEqual(named('r2', 'r3').sort());
    expect(await listed({ startDate: starts.r4, endDate: starts.r4 })).toEqual(named('r4'));
    // 03:00 UTC is 11:00 in Singapore: the same instants, written with an offset.
    const singapore = (iso: string) =>
      DateTime.fromISO(iso, { zone: 'Asia/Singapore' }).toISO({ suppressMilliseconds: true })!;
    expect(
      (await listed({ startDate: singapore(starts.r1!), endDate: singapore(starts.r2!) })).sort(),
    ).toEqual(named('r1', 'r2').sort());
    expect((await listed({ startDate: plus(starts.r1!, 1), endDate: undefined })).sort()).toEqual(
      named('r2', 'r3', 'r4', 'r5').sort(),
    );
    expect(
      (await listed({ startDate: undefined, endDate: plus(starts.r2!, -1) })).filter((id) =>
        Object.values(ids).includes(id),
      ),
    ).toEqual(named('r1'));
  });

  it('refuses a date filter that is no date, or an end before the start, with a 400', async () => {
    for (const [query, message] of [
      [{ startDate: 'next week' }, /^startDate: /],
      [{ endDate: '2031-02-30' }, /^endDate: /],
      [{ startDate: date(starts.r3!), endDate: date(starts.r1!) }, /end must not be before the start/],
    ] as const) {
      const refused = await local.api.call<Json>('meetingRequests.adminList', { ...admin, query });
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });

  it('sorts by sortKey and sortValue, and pages the sorted list', async () => {
    expect(await listed({ sortKey: 'start', sortValue: 'asc' })).toEqual(named('r1', 'r2', 'r3', 'r4', 'r5'));
    expect(await listed({ sortKey: 'start', sortValue: 'desc' })).toEqual(
      named('r5', 'r4', 'r3', 'r2', 'r1'),
    );
    expect(await listed({ sortKey: 'createdAt', sortValue: 'asc' })).toEqual(
      named('r3', 'r1', 'r5', 'r2', 'r4'),
    );
    // Newest first by default.
    expect(await listed({})).toEqual(named('r4', 'r2', 'r5', 'r1', 'r3'));
    const byType = await listed({ sortKey: 'type', sortValue: 'desc' });
    expect(byType[0]).toBe(ids.r5);
    const page = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { ...window, sortKey: 'start', sortValue: 'asc', limit: 2, offset: 2 },
    });
    expect(page.body).toMatchObject({ limit: 2, offset: 2, totalDocs: 5 });
    expect(page.body.docs.map((doc: Json) => doc._id)).toEqual(named('r3', 'r4'));
    const badOrder = await local.api.call('meetingRequests.adminList', {
      ...admin,
      query: { sortKey: 'start', sortValue: 'up' },
    });
    expect(badOrder.status).toBe(400);
  });

  it('sets the tutor payment status of many requests at once, and changes none when one id is unknown', async () => {
    const update = (body: Json) =>
      local.api.call<Json>('meetingRequests.updateTutorPaymentStatus', { ...admin, body });

    const refused = await update({
      tutorPaymentStatus: 'PAID',
      meetingRequestIds: [ids.r3, 'no-such-request', ids.r4],
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Lesson request no-such-request not found');
    for (const id of named('r3', 'r4')) expect((await requestOf(id)).tutorPaymentStatus).toBe('PROCESSING');

    const paid = await update({ tutorPaymentStatus: 'PAID', meetingRequestIds: [ids.r3, ids.r4, ids.r3] });
    expect(paid.status).toBe(200);
    expect(paid.body.docs.map((doc: Json) => [doc._id, doc.tutorPaymentStatus])).toEqual([
      [ids.r3, 'PAID'],
      [ids.r4, 'PAID'],
    ]);
    for (const id of named('r3', 'r4')) expect((await requestOf(id)).tutorPaymentStatus).toBe('PAID');
    expect((await requestOf(ids.r1)).tutorPaymentStatus).toBe('PROCESSING');
    const listedPaid = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { ...window, tutorId: grace.userId },
    });
    expect(listedPaid.body.docs.map((doc: Json) => doc.tutorPaymentStatus)).toEqual(['PAID', 'PAID']);

    const back = await update({ tutorPaymentStatus: 'PROCESSING', meetingRequestIds: [ids.r4] });
    expect(back.body.docs[0]).toMatchObject({ _id: ids.r4, tutorPaymentStatus: 'PROCESSING' });
    const empty = await update({ tutorPaymentStatus: 'PAID', meetingRequestIds: [] });
    expect(empty.status).toBe(400);
    const tooMany = await update({
      tutorPaymentStatus: 'PAID',
      meetingRequestIds: Array.from({ length: 101 }, (_, i) => `id-${i}`),
    });
    expect(tooMany.status).toBe(400);
  });
});

describe('answering a reschedule request with UPDATE', () => {
  it('checks the new length and time as APPROVE would, keeping the request as it was when refused', async () => {
    const lesson = await lessonSoon(6);
    const day = londonWeekday(3);
    const slots = await tomsSlots(day, lesson._id);
    const target = slots[2]!;
    const asked = await local.api.call<Json>('meetings.teamsReschedule', {
      ...sam,
      params: { id: lesson._id },
      body: { reason: 'School Activity', start: target.start },
    });
    expect(asked.body.status).toBe('PENDING');
    const id = asked.body.request._id as string;
    const before = await requestOf(id);

    const refusals: Array<[Json, number, string | RegExp]> = [
      [{ duration: 50 }, 400, BAD_LENGTH],
      [{ duration: 20, newStart: target.start }, 400, BAD_LENGTH],
      [{ duration: 181 }, 400, /^duration: /],
      [{ newStart: new Date(Date.now() - 3_600_000).toISOString() }, 400, 'Choose a time in the future'],
      [{ newStart: 'tomorrow' }, 400, /^newStart: /],
    ];
    for (const [body, status, message] of refusals) {
      const refused = await respond(id, { action: 'UPDATE', ...body });
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.body.message).toMatch(message);
    }

    // A time Tom already teaches at, or closer to that lesson than the 15-minute buffer: taken (409).
    const taker = await createLesson(COURSE, slots[6]!.start);
    for (const newStart of [taker.start, plus(taker.start, 70), plus(taker.start, -70)]) {
      const taken = await respond(id, { action: 'UPDATE', newStart });
      expect(taken.status, newStart).toBe(409);
      expect(taken.body.message).toBe(SLOT_TAKEN);
    }
    expect(await requestOf(id)).toEqual(before);

    // Past the buffer, with an allowed length: stored, still PENDING.
    const newStart = plus(taker.start, 75);
    const updated = await respond(id, { action: 'UPDATE', newStart, duration: 45, adminNote: 'Moved later' });
    expect(updated.status).toBe(200);
    expect(updated.body.request).toMatchObject({
      status: 'PENDING',
      newStart,
      newEnd: plus(newStart, 45),
      adminNote: 'Moved later',
    });
    // Only the length: the new time stays, its end follows.
    const longer = await respond(id, { action: 'UPDATE', duration: 90 });
    expect(longer.body.request).toMatchObject({ newStart, newEnd: plus(newStart, 90) });
    // The lesson's own time is no move (400, the request unchanged), but it never counts as taken: the
    // same start with another length may be chosen.
    const ownTime = await respond(id, { action: 'UPDATE', newStart: lesson.start, duration: 60 });
    expect(ownTime.status).toBe(400);
    expect(ownTime.body.message).toBe(
      'The lesson is already at this time. Choose another time to move it to.',
    );
    const ownStartLonger = await respond(id, { action: 'UPDATE', newStart: lesson.start, duration: 90 });
    expect(ownStartLonger.status).toBe(200);
    const final = await respond(id, { action: 'UPDATE', newStart, duration: 45 });
    expect(final.status).toBe(200);

    const approved = await respond(id, { action: 'APPROVE' });
    expect(approved.status).toBe(200);
    const moved = await local.api.call<Json>('schedule.get', { ...admin, params: { sectionId: lesson._id } });
    expect(moved.body).toMatchObject({ start: newStart, end: plus(newStart, 45), duration: 45 });
  });

  it('refuses a new time on a cancel request', async () => {
    const lesson = await lessonSoon(14);
    const asked = await askCancel(tom, lesson._id, 'Technical issue');
    expect(asked.body.status).toBe('PENDING');
    const refused = await respond(asked.body.request._id, {
      action: 'UPDATE',
      newStart: dayAt(40, 3),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only a reschedule request has a new time to change');
    const noted = await respond(asked.body.request._id, { action: 'UPDATE', adminNote: 'Asked the parent' });
    expect(noted.body.request).toMatchObject({
      status: 'PENDING',
      adminNote: 'Asked the parent',
      newStart: null,
    });
  });
});

describe('a collection past the size a filter without an index scans', () => {
  it('still filters, searches and sorts, over its newest records, says so, and pages the default order over all', async () => {
    // Prepare: seven records in a collection whose unindexed filters read at most the newest four
    const things = collectionRepository<{ _id: string; createdAt: string; updatedAt: string; kind: string }>({
      collection: 'QA-THINGS',
      schema: z.object({ _id: z.string(), createdAt: z.string(), updatedAt: z.string(), kind: z.string() }),
      label: 'thing',
      searchFields: ['kind'],
      sortFields: ['kind'],
      scanLimit: 4,
    });
    for (const [i, kind] of ['odd', 'even', 'odd', 'even', 'odd', 'even', 'odd'].entries()) {
      await things.create('demo', { _id: `thing-${i}`, kind });
    }

    // Act
    const all = await things.list('demo', { limit: 10, offset: 0 });
    const odd = await things.list('demo', { limit: 10, offset: 0 }, { kind: 'odd' });
    const searched = await things.list('demo', { limit: 10, offset: 0, searchText: 'EVEN' });

    // Assess: the default order covers every record (exact); a filter is applied, never ignored, to the
    // newest four, and the page says its total counts only those
    expect(all.totalDocs).toBe(7);
    expect(all.partial).toBeUndefined();
    expect(all.docs.map((t) => t._id)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `thing-${i}`));
    expect(odd.docs.map((t) => t._id)).toEqual(['thing-6', 'thing-4']);
    expect(odd.totalDocs).toBe(2);
    expect(odd.partial).toEqual({ scanned: 4 });
    expect(searched.docs.every((t) => t.kind === 'even')).toBe(true);
    expect(searched.docs.map((t) => t._id)).toEqual(['thing-5', 'thing-3']);
    expect(searched.partial).toEqual({ scanned: 4 });
  });
});
