import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName, UpdateCommand } from '../../../functions/lib/db';
import {
  backfillTutorRateCountryIndex,
  oneToOneTutorRatesOfTutorCountries,
  ratesForRun,
} from '../../../functions/repositories/tutor-rates';
import { collections, keys } from '../../../functions/table/access-patterns';
import { demo } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

/**
 * Tutor rates by kind (issue 18 item 2): a student's one-to-one rate student type and a group course's rate
 * course type are the kind of their lessons, so a rate for that kind beats an "any kind" rate for them and
 * not for a lesson of another kind; the kind is fixed on the history row. And the general rates are read by
 * the tutor's country (the tutor-country index), never another country's.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;

const TOM = 'demo-tutor-1'; // GB
const EXAM_TYPE = 'student-type-exam'; // seeded
const SAM = 'demo-student-1';
const MAYA = 'demo-student-2';

const withPay = { includeTutorAmountData: '1' };
const usd = (amount: number) => ({ amount, currency: 'USD' });

async function runSchedule() {
  local.stack.bus.triggerSchedule('lesson-history');
  await local.stack.bus.idle();
}

const historyRow = (id: string) =>
  local.api.call<Json>('lessonHistory.get', { ...admin, params: { id }, query: withPay });

const assignStudentType = (userId: string, studentType: string) =>
  local.api.call<Json>('adminUsers.setRateStudentType', {
    ...admin,
    params: { id: userId },
    body: { studentType },
  });

async function created(route: string, body: Json): Promise<string> {
  const answer = await local.api.call<Json>(route, { ...admin, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body._id;
}

let casualType: string;
let workshopType: string;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  casualType = await created('one-to-one-tutor-rate-student-types.create', { name: 'Casual learners' });
  workshopType = await created('group-tutor-rate-course-types.create', { name: 'Workshop' });
  // One-to-one: 30.00 for any kind, 45.00 for exam-year students (created first: specificity decides).
  await created('one-to-one-tutor-rates.create', {
    studentType: EXAM_TYPE,
    rate: usd(45),
    effectiveFrom: '2020-01-01T00:00:00Z',
  });
  await created('one-to-one-tutor-rates.create', { rate: usd(30), effectiveFrom: '2021-01-01T00:00:00Z' });
  // Group: 20.00 for any course type, 35.00 for workshops.
  await created('group-tutor-rates.create', {
    courseType: workshopType,
    rate: usd(35),
    effectiveFrom: '2020-01-01T00:00:00Z',
  });
  await created('group-tutor-rates.create', { rate: usd(20), effectiveFrom: '2021-01-01T00:00:00Z' });
});

describe('a student type', () => {
  it('is assigned by an admin to a student only, dated, and must exist', async () => {
    // Act
    const assigned = await assignStudentType(SAM, EXAM_TYPE);
    const unknown = await assignStudentType(MAYA, 'no-such-type');
    const tutor = await assignStudentType(TOM, EXAM_TYPE);
    const asStudent = await local.api.call<Json>('adminUsers.setRateStudentType', {
      ...(await local.api.signIn(demo.student.email, demo.student.password)),
      params: { id: SAM },
      body: { studentType: '' },
    });
    // Assess
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.rateStudentType).toBe(EXAM_TYPE);
    expect(Date.parse(assigned.body.rateStudentTypeAssignedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(unknown.status).toBe(400);
    expect(tutor.status).toBe(400);
    expect(asStudent.status).toBe(403);
  });

  it('is assigned only while ACTIVE, and a student who holds one taken off offer keeps it', async () => {
    // Prepare
    const retiring = await created('one-to-one-tutor-rate-student-types.create', {
      name: 'Retiring learners',
    });
    const archived = await created('one-to-one-tutor-rate-student-types.create', {
      name: 'Archived learners',
      status: 'INACTIVE',
    });
    expect((await assignStudentType('demo-student-3', retiring)).status).toBe(200);
    await local.api.call<Json>('one-to-one-tutor-rate-student-types.update', {
      ...admin,
      params: { id: retiring },
      body: { status: 'INACTIVE' },
    });
    // Act
    const inactive = await assignStudentType(MAYA, archived);
    const retired = await assignStudentType(MAYA, retiring);
    const holder = await local.api.call<Json>('adminUsers.get', {
      ...admin,
      params: { id: 'demo-student-3' },
    });
    // Assess
    expect(inactive.status).toBe(400);
    expect(inactive.body.message).toContain('inactive');
    expect(retired.status).toBe(400);
    expect(holder.body.rateStudentType).toBe(retiring);
    // Leave the student as the other cases expect.
    expect((await assignStudentType('demo-student-3', '')).status).toBe(200);
  });

  it('is not deleted while a student holds it', async () => {
    // Prepare
    const type = await created('one-to-one-tutor-rate-student-types.create', { name: 'Short-lived' });
    await assignStudentType('demo-student-3', type);
    // Act
    const check = await local.api.call<Json>('one-to-one-tutor-rate-student-types.verifyDelete', {
      ...admin,
      params: { id: type },
    });
    const refused = await local.api.call<Json>('one-to-one-tutor-rate-student-types.delete', {
      ...admin,
      params: { id: type },
    });
    const taken = await assignStudentType('demo-student-3', '');
    const deleted = await local.api.call<Json>('one-to-one-tutor-rate-student-types.delete', {
      ...admin,
      params: { id: type },
    });
    // Assess
    expect(check.body).toMatchObject({ canDelete: false, references: [{ entity: 'student', count: 1 }] });
    expect(refused.status).toBe(409);
    expect(taken.body.rateStudentType).toBe('');
    expect(deleted.status).toBe(200);
  });
});

describe("a course's tutor rate course type", () => {
  const courseBody = (type: 'Group' | 'One-to-One', rateCourseType?: string): Json => ({
    title: `${type} course`,
    curriculum: 'Cambridge IGCSE',
    subject: 'Mathematics',
    grade: 'Grade 10',
    type,
    ...(rateCourseType !== undefined ? { rateCourseType } : {}),
  });
  const createCourse = (body: Json) => local.api.call<Json>('courses.adminCreate', { ...admin, body });
  const updateCourse = (id: string, body: Json) =>
    local.api.call<Json>('courses.adminUpdate', { ...admin, params: { id }, body });
  const assignedOf = async (type: string) =>
    (await local.api.call<Json>('group-tutor-rate-course-types.get', { ...admin, params: { id: type } })).body
      .assigned ?? 0;

  it('is refused for a one-to-one course with a 400 that says why, and nothing is assigned', async () => {
    // Prepare
    const type = await created('group-tutor-rate-course-types.create', { name: 'Masterclass' });
    const group = await created('courses.adminCreate', courseBody('Group', type));
    const plain = await created('courses.adminCreate', courseBody('One-to-One'));
    // Act
    const oneToOne = await createCourse(courseBody('One-to-One', type));
    const given = await updateCourse(plain, { rateCourseType: type });
    const madeOneToOne = await updateCourse(group, { type: 'One-to-One' });
    const cleared = await updateCourse(group, { type: 'One-to-One', rateCourseType: '' });
    // Assess
    for (const refused of [oneToOne, given, madeOneToOne]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.message).toContain('A one-to-one course has no tutor rate course type');
    }
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body).toMatchObject({ type: 'One-to-One', rateCourseType: '' });
    expect(await assignedOf(type)).toBe(0);
  });

  it('is offered and taken only while ACTIVE; a course that holds an inactive one keeps it', async () => {
    // Prepare: a course assigned a type that is then taken off offer, and a type inactive from the start.
    const retiring = await created('group-tutor-rate-course-types.create', { name: 'Retiring' });
    const archived = await created('group-tutor-rate-course-types.create', {
      name: 'Archived',
      status: 'INACTIVE',
    });
    const holder = await created('courses.adminCreate', courseBody('Group', retiring));
    const off = await local.api.call<Json>('group-tutor-rate-course-types.update', {
      ...admin,
      params: { id: retiring },
      body: { status: 'INACTIVE' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    // Act
    const picker = await local.api.call<Json>('group-tutor-rate-course-types.dropdown', admin);
    const newCourse = await createCourse(courseBody('Group', archived));
    const other = await created('courses.adminCreate', courseBody('Group'));
    const newAssignment = await updateCourse(other, { rateCourseType: retiring });
    const held = await local.api.call<Json>('courses.adminGet', { ...admin, params: { id: holder } });
    const renamed = await updateCourse(holder, { title: 'Renamed group', rateCourseType: retiring });
    // Assess
    const offered = picker.body.docs.map((option: Json) => option._id);
    expect(offered).not.toContain(retiring);
    expect(offered).not.toContain(archived);
    expect(offered).toContain(workshopType);
    for (const refused of [newCourse, newAssignment]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.message).toContain('inactive');
    }
    expect(held.body.rateCourseType).toBe(retiring);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Renamed group', rateCourseType: retiring });
    expect(await assignedOf(retiring)).toBe(1);
    expect(await assignedOf(archived)).toBe(0);
  });
});

describe('the pay of a lesson by its kind', () => {
  it('pays a typed student at the typed rate, another kind at the "any" rate, and keeps it when the type changes', async () => {
    // Prepare: Sam is an exam-year student, Maya a casual one (no rate names that type).
    expect((await assignStudentType(SAM, EXAM_TYPE)).status).toBe(200);
    expect((await assignStudentType(MAYA, casualType)).status).toBe(200);
    const samLesson = await placeDemoLesson({ start: -180, minutes: 60, tutorId: TOM, studentIds: [SAM] });
    const mayaLesson = await placeDemoLesson({ start: -300, minutes: 60, tutorId: TOM, studentIds: [MAYA] });
    // Act
    await runSchedule();
    await assignStudentType(SAM, casualType);
    const samRow = await historyRow(samLesson._id);
    const mayaRow = await historyRow(mayaLesson._id);
    // Assess
    expect(samRow.body).toMatchObject({ tutorRate: usd(45), tutorRateKind: EXAM_TYPE, tutorAmount: usd(45) });
    expect(mayaRow.body).toMatchObject({
      tutorRate: usd(30),
      tutorRateKind: casualType,
      tutorAmount: usd(30),
    });
  });

  it('pays a group lesson by its course type', async () => {
    // Prepare: two group courses, one a workshop, each with a lesson that ended since the last run.
    const course = (title: string, rateCourseType?: string) =>
      created('courses.adminCreate', {
        title,
        curriculum: 'Cambridge IGCSE',
        subject: 'Mathematics',
        grade: 'Grade 10',
        type: 'Group',
        status: 'ACTIVE',
        ...(rateCourseType ? { rateCourseType } : {}),
      });
    const workshop = await course('Exam workshop', workshopType);
    const plain = await course('Revision group');
    const unknown = await local.api.call<Json>('courses.adminCreate', {
      ...admin,
      body: {
        title: 'Nowhere',
        curriculum: 'Cambridge IGCSE',
        subject: 'Mathematics',
        grade: 'Grade 10',
        type: 'Group',
        rateCourseType: 'no-such-type',
      },
    });
    const inWorkshop = await placeDemoLesson({
      start: -110,
      minutes: 30,
      tutorId: TOM,
      studentIds: [SAM, MAYA],
      course: workshop,
    });
    const inPlain = await placeDemoLesson({
      start: -75,
      minutes: 30,
      tutorId: TOM,
      studentIds: [SAM, MAYA],
      course: plain,
    });
    // Act
    await runSchedule();
    const deleteHeld = await local.api.call<Json>('group-tutor-rate-course-types.verifyDelete', {
      ...admin,
      params: { id: workshopType },
    });
    // Assess
    expect(unknown.status).toBe(400);
    expect((await historyRow(inWorkshop._id)).body).toMatchObject({
      lessonType: 'GROUP',
      tutorRate: usd(35),
      tutorRateKind: workshopType,
    });
    expect((await historyRow(inPlain._id)).body).toMatchObject({ tutorRate: usd(20), tutorRateKind: '' });
    expect(deleteHeld.body.references).toContainEqual({ entity: 'group course', count: 1 });
  });
});

describe('the general rates read for a tutor', () => {
  it("are those of the tutor's country and of any country, never another country's", async () => {
    // Prepare
    const gb = await created('one-to-one-tutor-rates.create', {
      tutorCountry: ' gb ',
      rate: usd(50),
      effectiveFrom: '2020-01-01T00:00:00Z',
    });
    const us = await created('one-to-one-tutor-rates.create', {
      tutorCountry: 'US',
      rate: usd(60),
      effectiveFrom: '2020-01-01T00:00:00Z',
    });
    // Act
    const read = await oneToOneTutorRatesOfTutorCountries('demo', ['GB']);
    const forRun = await ratesForRun('demo', [{ _id: TOM, country: 'GB' }]);
    const noCountry = await oneToOneTutorRatesOfTutorCountries('demo', ['']);
    // Assess
    const ids = read.map((rate) => rate._id);
    expect(ids).toContain(gb);
    expect(ids).not.toContain(us);
    expect(read.every((rate) => ['gb', ''].includes(rate.tutorCountry.trim().toLowerCase()))).toBe(true);
    expect(forRun.general.ONETOONE.map((rate) => rate._id)).not.toContain(us);
    expect(noCountry.every((rate) => rate.tutorCountry === '')).toBe(true);
  });

  it('puts rates stored before the index into it, once', async () => {
    // Prepare: a rate as stored before the index (no index keys).
    const old = await created('one-to-one-tutor-rates.create', {
      tutorCountry: 'FR',
      rate: usd(70),
      effectiveFrom: '2020-01-01T00:00:00Z',
    });
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.collectionItem('demo', collections.oneToOneTutorRates, old),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
      }),
    );
    const before = await oneToOneTutorRatesOfTutorCountries('demo', ['FR']);
    // Act
    const first = await backfillTutorRateCountryIndex('demo');
    const second = await backfillTutorRateCountryIndex('demo');
    const after = await oneToOneTutorRatesOfTutorCountries('demo', ['FR']);
    // Assess
    expect(before.map((rate) => rate._id)).not.toContain(old);
    expect(first).toBe(1);
    expect(second).toBe(0);
    expect(after.map((rate) => rate._id)).toContain(old);
  });
});
