import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { backfillLists } from '../../../functions/crud/backfill-lists';
import { db, tableName } from '../../../functions/lib/db';
import { hashPassword } from '../../../functions/lib/passwords';
import { insertLessonHistory, lessonHistorySeedItems } from '../../../functions/repositories/lesson-history';
import {
  type MeetingRequestRecord,
  meetingRequestsRepository,
} from '../../../functions/repositories/meeting-requests';
import { putTenant } from '../../../functions/repositories/tenants';
import { type TrialRecord, trialsRepository } from '../../../functions/repositories/trials';
import { createUser } from '../../../functions/repositories/users';
import { ensureSystemRoles } from '../../../functions/roles/system-roles';
import { collections, keys } from '../../../functions/table/access-patterns';
import { batchWriteItems } from '../../../functions/table/batch';
import { fullPermissionSet } from '../../../shared/permissions/catalogue';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { toLessonHistory } from '../../../shared/rules/lesson-history';
import { demo } from '../../support/api-client';
import { placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

/**
 * Admin lists served from their list indexes (functions/crud/list-index.ts): each filter's page and total
 * from keys and counters, moved by updates and deletes in the record's own transaction, per tenant; and the
 * page that says it is partial when a search stopped at its scan limit. Two tenants of this file's own
 * ("lists", and "lists-big" loaded in bulk) keep the counts exact and apart from the demo's.
 */
// A scan limit of 200 (the deployment's LIST_SCAN_LIMIT) shows the partial answers on 210 records, not 2,010.
const SCAN_LIMIT = 200;
const local = localStackForFile({ LIST_SCAN_LIMIT: String(SCAN_LIMIT) });
type Json = Record<string, any>;
type Session = { token: string; userId: string; tenant: string };
let admin: Session;
let demoAdmin: Session;

const TENANT = 'lists';
const BIG = 'lists-big';

async function createTenantWithAdmin(key: string): Promise<Session> {
  await putTenant({ _id: key, key, name: key, domain: `${key}.test`, permissions: fullPermissionSet() });
  await ensureSystemRoles(key);
  await createUser(key, {
    _id: `${key}-admin`,
    firstname: 'List',
    lastname: 'Admin',
    email: `admin@${key}.test`,
    type: 'admin',
    roleId: systemRoleIds.Admin,
    passwordHash: await hashPassword('Lists-admin-1'),
  });
  return { ...(await local.api.signIn(`admin@${key}.test`, 'Lists-admin-1', key)), tenant: key };
}

async function page(session: Session, route: string, query: Json = {}): Promise<Json> {
  const { status, body } = await local.api.call<Json>(route, { ...session, query: { limit: 100, ...query } });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}
const ids = (body: Json) => body.docs.map((doc: Json) => doc._id);

// ---- trials --------------------------------------------------------------------------------------------

const trialStatusOf = ['COMPLETED', 'SCHEDULED', 'PENDING'] as const;

/** Twelve trials on 1-12 March 2031 at 10:00 UTC, booked in the reverse order of their lessons. */
function trial(i: number, tenantWord = 'physics'): TrialRecord {
  const status = trialStatusOf[i % 3]!;
  const at = `2031-01-${String(20 - i).padStart(2, '0')}T12:00:00.000Z`;
  return {
    _id: `list-trial-${String(i).padStart(2, '0')}`,
    studentId: `list-student-${i % 4}`,
    tutorId: `list-tutor-${i % 2}`,
    courseId: `list-course-${i}`,
    sectionId: `list-lesson-${i}`,
    curriculum: 'Cambridge IGCSE',
    subject: tenantWord,
    grade: 'Grade 10',
    startDate: `2031-03-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
    endDate: `2031-03-${String(i + 1).padStart(2, '0')}T10:45:00.000Z`,
    status,
    outcome:
      status === 'PENDING' ? 'AWAITING_PARENT' : status === 'COMPLETED' && i % 2 ? 'NOT_SUCCESSFUL' : null,
    student: { firstname: 'Student', lastname: String(i % 4), email: `s${i % 4}@lists.test` },
    tutor: { firstname: 'Tutor', lastname: String(i % 2) },
    recordings: [],
    createdAt: at,
    updatedAt: at,
  };
}
const trialIds = (...indexes: number[]) => indexes.map((i) => trial(i)._id);

let demoCompleted: Json;

beforeAll(async () => {
  demoAdmin = { ...(await local.api.signIn(demo.admin.email, demo.admin.password)), tenant: 'demo' };
  demoCompleted = await page(demoAdmin, 'trials.adminList', { status: 'COMPLETED' });
  admin = await createTenantWithAdmin(TENANT);
  for (let i = 0; i < 12; i++) expect(await trialsRepository.ensure(TENANT, trial(i))).toBe(true);
});

describe('GET /admin/trials from its list indexes', () => {
  it('filters by status, newest lesson first, with the total from the counters and pages by offset', async () => {
    const completed = await page(admin, 'trials.adminList', { status: 'COMPLETED' });
    expect(ids(completed)).toEqual(trialIds(9, 6, 3, 0));
    expect(completed.totalDocs).toBe(4);
    expect(completed.partial).toBeUndefined();
    const second = await page(admin, 'trials.adminList', { status: 'COMPLETED', limit: 2, offset: 1 });
    expect(ids(second)).toEqual(trialIds(6, 3));
    expect(second.totalDocs).toBe(4);
    expect(
      ids(
        await page(admin, 'trials.adminList', {
          status: 'COMPLETED',
          sortValue: 'asc',
          sortKey: 'startDate',
        }),
      ),
    ).toEqual(trialIds(0, 3, 6, 9));
  });

  it('filters by outcome, tutor and student, each with its total', async () => {
    const notSuccessful = await page(admin, 'trials.adminList', { outcome: 'NOT_SUCCESSFUL' });
    expect([ids(notSuccessful), notSuccessful.totalDocs]).toEqual([trialIds(9, 3), 2]);
    const tutor = await page(admin, 'trials.adminList', { tutorId: 'list-tutor-0' });
    expect([ids(tutor), tutor.totalDocs]).toEqual([trialIds(10, 8, 6, 4, 2, 0), 6]);
    // A student's partition is ordered by booking: the list still comes newest lesson first.
    const student = await page(admin, 'trials.adminList', { studentId: 'list-student-1' });
    expect([ids(student), student.totalDocs, student.partial]).toEqual([trialIds(9, 5, 1), 3, undefined]);
    const both = await page(admin, 'trials.adminList', { status: 'COMPLETED', tutorId: 'list-tutor-0' });
    expect([ids(both), both.totalDocs, both.partial]).toEqual([trialIds(6, 0), 2, undefined]);
  });

  it('filters by lesson dates as a range of the index, counting partial days from their entries', async () => {
    // 3 March from midnight to 5 March at noon: the trials of the 3rd, 4th and 5th (at 10:00).
    const range = { startDate: '2031-03-03T00:00:00.000Z', endDate: '2031-03-05T12:00:00.000Z' };
    const dated = await page(admin, 'trials.adminList', range);
    expect([ids(dated), dated.totalDocs]).toEqual([trialIds(4, 3, 2), 3]);
    // Bounds inside days, with an offset: 2 March 11:00 UTC to 7 March 09:59 UTC.
    const inside = await page(admin, 'trials.adminList', {
      startDate: '2031-03-02T12:00:00+01:00',
      endDate: '2031-03-07T09:59:00Z',
    });
    expect([ids(inside), inside.totalDocs]).toEqual([trialIds(5, 4, 3, 2), 4]);
    const completedInRange = await page(admin, 'trials.adminList', { ...range, status: 'COMPLETED' });
    expect([ids(completedInRange), completedInRange.totalDocs]).toEqual([trialIds(3), 1]);
  });

  it('moves a trial between statuses and outcomes in the update that changes it', async () => {
    const changed = await local.api.call<Json>('trials.adminUpdate', {
      ...admin,
      params: { id: trial(0)._id },
      body: { outcome: 'ENROLLED' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ status: 'SUCCEED', outcome: 'ENROLLED' });
    const completed = await page(admin, 'trials.adminList', { status: 'COMPLETED' });
    expect([ids(completed), completed.totalDocs]).toEqual([trialIds(9, 6, 3), 3]);
    const succeeded = await page(admin, 'trials.adminList', { status: 'SUCCEED' });
    expect([ids(succeeded), succeeded.totalDocs]).toEqual([trialIds(0), 1]);
    const enrolled = await page(admin, 'trials.adminList', {
      outcome: 'ENROLLED',
      startDate: '2031-03-01T00:00:00Z',
    });
    expect([ids(enrolled), enrolled.totalDocs]).toEqual([trialIds(0), 1]);
  });

  it("keeps each tenant's lists and counts to itself", async () => {
    const demoNow = await page(demoAdmin, 'trials.adminList', { status: 'COMPLETED' });
    expect(demoNow.totalDocs).toBe(demoCompleted.totalDocs);
    expect(ids(demoNow)).toEqual(ids(demoCompleted));
    const asDemo = await local.api.call<Json>('trials.adminUpdate', {
      ...demoAdmin,
      params: { id: trial(3)._id },
      body: { status: 'PENDING', outcome: 'AWAITING_PARENT' },
    });
    expect(asDemo.status).toBe(404);
    expect((await page(admin, 'trials.adminList', { status: 'COMPLETED' })).totalDocs).toBe(3);
  });
});

describe('a search past the scan limit', () => {
  let big: Session;
  const COUNT = SCAN_LIMIT + 10;

  beforeAll(async () => {
    big = await createTenantWithAdmin(BIG);
    // Loaded in bulk from the items the repository builds (records, entries, counters).
    const records = Array.from({ length: COUNT }, (_, i) => ({
      ...trial(i % 12, i % 2 ? 'Physics' : 'Chemistry'),
      _id: `big-trial-${String(i).padStart(5, '0')}`,
      startDate: new Date(Date.UTC(2030, 0, 1) + i * 3_600_000).toISOString(),
    }));
    const items = trialsRepository.seedItems(BIG, records).map((Item) => ({ PutRequest: { Item } }));
    const share = Math.ceil(items.length / 16);
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => batchWriteItems(items.slice(i * share, (i + 1) * share))),
    );
  });

  it('says the answer covers only the newest records, and counts the matches among them', async () => {
    const searched = await page(big, 'trials.adminList', { searchText: 'physics', limit: 10 });
    expect(searched.partial).toEqual({ scanned: SCAN_LIMIT });
    expect(searched.totalDocs).toBe(SCAN_LIMIT / 2);
    expect(searched.docs).toHaveLength(10);
    expect(searched.docs.every((doc: Json) => doc.subject === 'Physics')).toBe(true);
    // The newest first: the last trial loaded is odd (Physics).
    expect(searched.docs[0]._id).toBe(`big-trial-${String(COUNT - 1).padStart(5, '0')}`);
  });

  it('answers a filter served by an index over every record, exactly', async () => {
    const completed = await page(big, 'trials.adminList', { status: 'COMPLETED', limit: 5 });
    expect(completed.partial).toBeUndefined();
    expect(completed.totalDocs).toBe(
      Array.from({ length: COUNT }, (_, i) => (i % 12) % 3 === 0).filter(Boolean).length,
    );
    const all = await page(big, 'trials.adminList', { limit: 5 });
    expect([all.totalDocs, all.partial]).toEqual([COUNT, undefined]);
  });

  it('answers a sort no index keeps within the scan limit, and says so', async () => {
    const sorted = await page(big, 'trials.adminList', { sortKey: 'status', sortValue: 'asc', limit: 5 });
    expect(sorted.partial).toEqual({ scanned: SCAN_LIMIT });
    expect(sorted.totalDocs).toBe(SCAN_LIMIT);
  });
});

// ---- courses -------------------------------------------------------------------------------------------

describe('GET /admin/courses from its list indexes', () => {
  const curriculum = `Lists curriculum ${Date.now().toString(36)}`;
  const created = { one: '', two: '', three: '' };

  beforeAll(async () => {
    for (const [name, status, type, grade] of [
      ['one', 'ACTIVE', 'One-to-One', 'Grade 9'],
      ['two', 'DRAFT', 'Group', 'Grade 9'],
      ['three', 'ACTIVE', 'Group', 'Grade 10'],
    ] as const) {
      const course = await local.api.call<Json>('courses.adminCreate', {
        ...demoAdmin,
        body: { title: `Course ${name}`, curriculum, subject: 'Physics', grade, status, type },
      });
      expect(course.status, JSON.stringify(course.body)).toBe(201);
      created[name] = course.body._id;
    }
  });

  it('filters by curriculum with its total, and combines it with status, type and grade', async () => {
    const all = await page(demoAdmin, 'courses.adminList', { curriculum });
    expect([ids(all), all.totalDocs]).toEqual([[created.three, created.two, created.one], 3]);
    const active = await page(demoAdmin, 'courses.adminList', { curriculum, status: 'ACTIVE' });
    expect([ids(active), active.totalDocs]).toEqual([[created.three, created.one], 2]);
    const group9 = await page(demoAdmin, 'courses.adminList', {
      curriculum,
      type: 'Group',
      grade: 'Grade 9',
    });
    expect([ids(group9), group9.totalDocs]).toEqual([[created.two], 1]);
  });

  it('moves a course between statuses on update and lowers the count on delete', async () => {
    const drafts = async () => (await page(demoAdmin, 'courses.adminList', { status: 'DRAFT' })).totalDocs;
    const draftsBefore = await drafts();
    const updated = await local.api.call<Json>('courses.adminUpdate', {
      ...demoAdmin,
      params: { id: created.one },
      body: { status: 'DRAFT' },
    });
    expect(updated.status).toBe(200);
    expect(await drafts()).toBe(draftsBefore + 1);
    expect(ids(await page(demoAdmin, 'courses.adminList', { curriculum, status: 'DRAFT' }))).toEqual([
      created.two,
      created.one,
    ]);
    const deleted = await local.api.call('courses.adminDelete', {
      ...demoAdmin,
      params: { id: created.two },
    });
    expect(deleted.status).toBe(200);
    expect(await drafts()).toBe(draftsBefore);
    const left = await page(demoAdmin, 'courses.adminList', { curriculum });
    expect([ids(left), left.totalDocs]).toEqual([[created.three, created.one], 2]);
  });

  it("does not count another tenant's courses", async () => {
    expect((await page(admin, 'courses.adminList', { curriculum })).totalDocs).toBe(0);
  });
});

// ---- lesson requests -----------------------------------------------------------------------------------

/** Six requests, created 1-6 February 2031, on lessons of 1-6 April 2031 at 09:00 UTC. */
function request(i: number): MeetingRequestRecord {
  const person = (id: string) => ({ _id: id, firstname: 'P', lastname: id });
  const at = `2031-02-0${i + 1}T08:00:00.000Z`;
  return {
    _id: `list-request-${i}`,
    type: i % 2 ? 'RESCHEDULE' : 'CANCEL',
    status: (['PENDING', 'APPROVED', 'PENDING', 'REJECTED', 'PENDING', 'APPROVED'] as const)[i]!,
    sectionId: `list-lesson-${i}`,
    courseId: 'list-course',
    courseTitle: 'Lists course',
    lessonTitle: `Lesson ${i}`,
    start: `2031-04-0${i + 1}T09:00:00.000Z`,
    end: `2031-04-0${i + 1}T10:00:00.000Z`,
    newStart: null,
    newEnd: null,
    newTutorId: null,
    students: [person(`list-student-${i % 2}`)],
    tutors: [person(`list-tutor-${i % 3}`)],
    reason: 'Sickness',
    category: null,
    note: null,
    requestedByRole: i % 2 ? 'TUTOR' : 'STUDENT',
    requestedBy: person(i % 2 ? `list-tutor-${i % 3}` : `list-student-${i % 2}`),
    respondedBy: null,
    respondedAt: null,
    adminNote: null,
    tutorPaymentStatus: 'PROCESSING',
    penalty: 0,
    penaltyAmount: 0,
    penaltyReason: null,
    tutorAmountCurrency: 'USD',
    createdAt: at,
    updatedAt: at,
  };
}
const requestIds = (...indexes: number[]) => indexes.map((i) => request(i)._id);

describe('GET /admin/meeting-requests from its list indexes', () => {
  beforeAll(async () => {
    for (let i = 0; i < 6; i++) expect(await meetingRequestsRepository.ensure(TENANT, request(i))).toBe(true);
  });

  it('filters by status, type and person, newest request first, with totals', async () => {
    const pending = await page(admin, 'meetingRequests.adminList', { statuses: 'PENDING' });
    expect([ids(pending), pending.totalDocs, pending.partial]).toEqual([requestIds(4, 2, 0), 3, undefined]);
    const reschedules = await page(admin, 'meetingRequests.adminList', { type: 'RESCHEDULE' });
    expect([ids(reschedules), reschedules.totalDocs]).toEqual([requestIds(5, 3, 1), 3]);
    const student = await page(admin, 'meetingRequests.adminList', { studentId: 'list-student-1' });
    expect([ids(student), student.totalDocs]).toEqual([requestIds(5, 3, 1), 3]);
    const tutor = await page(admin, 'meetingRequests.adminList', {
      tutorId: 'list-tutor-0',
      statuses: 'APPROVED',
    });
    expect([ids(tutor), tutor.totalDocs]).toEqual([[], 0]);
    const everyStatus = await page(admin, 'meetingRequests.adminList', {
      statuses: 'PENDING,APPROVED,REJECTED',
    });
    expect(everyStatus.totalDocs).toBe(6);
  });

  it("filters by the lesson's dates, alone and with a status", async () => {
    const range = { startDate: '2031-04-02', endDate: '2031-04-04T09:00:00Z' };
    const dated = await page(admin, 'meetingRequests.adminList', range);
    expect([ids(dated), dated.totalDocs]).toEqual([requestIds(3, 2, 1), 3]);
    const pending = await page(admin, 'meetingRequests.adminList', { ...range, statuses: 'PENDING' });
    expect([ids(pending), pending.totalDocs]).toEqual([requestIds(2), 1]);
  });

  it('moves a request between statuses when it is answered', async () => {
    await meetingRequestsRepository.update(TENANT, request(2)._id, { status: 'APPROVED' });
    const pending = await page(admin, 'meetingRequests.adminList', { statuses: 'PENDING' });
    expect([ids(pending), pending.totalDocs]).toEqual([requestIds(4, 0), 2]);
    const approved = await page(admin, 'meetingRequests.adminList', { statuses: 'APPROVED' });
    expect([ids(approved), approved.totalDocs]).toEqual([requestIds(5, 2, 1), 3]);
    const approvedInApril = await page(admin, 'meetingRequests.adminList', {
      statuses: 'APPROVED',
      startDate: '2031-04-01',
      endDate: '2031-04-03',
    });
    expect([ids(approvedInApril), approvedInApril.totalDocs]).toEqual([requestIds(2, 1), 2]);
  });

  it("keeps the demo tenant's requests apart", async () => {
    const demoPending = await page(demoAdmin, 'meetingRequests.adminList', { statuses: 'PENDING' });
    expect(ids(demoPending).some((id: string) => id.startsWith('list-request-'))).toBe(false);
  });
});

// ---- lesson history ------------------------------------------------------------------------------------

describe('GET /lesson-history from its list indexes', () => {
  const types = ['Private', 'Group', 'Private', 'Private', 'Group'];

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      const start = `2031-05-0${i + 1}T08:00:00.000Z`;
      const row = toLessonHistory(
        {
          _id: `list-history-${i}`,
          title: `Lesson ${i}`,
          start,
          end: `2031-05-0${i + 1}T09:00:00.000Z`,
          type: i === 3 ? 'TRIAL' : 'LESSON',
          course: `list-course-${i % 2}`,
          tutorId: `list-tutor-${i % 2}`,
          studentIds: [`list-student-${i % 2}`],
        },
        {
          _id: `list-course-${i % 2}`,
          title: 'Course',
          subject: 'Physics',
          curriculum: 'Cambridge IGCSE',
          grade: 'Grade 10',
          type: types[i]!,
          paymentType: 'PREPAID',
          isTrial: false,
        },
        [],
        start,
      );
      expect(await insertLessonHistory(TENANT, row)).toBe(true);
    }
  });

  it('filters by lesson type and by tutor payment status, with totals, and moves rows paid in bulk', async () => {
    const oneOnOne = await page(admin, 'lessonHistory.list', { lessonType: '1 on 1' });
    expect([ids(oneOnOne), oneOnOne.totalDocs]).toEqual([['list-history-2', 'list-history-0'], 2]);
    expect((await page(admin, 'lessonHistory.list', { tutorPaymentStatus: 'PROCESSING' })).totalDocs).toBe(5);
    const paid = await local.api.call<Json>('lessonHistory.updateTutorPaymentStatus', {
      ...admin,
      body: { lesssonHistoryIds: ['list-history-1', 'list-history-4'], tutorPaymentStatus: 'PAID' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const processing = await page(admin, 'lessonHistory.list', { tutorPaymentStatus: 'PROCESSING' });
    expect([ids(processing), processing.totalDocs]).toEqual([
      ['list-history-3', 'list-history-2', 'list-history-0'],
      3,
    ]);
    const paidRows = await page(admin, 'lessonHistory.list', {
      tutorPaymentStatus: 'PAID',
      startDate: '2031-05-02',
      endDate: '2031-05-04',
    });
    expect([ids(paidRows), paidRows.totalDocs]).toEqual([['list-history-1'], 1]);
    expect(
      (await page(admin, 'lessonHistory.list', { lessonType: 'GROUP', tutorPaymentStatus: 'PAID' }))
        .totalDocs,
    ).toBe(2);
  });

  it("filters by course, student and tutor, and by dates, and never shows another tenant's rows", async () => {
    const course = await page(admin, 'lessonHistory.list', { courseId: 'list-course-1' });
    expect([ids(course), course.totalDocs]).toEqual([['list-history-3', 'list-history-1'], 2]);
    const student = await page(admin, 'lessonHistory.list', { studentId: 'list-student-0' });
    expect(student.totalDocs).toBe(3);
    const dated = await page(admin, 'lessonHistory.list', {
      startDate: '2031-05-02T08:00:00Z',
      endDate: '2031-05-03',
    });
    expect([ids(dated), dated.totalDocs]).toEqual([['list-history-2', 'list-history-1'], 2]);
    const demoRows = await page(demoAdmin, 'lessonHistory.list', { courseId: 'list-course-1' });
    expect(demoRows.totalDocs).toBe(0);
    // Dates the wrong way round match nothing (never a key condition the database refuses).
    const backwards = await page(admin, 'lessonHistory.list', {
      startDate: '2031-05-04',
      endDate: '2031-05-02',
    });
    expect([backwards.docs, backwards.totalDocs]).toEqual([[], 0]);
  });
});

describe('a deep page of a list counted by day', () => {
  const DAYS_TENANT = 'lists-days';
  let session: Session;
  /** 45 lessons a day, half an hour apart from midnight UTC, on 1, 2, 3, 5, 6 and 7 June 2031 (none on the 4th). */
  const starts = ['01', '02', '03', '05', '06', '07'].flatMap((day) =>
    Array.from(
      { length: 45 },
      (_, n) => new Date(Date.parse(`2031-06-${day}T00:00:00.000Z`) + n * 1_800_000),
    ),
  );
  const rows = starts.map((start, i) =>
    toLessonHistory(
      {
        _id: `day-history-${String(i).padStart(3, '0')}`,
        title: `Lesson ${i}`,
        start: start.toISOString(),
        end: new Date(start.getTime() + 1_500_000).toISOString(),
        type: 'LESSON',
        course: 'day-course',
        tutorId: 'day-tutor',
        studentIds: ['day-student'],
      },
      undefined,
      [],
      start.toISOString(),
    ),
  );

  beforeAll(async () => {
    session = await createTenantWithAdmin(DAYS_TENANT);
    // In bulk, as the benchmarks load it: the repository's own items (rows, entries, day counts, count).
    const items = lessonHistorySeedItems(DAYS_TENANT, rows);
    for (let i = 0; i < items.length; i += 25) {
      await batchWriteItems(items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })));
    }
  });

  it('starts a deep page where reading every key before it would, whole days passed over by their counts', async () => {
    const cases = [
      { range: { startDate: '2031-06-01', endDate: '2031-06-07' }, sortValue: 'desc', step: 1 },
      // Cut days: the first and last day counted by their keys, not by their counters.
      {
        range: { startDate: '2031-06-01T10:00:00Z', endDate: '2031-06-07T15:00:00Z' },
        sortValue: 'asc',
        step: 1,
      },
      {
        range: { startDate: '2031-06-01T10:00:00Z', endDate: '2031-06-07T15:00:00Z' },
        sortValue: 'desc',
        step: 4,
      },
      { range: { endDate: '2031-06-06' }, sortValue: 'asc', step: 4 },
    ];
    for (const { range, sortValue, step } of cases) {
      const from = range.startDate ? Date.parse(range.startDate) : 0;
      const to =
        range.endDate.length === 10
          ? Date.parse(`${range.endDate}T23:59:59.999Z`)
          : Date.parse(range.endDate);
      const inRange = rows
        .filter((row) => Date.parse(row.start) >= from && Date.parse(row.start) <= to)
        .map((row) => row._id);
      const expected = sortValue === 'asc' ? inRange : [...inRange].reverse();
      for (let offset = 195; offset <= expected.length; offset += step) {
        const body = await page(session, 'lessonHistory.list', { ...range, sortValue, limit: 3, offset });
        expect([offset, ids(body), body.totalDocs]).toEqual([
          offset,
          expected.slice(offset, offset + 3),
          expected.length,
        ]);
      }
    }
  });
});

// ---- reported issues, the schedule, the user directory --------------------------------------------------

describe('other lists served from indexes', () => {
  it('lists reported issues by status and kind, moved when resolved', async () => {
    const student = await local.api.signIn(demo.student.email, demo.student.password);
    const open = async () => (await page(demoAdmin, 'reportIssues.list', { status: 'OPEN' })).totalDocs;
    const before = await open();
    const created = await local.api.call<Json>('reportIssues.create', {
      ...student,
      body: { subject: 'Broken video', description: 'Black screen', pagePath: '/x' },
    });
    expect(created.status).toBe(201);
    expect(await open()).toBe(before + 1);
    const issues = await page(demoAdmin, 'reportIssues.list', { kind: 'ISSUE', status: 'OPEN' });
    expect(ids(issues)[0]).toBe(created.body._id);
    await local.api.call('reportIssues.update', {
      ...demoAdmin,
      params: { id: created.body._id },
      body: { status: 'RESOLVED' },
    });
    expect(await open()).toBe(before);
    expect(ids(await page(demoAdmin, 'reportIssues.list', { status: 'RESOLVED' }))).toContain(
      created.body._id,
    );
  });

  it('counts and pages the admin schedule by day counters, and by a tutor', async () => {
    const place = (start: string, tutorId: string) =>
      placeLesson(TENANT, {
        start,
        minutes: 60,
        tutorId,
        studentIds: ['list-student-0'],
        course: 'list-course',
      });
    const first = await place('2031-06-01T10:00:00.000Z', 'list-tutor-0');
    const second = await place('2031-06-02T10:00:00.000Z', 'list-tutor-0');
    const third = await place('2031-06-02T23:30:00.000Z', 'list-tutor-1');
    const count = (query: Json) => page(admin, 'schedule.adminMeetings', { countOnly: '1', ...query });
    expect(
      (await count({ startDate: '2031-06-01T00:00:00.000Z', endDate: '2031-06-04T00:00:00.000Z' })).totalDocs,
    ).toBe(3);
    expect(
      (await count({ startDate: '2031-06-02T00:00:00.000Z', endDate: '2031-06-02T12:00:00.000Z' })).totalDocs,
    ).toBe(1);
    const days = { startDate: '2031-06-01T00:00:00.000Z', endDate: '2031-06-04T00:00:00.000Z' };
    const listed = await page(admin, 'schedule.adminMeetings', { ...days, limit: 2, offset: 1 });
    expect([ids(listed), listed.totalDocs]).toEqual([[second._id, third._id], 3]);
    const tutor = await page(admin, 'schedule.adminMeetings', { ...days, tutorId: 'list-tutor-0' });
    expect([ids(tutor), tutor.totalDocs]).toEqual([[first._id, second._id], 2]);
    expect((await page(demoAdmin, 'schedule.adminMeetings', { ...days, countOnly: '1' })).totalDocs).toBe(0);
  });

  it('counts the user directory per type, and pages it in name order', async () => {
    for (const [id, type, name] of [
      ['list-u-1', 'student', 'Zoe'],
      ['list-u-2', 'student', 'Adam'],
      ['list-u-3', 'tutor', 'Mia'],
    ] as const) {
      await createUser(TENANT, {
        _id: id,
        firstname: name,
        lastname: 'Lists',
        email: `${id}@lists.test`,
        type,
        roleId: type === 'student' ? systemRoleIds.Student : systemRoleIds.Tutor,
        passwordHash: 'x',
      });
    }
    const everyone = await page(admin, 'users.adminDropdown', {});
    expect([ids(everyone), everyone.totalDocs]).toEqual([['list-u-2', 'list-u-3', 'list-u-1'], 3]);
    const second = await page(admin, 'users.adminDropdown', { userTypes: 'student', limit: 1, offset: 1 });
    expect([ids(second), second.totalDocs]).toEqual([['list-u-1'], 2]);
    const named = await page(admin, 'users.adminDropdown', { name: 'mia' });
    expect([ids(named), named.totalDocs, named.partial]).toEqual([['list-u-3'], 1, undefined]);
  });
});

// ---- backfill ------------------------------------------------------------------------------------------

describe('records stored before their list indexes', () => {
  it('are listed and counted by the backfill, once, and then move like the others', async () => {
    // A trial as the repository wrote it before list indexes: the record and the collection count only.
    const old = { ...trial(1), _id: 'list-trial-old', startDate: '2031-03-20T10:00:00.000Z' };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.collectionItem(TENANT, collections.trials, old._id),
          ...keys.collectionOrder(TENANT, collections.trials, old.createdAt, old._id),
          gsi2pk: keys.userTrialsIndex(TENANT, old.studentId),
          gsi2sk: `${old.createdAt}#${old._id}`,
          entity: collections.trials,
          ...old,
        },
      }),
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.counter(TENANT, collections.trials),
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const scheduled = () => page(admin, 'trials.adminList', { status: 'SCHEDULED' });
    const before = await scheduled();
    expect(ids(before)).not.toContain(old._id);

    const report = await backfillLists(TENANT);
    expect(report.trials).toBe(1);
    const after = await scheduled();
    expect([ids(after)[0], after.totalDocs]).toEqual([old._id, before.totalDocs + 1]);
    expect((await backfillLists(TENANT)).trials).toBe(0);
    expect((await scheduled()).totalDocs).toBe(before.totalDocs + 1);
  });

  it('leaves a record changed before the backfill listed once too', async () => {
    const old = {
      ...trial(4),
      _id: 'list-trial-older',
      startDate: '2031-03-21T10:00:00.000Z',
      status: 'COMPLETED' as const,
      outcome: null,
    };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.collectionItem(TENANT, collections.trials, old._id),
          entity: collections.trials,
          ...old,
        },
      }),
    );
    const completed = async () => (await page(admin, 'trials.adminList', { status: 'COMPLETED' })).totalDocs;
    const before = await completed();
    // An update lists it (and marks it), so the backfill finds nothing left to do for it.
    await trialsRepository.update(TENANT, old._id, { outcome: 'NOT_SUCCESSFUL' });
    expect(await completed()).toBe(before + 1);
    expect((await backfillLists(TENANT)).trials).toBe(0);
    expect(await completed()).toBe(before + 1);
  });
});
