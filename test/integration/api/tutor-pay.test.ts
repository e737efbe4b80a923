import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { payEntriesOf } from '../../../functions/repositories/lesson-history';
import type { LessonRecord } from '../../../functions/repositories/lessons';
import { demo, northwind } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { setOwnTutorRate } from '../../support/payments';
import { localStackForFile } from '../../support/stack';

/**
 * Tutor rates and tutor pay (issue 18 items 2 and 6): the rates' admin and user calls, the rate fixed on a
 * lesson's history row when it ends, the pay columns as each role may read them, the tutor payment actions
 * with their rules and access, concurrent adjustments, bulk PAID and the CSV export.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tom: Session;
let grace: Session;
let sam: Session;
let northAdmin: Session;

const TOM = 'demo-tutor-1';
const GRACE = 'demo-tutor-2';
const SAM = 'demo-student-1';

let tomSam: LessonRecord;
let graceMaya: LessonRecord;
let trial: LessonRecord;
let generalRateId: string;

const withPay = { includeTutorAmountData: '1' };

async function runSchedule() {
  local.stack.bus.triggerSchedule('lesson-history');
  await local.stack.bus.idle();
}

const row = (session: Session, id: string, query: Record<string, string> = withPay) =>
  local.api.call<Json>('lessonHistory.get', { ...session, params: { id }, query });

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  grace = await local.api.signIn(demo.tutor2.email, demo.tutor2.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  northAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');

  // A general one-to-one rate of 30.00 an hour, and Grace's own rate of 40.00.
  const general = await local.api.call<Json>('one-to-one-tutor-rates.create', {
    ...admin,
    body: { rate: { amount: 30, currency: 'USD' }, effectiveFrom: '2020-01-01T00:00:00Z' },
  });
  expect(general.status, JSON.stringify(general.body)).toBe(201);
  generalRateId = general.body._id;
  await setOwnTutorRate(local.api, admin, GRACE, 40);

  tomSam = await placeDemoLesson({ start: -180, minutes: 60, tutorId: TOM, studentIds: [SAM] });
  graceMaya = await placeDemoLesson({
    start: -180,
    minutes: 45,
    tutorId: GRACE,
    studentIds: ['demo-student-2'],
  });
  trial = await placeDemoLesson({ start: -300, minutes: 30, tutorId: TOM, studentIds: [SAM], type: 'TRIAL' });
  await runSchedule();
});

describe('tutor rates', () => {
  it('lists, filters and refuses what cannot stand', async () => {
    // Prepare
    const sg = await local.api.call<Json>('one-to-one-tutor-rates.create', {
      ...admin,
      body: {
        tutorCountry: 'Singapore',
        grade: 'Grade 10',
        rate: { amount: 35.5, currency: 'USD' },
        effectiveFrom: '2020-01-01T00:00:00Z',
        effectiveTo: '2020-06-01T00:00:00Z',
      },
    });
    expect(sg.status).toBe(201);
    expect(sg.body.rate).toEqual({ amount: 35.5, currency: 'USD' });
    // Act
    const filtered = await local.api.call<Json>('one-to-one-tutor-rates.list', {
      ...admin,
      query: { tutorCountry: 'Singapore' },
    });
    const backwards = await local.api.call<Json>('one-to-one-tutor-rates.update', {
      ...admin,
      params: { id: sg.body._id },
      body: { effectiveTo: '2019-01-01T00:00:00Z' },
    });
    const unknownType = await local.api.call<Json>('one-to-one-tutor-rates.create', {
      ...admin,
      body: {
        studentType: 'no-such-type',
        rate: { amount: 1, currency: 'USD' },
        effectiveFrom: '2020-01-01T00:00:00Z',
      },
    });
    const otherCurrency = await local.api.call<Json>('one-to-one-tutor-rates.create', {
      ...admin,
      body: { rate: { amount: 1, currency: 'EUR' }, effectiveFrom: '2020-01-01T00:00:00Z' },
    });
    // Assess
    expect(filtered.body.docs.map((d: Json) => d._id)).toEqual([sg.body._id]);
    expect(backwards.status).toBe(400);
    expect(unknownType.status).toBe(400);
    expect(otherCurrency.status).toBe(400);
  });

  it('counts the rates on their type, which is not deleted while any names it', async () => {
    // Prepare
    const type = await local.api.call<Json>('group-tutor-rate-course-types.create', {
      ...admin,
      body: { name: `Exam class ${Math.random()}` },
    });
    const rate = await local.api.call<Json>('group-tutor-rates.create', {
      ...admin,
      body: {
        courseType: type.body._id,
        rate: { amount: 50, currency: 'USD' },
        effectiveFrom: '2020-01-01T00:00:00Z',
      },
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(201);
    // Act
    const check = await local.api.call<Json>('group-tutor-rate-course-types.verifyDelete', {
      ...admin,
      params: { id: type.body._id },
    });
    const refused = await local.api.call<Json>('group-tutor-rate-course-types.delete', {
      ...admin,
      params: { id: type.body._id },
    });
    await local.api.call('group-tutor-rates.delete', { ...admin, params: { id: rate.body._id } });
    const deleted = await local.api.call<Json>('group-tutor-rate-course-types.delete', {
      ...admin,
      params: { id: type.body._id },
    });
    // Assess
    expect(check.body).toMatchObject({ canDelete: false });
    expect(refused.status).toBe(409);
    expect(deleted.status).toBe(200);
  });

  it("answers a tutor's own rates, the rate for a student, and keeps tutors to their own", async () => {
    // Act
    const mine = await local.api.call<Json>('one-to-one-tutor-rates.mine', { ...grace });
    const graceForSam = await local.api.call<Json>('one-to-one-tutor-rates.forStudent', {
      ...admin,
      params: { studentId: SAM },
      query: { tutorId: GRACE },
    });
    const tomForSam = await local.api.call<Json>('one-to-one-tutor-rates.forStudent', {
      ...tom,
      params: { studentId: SAM },
    });
    // Grace teaches no course of Sam's: his rate is none of her business.
    const notHerStudent = await local.api.call<Json>('one-to-one-tutor-rates.forStudent', {
      ...grace,
      params: { studentId: SAM },
    });
    const othersRate = await local.api.call<Json>('one-to-one-tutor-rates.forStudent', {
      ...tom,
      params: { studentId: SAM },
      query: { tutorId: GRACE },
    });
    const asStudent = await local.api.call<Json>('one-to-one-tutor-rates.mine', { ...sam });
    const ownOfStudent = await local.api.call<Json>('one-to-one-tutor-rates.setOwn', {
      ...admin,
      params: { userId: SAM },
      body: { rates: [] },
    });
    // Assess
    expect(mine.body.own.map((r: Json) => r.rate)).toEqual([{ amount: 40, currency: 'USD' }]);
    expect(graceForSam.body).toMatchObject({ rate: { amount: 40, currency: 'USD' }, source: 'TUTOR' });
    expect(notHerStudent.status).toBe(404);
    expect(tomForSam.body).toMatchObject({
      rate: { amount: 30, currency: 'USD' },
      rateId: generalRateId,
      source: 'GENERAL',
    });
    expect(othersRate.status).toBe(403);
    expect(asStudent.status).toBe(403);
    expect(ownOfStudent.status).toBe(404);
  });
});

describe('the pay of a lesson', () => {
  it('fixes the rate in force when the lesson ended, whatever the rate becomes later', async () => {
    // Act
    await local.api.call('one-to-one-tutor-rates.update', {
      ...admin,
      params: { id: generalRateId },
      body: { rate: { amount: 99, currency: 'USD' } },
    });
    const tomRow = await row(admin, tomSam._id);
    const graceRow = await row(admin, graceMaya._id);
    // Assess
    expect(tomRow.body).toMatchObject({
      tutorRate: { amount: 30, currency: 'USD' },
      tutorRateSource: 'GENERAL',
      allocatedTutorAmount: { amount: 30, currency: 'USD' },
      tutorAmount: { amount: 30, currency: 'USD' },
      tutorAmountCurrency: 'USD',
    });
    expect(graceRow.body).toMatchObject({
      tutorRate: { amount: 40, currency: 'USD' },
      tutorRateSource: 'TUTOR',
      allocatedTutorAmount: { amount: 30, currency: 'USD' },
    });
    await local.api.call('one-to-one-tutor-rates.update', {
      ...admin,
      params: { id: generalRateId },
      body: { rate: { amount: 30, currency: 'USD' } },
    });
  });

  it('shows the pay columns only when asked and only to the roles holding them', async () => {
    // Act
    const plain = await row(admin, tomSam._id, {});
    const tutorOwn = await row(tom, tomSam._id);
    const student = await row(sam, tomSam._id);
    // Assess
    expect(plain.body.tutorAmount).toBeUndefined();
    expect(tutorOwn.body.tutorAmount).toEqual({ amount: 30, currency: 'USD' });
    expect(tutorOwn.body.adminNotes).toBeUndefined();
    expect(student.status).toBe(200);
    expect(student.body.tutorRate).toBeUndefined();
    expect(student.body.tutorAmount).toBeUndefined();
    expect(student.body.tutorPaymentStatus).toBeUndefined();
  });
});

describe('tutor payment actions', () => {
  it('applies a penalty, an extension and adjustments, the amount always the sum of its entries', async () => {
    // Act
    const penalty = await local.api.call<Json>('lessonHistory.tutorPenalty', {
      ...admin,
      body: { lessonHistoryId: tomSam._id, tutorPenalty: 10, tutorPenaltyReason: 'Late by 10 minutes' },
    });
    const extension = await local.api.call<Json>('lessonHistory.classExtension', {
      ...admin,
      body: { lessonHistoryId: tomSam._id, lessonExtension: 15, classExtensionRequestStatus: 'APPROVED' },
    });
    const requestId = randomUUID();
    const deduction = {
      lessonHistoryId: tomSam._id,
      type: 'DEDUCTION',
      amount: { amount: 1.25, currency: 'USD' },
      reason: 'Materials',
      requestId,
    };
    const first = await local.api.call<Json>('lessonHistory.adjustments', { ...admin, body: deduction });
    const again = await local.api.call<Json>('lessonHistory.adjustments', { ...admin, body: deduction });
    const samePenalty = await local.api.call<Json>('lessonHistory.tutorPenalty', {
      ...admin,
      body: { lessonHistoryId: tomSam._id, tutorPenalty: 10, tutorPenaltyReason: 'Late by 10 minutes' },
    });
    // Assess: 30.00 - 3.00 + 7.50 - 1.25 = 33.25, the repeated request and the same penalty change nothing.
    expect(penalty.body).toMatchObject({
      tutorPenalty: 10,
      tutorPenaltyAmount: { amount: 3, currency: 'USD' },
      tutorAmount: { amount: 27, currency: 'USD' },
    });
    expect(extension.body).toMatchObject({ lessonExtensionTutorAmount: { amount: 7.5, currency: 'USD' } });
    expect(first.body.tutorAmount).toEqual({ amount: 33.25, currency: 'USD' });
    expect(again.status).toBe(200);
    expect(again.body.tutorAmount).toEqual({ amount: 33.25, currency: 'USD' });
    expect(samePenalty.body.tutorAmount).toEqual({ amount: 33.25, currency: 'USD' });
    const entries = await payEntriesOf('demo', tomSam._id);
    expect(entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['ALLOCATION', 'PENALTY', 'EXTENSION', 'ADJUSTMENT']),
    );
    expect(entries).toHaveLength(4);
    expect(entries.reduce((total, e) => total + e.amount.minor, 0)).toBe(3325);
  });

  it('keeps a consistent total under concurrent adjustments', async () => {
    // Prepare
    const before = (await row(admin, graceMaya._id)).body.tutorAmount.amount;
    // Act
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        local.api.call<Json>('lessonHistory.adjustments', {
          ...admin,
          body: {
            lessonHistoryId: graceMaya._id,
            type: 'ADDITION',
            amount: { amount: 1, currency: 'USD' },
            reason: 'Bonus',
          },
        }),
      ),
    );
    // Assess
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const after = await row(admin, graceMaya._id);
    expect(after.body.tutorAmount).toEqual({ amount: before + 8, currency: 'USD' });
    const entries = await payEntriesOf('demo', graceMaya._id);
    expect(entries.reduce((total, e) => total + e.amount.minor, 0)).toBe(Math.round((before + 8) * 100));
  });

  it('refuses the wrong currency, a trial conversion on a lesson that is no trial, and a lesson of another tenant', async () => {
    const euros = await local.api.call<Json>('lessonHistory.adjustments', {
      ...admin,
      body: {
        lessonHistoryId: tomSam._id,
        type: 'ADDITION',
        amount: { amount: 1, currency: 'EUR' },
        reason: 'x',
      },
    });
    const notTrial = await local.api.call<Json>('lessonHistory.trialConversion', {
      ...admin,
      body: { lessonHistoryId: tomSam._id, isTrialConverted: true, trialConversionStatus: 'APPROVED' },
    });
    const converted = await local.api.call<Json>('lessonHistory.trialConversion', {
      ...admin,
      body: {
        lessonHistoryId: trial._id,
        isTrialConverted: true,
        trialConversionStatus: 'APPROVED',
        trialConversionAmount: { amount: 10, currency: 'USD' },
      },
    });
    const foreign = await local.api.call<Json>('lessonHistory.adjustments', {
      ...northAdmin,
      tenant: 'northwind',
      body: {
        lessonHistoryId: tomSam._id,
        type: 'ADDITION',
        amount: { amount: 1, currency: 'USD' },
        reason: 'x',
      },
    });
    expect(euros.status).toBe(400);
    expect(notTrial.status).toBe(400);
    expect(converted.body).toMatchObject({
      isTrialConverted: true,
      tutorAmount: { amount: 25, currency: 'USD' },
    });
    expect(foreign.status).toBe(404);
  });

  it('lets a tutor raise a concern on their own lesson only, and an admin answer it', async () => {
    // Act
    const raised = await local.api.call<Json>('lessonHistory.raiseConcern', {
      ...grace,
      body: { lessonHistoryId: graceMaya._id, concern: 'The lesson ran 20 minutes over' },
    });
    const twice = await local.api.call<Json>('lessonHistory.raiseConcern', {
      ...grace,
      body: { lessonHistoryId: graceMaya._id, concern: 'Again' },
    });
    const othersLesson = await local.api.call<Json>('lessonHistory.raiseConcern', {
      ...grace,
      body: { lessonHistoryId: tomSam._id, concern: 'Not mine' },
    });
    const tutorAdjusts = await local.api.call<Json>('lessonHistory.adjustments', {
      ...grace,
      body: {
        lessonHistoryId: graceMaya._id,
        type: 'ADDITION',
        amount: { amount: 100, currency: 'USD' },
        reason: 'x',
      },
    });
    const before = (await row(admin, graceMaya._id)).body.tutorAmount.amount;
    const answered = await local.api.call<Json>('lessonHistory.respondToConcern', {
      ...admin,
      body: {
        lessonHistoryId: graceMaya._id,
        status: 'RESOLVED',
        decision: 'APPROVED',
        response: 'Paid the extra time',
        adjustment: { type: 'ADDITION', amount: { amount: 13.33, currency: 'USD' } },
      },
    });
    const answeredAgain = await local.api.call<Json>('lessonHistory.respondToConcern', {
      ...admin,
      body: { lessonHistoryId: graceMaya._id, status: 'REJECTED', decision: 'DECLINED' },
    });
    // Assess
    expect(raised.status).toBe(200);
    expect(raised.body.tutorConcern).toMatchObject({
      status: 'PENDING',
      note: 'The lesson ran 20 minutes over',
    });
    expect(twice.status).toBe(409);
    expect(othersLesson.status).toBe(404);
    expect(tutorAdjusts.status).toBe(403);
    expect(answered.body.tutorConcern).toMatchObject({ status: 'RESOLVED', decision: 'APPROVED' });
    expect(answered.body.tutorAmount.amount).toBeCloseTo(before + 13.33, 2);
    expect(answeredAgain.status).toBe(409);
  });

  it('writes and deletes admin notes', async () => {
    const created = await local.api.call<Json>('lessonHistory.createNote', {
      ...admin,
      params: { id: tomSam._id },
      body: { note: 'Checked with the tutor' },
    });
    const noteId = created.body.adminNotes[0].noteId;
    const deleted = await local.api.call<Json>('lessonHistory.deleteNote', {
      ...admin,
      params: { id: tomSam._id },
      query: { noteId },
    });
    const unknown = await local.api.call<Json>('lessonHistory.deleteNote', {
      ...admin,
      params: { id: tomSam._id },
      query: { noteId },
    });
    expect(created.body.adminNotes).toEqual([expect.objectContaining({ note: 'Checked with the tutor' })]);
    expect(deleted.body.adminNotes).toEqual([]);
    expect(unknown.status).toBe(404);
  });

  it('marks lessons PAID in bulk once, after which their pay no longer moves', async () => {
    // Act
    const paid = await local.api.call<Json>('lessonHistory.updateTutorPaymentStatus', {
      ...admin,
      body: { lesssonHistoryIds: [tomSam._id, trial._id], tutorPaymentStatus: 'PAID' },
    });
    const stamp = paid.body.docs.map((d: Json) => d.updatedAt);
    const again = await local.api.call<Json>('lessonHistory.updateTutorPaymentStatus', {
      ...admin,
      body: { lesssonHistoryIds: [tomSam._id, trial._id], tutorPaymentStatus: 'PAID' },
    });
    const late = await local.api.call<Json>('lessonHistory.adjustments', {
      ...admin,
      body: {
        lessonHistoryId: tomSam._id,
        type: 'ADDITION',
        amount: { amount: 1, currency: 'USD' },
        reason: 'x',
      },
    });
    // Assess
    expect(paid.body.docs.map((d: Json) => d.tutorPaymentStatus)).toEqual(['PAID', 'PAID']);
    expect(again.body.docs.map((d: Json) => d.updatedAt)).toEqual(stamp);
    expect(late.status).toBe(409);
  });
});

describe('the CSV export', () => {
  const exportAs = (session: Session) =>
    local.api.call<string>('lessonHistory.export', { ...session, query: { sortValue: 'asc' } });

  it("has exactly the caller's columns and rows, money as major units", async () => {
    // Act
    const asAdmin = await exportAs(admin);
    const asTom = await exportAs(tom);
    const asSam = await exportAs(sam);
    // Assess
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('content-type')).toContain('text/csv');
    const [adminHeader, ...adminLines] = asAdmin.body.trimEnd().split('\r\n');
    expect(adminHeader).toContain('Tutor amount');
    expect(adminHeader).toContain('Admin notes');
    expect(adminLines.length).toBeGreaterThanOrEqual(3);
    const [tomHeader, ...tomLines] = asTom.body.trimEnd().split('\r\n');
    expect(tomHeader).toContain('Tutor amount');
    expect(tomHeader).not.toContain('Admin notes');
    expect(tomLines.every((line) => !line.includes('Maya'))).toBe(true);
    expect(asTom.body).toContain('33.25');
    const samHeader = asSam.body.split('\r\n')[0];
    expect(samHeader).not.toContain('Tutor amount');
    expect(samHeader).not.toContain('Tutor rate');
    expect(samHeader).toContain('Reference key');
  });
});
