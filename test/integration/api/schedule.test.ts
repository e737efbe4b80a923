import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
import { placeDemoLesson, placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tom: Session;
let sam: Session;
let maya: Session;
const COURSE = 'course-demo-igcse-maths';
const OTHER_COURSE = 'course-schedule-test-physics';
const DAY = 86_400_000;
const DAY_MINUTES = 24 * 60;

/** `days` from today (UTC) at `hour`:00 UTC, as ISO. */
function dayAt(days: number, hour: number): string {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  return new Date(today.getTime() + days * DAY + hour * 3_600_000).toISOString();
}

async function adminMeetings(query: Json) {
  return local.api.call<Json>('schedule.adminMeetings', { ...admin, query });
}

async function meetingIds(query: Json): Promise<string[]> {
  const { status, body } = await adminMeetings({ limit: 100, ...query });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.docs.map((lesson: Json) => lesson._id);
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
});

describe('the admin schedule (GET /admin/schedule/meetings)', () => {
  it('reads a week back and 60 days on without dates; 60 days from a start; the 60 days before an end', async () => {
    // Prepare: lessons of a tutor of their own, around the edges of the default window.
    const tutorId = 'schedule-defaults-tutor';
    const place = (id: string, days: number) =>
      placeDemoLesson({ _id: id, start: days * DAY_MINUTES, minutes: 60, tutorId, studentIds: [] });
    await place('defaults-minus-8', -8);
    await place('defaults-minus-6', -6);
    await place('defaults-plus-50', 50);
    await place('defaults-plus-54', 54);
    const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

    // Act and assess
    expect(await meetingIds({ tutorId })).toEqual(['defaults-minus-6', 'defaults-plus-50']);
    expect((await adminMeetings({ tutorId, countOnly: '1' })).body).toEqual({ totalDocs: 2 });
    expect(await meetingIds({ tutorId, startDate: iso(-9) })).toEqual([
      'defaults-minus-8',
      'defaults-minus-6',
      'defaults-plus-50',
    ]);
    expect(await meetingIds({ tutorId, endDate: iso(55) })).toEqual(['defaults-plus-50', 'defaults-plus-54']);
    // An end in the past: the lessons before it (not the empty stretch from a week ago to that end).
    expect(await meetingIds({ tutorId, endDate: iso(-5) })).toEqual(['defaults-minus-8', 'defaults-minus-6']);
    expect(await meetingIds({ tutorId, startDate: iso(-9), endDate: iso(100) })).toHaveLength(4);
  });

  it('refuses a range the wrong way round, empty, longer than 400 days, or not an instant', async () => {
    const refusals: Array<[Json, RegExp]> = [
      [{ startDate: dayAt(10, 0), endDate: dayAt(9, 0) }, /^endDate: The end must be after the start$/],
      [{ startDate: dayAt(10, 0), endDate: dayAt(10, 0) }, /^endDate: The end must be after the start$/],
      [{ startDate: dayAt(0, 0), endDate: dayAt(401, 0) }, /^endDate: Ask for at most 400 days at a time$/],
      [{ startDate: '2031-03-10' }, /^startDate: /],
      [{ countOnly: 'yes' }, /^countOnly: /],
    ];
    for (const [query, message] of refusals) {
      const refused = await adminMeetings(query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });

  it('filters by student (with the course and tutor filters), and sorts by sortKey and sortValue', async () => {
    // Prepare: three lessons 200 days ahead, placed out of title order; the last one cancelled.
    const tutorId = 'demo-tutor-3';
    const range = { startDate: dayAt(200, 0), endDate: dayAt(201, 0) };
    const base = { tutorId, minutes: 60, course: COURSE };
    await placeLesson('demo', {
      ...base,
      _id: 'sorted-bravo',
      title: 'Bravo',
      start: dayAt(200, 6),
      studentIds: ['demo-student-1'],
    });
    await placeLesson('demo', {
      ...base,
      _id: 'sorted-alpha',
      title: 'Alpha',
      start: dayAt(200, 8),
      studentIds: ['demo-student-1', 'demo-student-2'],
    });
    await placeLesson('demo', {
      ...base,
      _id: 'sorted-charlie',
      title: 'Charlie',
      start: dayAt(200, 10),
      studentIds: ['demo-student-2'],
      course: OTHER_COURSE,
      status: 'CANCELLED',
    });

    // Act and assess: filters.
    expect(await meetingIds({ ...range, studentId: 'demo-student-2' })).toEqual([
      'sorted-alpha',
      'sorted-charlie',
    ]);
    expect(await meetingIds({ ...range, studentId: 'demo-student-1' })).toEqual([
      'sorted-bravo',
      'sorted-alpha',
    ]);
    expect(await meetingIds({ ...range, studentId: 'demo-student-2', courseId: COURSE })).toEqual([
      'sorted-alpha',
    ]);
    expect(await meetingIds({ ...range, studentId: 'demo-student-3' })).toEqual([]);
    expect(await meetingIds({ ...range, studentId: 'demo-student-1', tutorId: 'demo-tutor-1' })).toEqual([]);
    expect((await adminMeetings({ ...range, studentId: 'demo-student-2', countOnly: '1' })).body).toEqual({
      totalDocs: 2,
    });
    const withPeople = await adminMeetings({ ...range, studentId: 'demo-student-2', limit: 1 });
    expect(withPeople.body).toMatchObject({ limit: 1, offset: 0, totalDocs: 2 });
    expect(withPeople.body.docs[0]).toMatchObject({
      _id: 'sorted-alpha',
      courseTitle: 'IGCSE Mathematics (Grade 10)',
      tutor: { _id: 'demo-tutor-3' },
    });
    expect(withPeople.body.docs[0].students.map((s: Json) => s._id)).toEqual([
      'demo-student-1',
      'demo-student-2',
    ]);

    // Sorting: start by default (ascending), title, status, each either way; unknown keys keep the start order.
    expect(await meetingIds(range)).toEqual(['sorted-bravo', 'sorted-alpha', 'sorted-charlie']);
    expect(await meetingIds({ ...range, sortValue: 'desc' })).toEqual([
      'sorted-charlie',
      'sorted-alpha',
      'sorted-bravo',
    ]);
    expect(await meetingIds({ ...range, sortKey: 'title', sortValue: 'asc' })).toEqual([
      'sorted-alpha',
      'sorted-bravo',
      'sorted-charlie',
    ]);
    expect(await meetingIds({ ...range, sortKey: 'title', sortValue: '-1' })).toEqual([
      'sorted-charlie',
      'sorted-bravo',
      'sorted-alpha',
    ]);
    expect((await meetingIds({ ...range, sortKey: 'status', sortValue: 'DESC' }))[0]).toBe('sorted-charlie');
    expect((await meetingIds({ ...range, sortKey: 'status', sortValue: 'asc' })).at(-1)).toBe(
      'sorted-charlie',
    );
    expect(await meetingIds({ ...range, sortKey: 'nonsense' })).toEqual([
      'sorted-bravo',
      'sorted-alpha',
      'sorted-charlie',
    ]);
    // Pages of the sorted list.
    const second = await adminMeetings({ ...range, sortKey: 'title', sortValue: 'asc', limit: 1, offset: 1 });
    expect(second.body.docs.map((lesson: Json) => lesson._id)).toEqual(['sorted-bravo']);
    expect((await adminMeetings({ ...range, sortValue: 'sideways' })).status).toBe(400);
    expect((await local.api.call('schedule.adminMeetings', { ...sam, query: range })).status).toBe(403);
  });
});

describe("a user's calendar (GET /schedule/list/{userId}) filters", () => {
  const range = { startDate: dayAt(220, 0), endDate: dayAt(222, 0) };
  const ids = (docs: Json[]) => docs.map((entry) => entry.sectionId);

  async function calendar(session: Session, userId: string, query: Json = {}) {
    const { status, body } = await local.api.call<Json>('schedule.list', {
      ...session,
      params: { userId },
      query: { ...range, ...query },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return ids(body.docs);
  }

  beforeAll(async () => {
    // Tom teaches Sam, Sam and Maya, and Maya in another course; Grace teaches Sam in that other course.
    const lesson = (_id: string, hour: number, tutorId: string, studentIds: string[], course = COURSE) =>
      placeLesson('demo', { _id, start: dayAt(220, hour), minutes: 60, tutorId, studentIds, course });
    await lesson('cal-tom-sam', 6, 'demo-tutor-1', ['demo-student-1']);
    await lesson('cal-tom-group', 8, 'demo-tutor-1', ['demo-student-1', 'demo-student-2']);
    await lesson('cal-tom-maya-other', 10, 'demo-tutor-1', ['demo-student-2'], OTHER_COURSE);
    await lesson('cal-grace-sam-other', 12, 'demo-tutor-2', ['demo-student-1'], OTHER_COURSE);
  });

  it("filters a tutor's calendar by course and by student", async () => {
    expect(await calendar(tom, tom.userId)).toEqual(['cal-tom-sam', 'cal-tom-group', 'cal-tom-maya-other']);
    expect(await calendar(tom, tom.userId, { courseId: COURSE })).toEqual(['cal-tom-sam', 'cal-tom-group']);
    expect(await calendar(tom, tom.userId, { courseId: OTHER_COURSE })).toEqual(['cal-tom-maya-other']);
    expect(await calendar(tom, tom.userId, { studentId: maya.userId })).toEqual([
      'cal-tom-group',
      'cal-tom-maya-other',
    ]);
    expect(await calendar(tom, tom.userId, { studentId: maya.userId, courseId: COURSE })).toEqual([
      'cal-tom-group',
    ]);
    expect(await calendar(tom, tom.userId, { tutorId: tom.userId })).toHaveLength(3);
    expect(await calendar(tom, tom.userId, { tutorId: 'demo-tutor-2' })).toEqual([]);
  });

  it("filters a student's calendar by tutor and by course, for them and for an admin", async () => {
    expect(await calendar(sam, sam.userId)).toEqual(['cal-tom-sam', 'cal-tom-group', 'cal-grace-sam-other']);
    expect(await calendar(sam, sam.userId, { tutorId: 'demo-tutor-2' })).toEqual(['cal-grace-sam-other']);
    expect(await calendar(sam, sam.userId, { tutorId: tom.userId, courseId: COURSE })).toEqual([
      'cal-tom-sam',
      'cal-tom-group',
    ]);
    expect(await calendar(sam, sam.userId, { courseId: OTHER_COURSE })).toEqual(['cal-grace-sam-other']);
    expect(await calendar(admin, maya.userId, { tutorId: tom.userId })).toEqual([
      'cal-tom-group',
      'cal-tom-maya-other',
    ]);
    expect(await calendar(admin, maya.userId, { studentId: sam.userId })).toEqual(['cal-tom-group']);
    expect(await calendar(sam, sam.userId, { courseId: 'no-such-course' })).toEqual([]);
  });
});
