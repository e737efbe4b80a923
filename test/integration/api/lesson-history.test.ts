import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LESSON_HISTORY_JOB, recordEndedLessons } from '../../../functions/lesson-history/job';
import { db, tableName } from '../../../functions/lib/db';
import type { LessonRecord } from '../../../functions/repositories/lessons';
import { getSection, sectionItem } from '../../../functions/repositories/sections';
import { keys } from '../../../functions/table/access-patterns';
import { apiClient, demo, northwind } from '../../support/api-client';
import { minutesFromNow, placeDemoLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let tutor2: Session;
let sam: Session;
let maya: Session;
let northwindAdmin: Session;

const COURSE = 'course-demo-igcse-maths';
const at = minutesFromNow;

/** A lesson placed straight in the table (the booking routes refuse times in the past). */
const pastLesson = placeDemoLesson;

async function runSchedule() {
  const before = local.stack.bus.deliveries.length;
  local.stack.bus.triggerSchedule('lesson-history');
  await local.stack.bus.idle();
  // Only this rule's: an event of an earlier file's lessons may still be reaching the notifications consumer.
  const delivered = local.stack.bus.deliveries.slice(before).filter((d) => d.rule === 'lesson-history');
  expect(delivered).toEqual([
    expect.objectContaining({ rule: 'lesson-history', detailType: 'Scheduled Event', ok: true }),
  ]);
}

function list(session: Session, query: Record<string, string | number> = {}) {
  return local.api.call<Json>('lessonHistory.list', { ...session, query: { limit: 100, ...query } });
}

let tomSam: LessonRecord;
let graceMaya: LessonRecord;
let trial: LessonRecord;
let running: LessonRecord;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  tutor2 = await local.api.signIn('tutor2@demo.test', 'Demo-tutor-2');
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');

  tomSam = await pastLesson({
    start: -180,
    minutes: 60,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  });
  graceMaya = await pastLesson({
    start: -180,
    minutes: 45,
    tutorId: 'demo-tutor-2',
    studentIds: ['demo-student-2'],
  });
  trial = await pastLesson({
    start: -300,
    minutes: 30,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
    type: 'TRIAL',
  });
  running = await pastLesson({
    start: -20,
    minutes: 60,
    tutorId: 'demo-tutor-1',
    studentIds: ['demo-student-1'],
  });
  await runSchedule();
});

describe('lesson history rows written when lessons end', () => {
  it('writes one row per ended lesson with the spec 001 fields, and marks the lesson COMPLETED', async () => {
    const { status, body } = await local.api.call<Json>('lessonHistory.get', {
      ...admin,
      params: { id: tomSam._id },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      _id: tomSam._id,
      eventId: tomSam._id,
      referenceKey: tomSam._id.slice(0, 8),
      start: tomSam.start,
      end: tomSam.end,
      duration: 60,
      students: [{ _id: 'demo-student-1', firstname: 'Sam', country: null }],
      course: { _id: COURSE, title: expect.any(String) },
      courseId: COURSE,
      studentId: 'demo-student-1',
      tutorId: 'demo-tutor-1',
      subject: 'Mathematics',
      curriculum: expect.any(String),
      grade: expect.any(String),
      lessonType: '1 on 1',
      paymentType: expect.any(String),
      studentJoinTime: null,
      tutorJoinTime: null,
      tutorPaymentStatus: 'PROCESSING',
    });
    expect((await getSection('demo', tomSam._id))?.status).toBe('COMPLETED');
    const trialRow = await local.api.call<Json>('lessonHistory.get', { ...admin, params: { id: trial._id } });
    expect(trialRow.body).toMatchObject({ lessonType: 'TRIAL', duration: 30 });
  });

  it('leaves a lesson that has not ended yet alone', async () => {
    const { status } = await local.api.call('lessonHistory.get', { ...admin, params: { id: running._id } });
    expect(status).toBe(404);
    expect((await getSection('demo', running._id))?.status).toBe('ACTIVE');
  });

  it('never writes a second row: not on a re-run, nor when the lesson is found ACTIVE again', async () => {
    const before = (await list(admin)).body.totalDocs as number;
    await runSchedule();
    // As if an overlapping run had read the lesson before it was completed (and before the watermark moved).
    const section = (await getSection('demo', tomSam._id))!;
    await db().send(
      new PutCommand({ TableName: tableName(), Item: sectionItem('demo', { ...section, status: 'ACTIVE' }) }),
    );
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.jobWatermark('demo', LESSON_HISTORY_JOB) }),
    );
    const report = await recordEndedLessons('demo');
    expect(report).toMatchObject({ ended: 1, written: 0, completed: 1, failed: 0 });
    await runSchedule();

    const after = await list(admin);
    expect(after.body.totalDocs).toBe(before);
    expect(after.body.docs.filter((row: Json) => row._id === tomSam._id)).toHaveLength(1);
    expect((await getSection('demo', tomSam._id))?.status).toBe('COMPLETED');
  });
});

describe('listing lesson history', () => {
  it('pages the whole tenant for an admin, newest lesson first', async () => {
    const { status, body } = await list(admin, { limit: 2 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ limit: 2, offset: 0, totalDocs: 3 });
    expect(body.docs.map((row: Json) => row._id)).toEqual(
      [tomSam, graceMaya]
        .sort((a, b) => b.start.localeCompare(a.start) || b._id.localeCompare(a._id))
        .map((l) => l._id),
    );
    const second = await list(admin, { limit: 2, offset: 2 });
    expect(second.body.docs.map((row: Json) => row._id)).toEqual([trial._id]);
    const oldestFirst = await list(admin, { sortKey: 'start', sortValue: 'asc' });
    expect(oldestFirst.body.docs[0]._id).toBe(trial._id);
  });

  it.each([
    [{ tutorId: 'demo-tutor-2' }, () => [graceMaya._id]],
    [{ studentId: 'demo-student-1' }, () => [tomSam._id, trial._id]],
    [{ lessonType: 'TRIAL' }, () => [trial._id]],
    [
      { courseId: COURSE, subject: 'Mathematics', sortKey: 'duration', sortValue: 'asc' },
      () => [trial._id, graceMaya._id, tomSam._id],
    ],
    [{ courseId: 'another-course' }, () => []],
    [{ tutorPaymentStatus: 'PAID' }, () => []],
  ])('filters by %j', async (query, expected) => {
    const { status, body } = await list(admin, query as Record<string, string>);
    expect(status).toBe(200);
    expect(body.docs.map((row: Json) => row._id).sort()).toEqual(expected().sort());
    expect(body.totalDocs).toBe(expected().length);
  });

  it('filters by reference key and by dates', async () => {
    const byReference = await list(admin, { referenceKey: graceMaya._id.slice(0, 8) });
    expect(byReference.body.docs.map((row: Json) => row._id)).toContain(graceMaya._id);
    expect(byReference.body.docs.every((row: Json) => row.referenceKey === graceMaya._id.slice(0, 8))).toBe(
      true,
    );
    const byDates = await list(admin, { startDate: at(-200), endDate: at(-170) });
    expect(byDates.body.docs.map((row: Json) => row._id).sort()).toEqual([tomSam._id, graceMaya._id].sort());
  });

  it.each([
    [{ sortKey: 'password' }, /sortKey/],
    [{ lessonType: 'Private' }, /lessonType/],
    [{ startDate: 'yesterday' }, /startDate/],
    [{ limit: 1000 }, /limit/],
    [{ unknown: 'x' }, /Unknown field/],
  ])('refuses %j with a 400', async (query, message) => {
    const { status, body } = await list(admin, query as Record<string, string>);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });
});

describe('who sees which rows', () => {
  it("shows a tutor only the lessons they taught, and 404s another tutor's row", async () => {
    const { body } = await list(tutor);
    expect(body.docs.map((row: Json) => row._id).sort()).toEqual([tomSam._id, trial._id].sort());
    expect(body.docs[0].tutorPaymentStatus).toBe('PROCESSING');
    const asOther = await list(tutor, { tutorId: 'demo-tutor-2' });
    expect(asOther.body).toMatchObject({ totalDocs: 0, docs: [] });
    const other = await local.api.call('lessonHistory.get', { ...tutor, params: { id: graceMaya._id } });
    expect(other.status).toBe(404);
    const own = await list(tutor2);
    expect(own.body.docs.map((row: Json) => row._id)).toEqual([graceMaya._id]);
  });

  it('shows a student only the lessons they attended, without the tutor payment status', async () => {
    const { body } = await list(sam);
    expect(body.docs.map((row: Json) => row._id).sort()).toEqual([tomSam._id, trial._id].sort());
    expect(body.docs[0]).not.toHaveProperty('tutorPaymentStatus');
    const mayaRows = await list(maya);
    expect(mayaRows.body.docs.map((row: Json) => row._id)).toEqual([graceMaya._id]);
    const other = await local.api.call('lessonHistory.get', { ...sam, params: { id: graceMaya._id } });
    expect(other.status).toBe(404);
    const own = await local.api.call<Json>('lessonHistory.get', { ...sam, params: { id: tomSam._id } });
    expect(own.status).toBe(200);
  });

  it("keeps another tenant's rows out of reach", async () => {
    const northwindApi = apiClient(local.stack.apiUrl, { tenant: 'northwind' });
    const one = await northwindApi.call('lessonHistory.get', {
      ...northwindAdmin,
      params: { id: tomSam._id },
    });
    expect(one.status).toBe(404);
    const rows = await northwindApi.call<Json>('lessonHistory.list', { ...northwindAdmin });
    expect(rows.body).toMatchObject({ totalDocs: 0, docs: [] });
  });
});

describe('tutor payment status', () => {
  const update = (session: Session, body: unknown) =>
    local.api.call<Json>('lessonHistory.updateTutorPaymentStatus', { ...session, body });

  it('lets an admin mark many lessons PAID at once, and the list shows it', async () => {
    const { status, body } = await update(admin, {
      lesssonHistoryIds: [tomSam._id, graceMaya._id],
      tutorPaymentStatus: 'PAID',
    });
    expect(status).toBe(200);
    expect(body.docs.map((row: Json) => [row._id, row.tutorPaymentStatus]).sort()).toEqual(
      [
        [tomSam._id, 'PAID'],
        [graceMaya._id, 'PAID'],
      ].sort(),
    );
    const paid = await list(admin, { tutorPaymentStatus: 'PAID' });
    expect(paid.body.docs.map((row: Json) => row._id).sort()).toEqual([tomSam._id, graceMaya._id].sort());
  });

  it('changes nothing when one id is unknown (404)', async () => {
    const { status, body } = await update(admin, {
      lesssonHistoryIds: [trial._id, 'no-such-lesson'],
      tutorPaymentStatus: 'PAID',
    });
    expect(status).toBe(404);
    expect(body.message).toContain('no-such-lesson');
    const row = await local.api.call<Json>('lessonHistory.get', { ...admin, params: { id: trial._id } });
    expect(row.body.tutorPaymentStatus).toBe('PROCESSING');
  });

  it('is not for tutors, even though their role shows the status column (403)', async () => {
    const { status } = await update(tutor, {
      lesssonHistoryIds: [tomSam._id],
      tutorPaymentStatus: 'PROCESSING',
    });
    expect(status).toBe(403);
    const { status: asStudent } = await update(sam, {
      lesssonHistoryIds: [tomSam._id],
      tutorPaymentStatus: 'PAID',
    });
    expect(asStudent).toBe(403);
  });

  it.each([
    [{ lesssonHistoryIds: [], tutorPaymentStatus: 'PAID' }, /Choose at least one lesson/],
    [{ lesssonHistoryIds: ['x'], tutorPaymentStatus: 'DONE' }, /tutorPaymentStatus/],
    [{ lessonHistoryIds: ['x'], tutorPaymentStatus: 'PAID' }, /Unknown field/],
  ])('refuses %j with a 400', async (body, message) => {
    const result = await update(admin, body);
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(message);
  });
});
