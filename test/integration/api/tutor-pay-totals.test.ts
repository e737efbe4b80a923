import { beforeAll, describe, expect, it } from 'vitest';
import type { LessonRecord } from '../../../functions/repositories/lessons';
import { demo } from '../../support/api-client';
import { placeDemoLesson } from '../../support/lessons';
import { setOwnTutorRate } from '../../support/payments';
import { localStackForFile } from '../../support/stack';

/**
 * A tutor's pay totals over a period (issue #18 item 6, GET /lesson-history/tutor-payments/totals): lessons
 * + extensions - penalties + waived penalties +/- manual adjustments, each line traceable to its record,
 * and each record counted once however often its request is sent.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tom: Session;
let grace: Session;
let lesson: LessonRecord;

const TOM = 'demo-tutor-1';
const GRACE = 'demo-tutor-2';
const SAM = 'demo-student-1';
const key = () => `key${Math.random().toString(36).slice(2, 14)}`;
const DAY = 86_400_000;
const period = () => ({
  startDate: new Date(Date.now() - DAY).toISOString(),
  endDate: new Date(Date.now() + DAY).toISOString(),
});

async function totals(as: Session, query: Json = {}) {
  return local.api.call<Json>('lessonHistory.payTotals', { ...as, query: { ...period(), ...query } });
}

const usdTotal = (body: Json) => body.totals.find((total: Json) => total.currency === 'USD');
const cents = (amount: number) => Math.round(amount * 100);

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  grace = await local.api.signIn(demo.tutor2.email, demo.tutor2.password);
  await setOwnTutorRate(local.api, admin, TOM, 40);
});

describe('tutor pay totals', () => {
  it('adds lessons, extensions, penalties, waivers and manual adjustments, each line traceable', async () => {
    // Prepare: what the period held before this test's records.
    const before = await totals(admin, { tutorId: TOM });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const start = usdTotal(before.body) ?? { total: 0, lessons: 0, extensions: 0, penalties: 0, waived: 0 };

    // An hour's lesson at 40.00, a 10% penalty (-4.00) and an approved 15-minute extension (+10.00).
    lesson = await placeDemoLesson({ start: -420, minutes: 60, tutorId: TOM, studentIds: [SAM] });
    local.stack.bus.triggerSchedule('lesson-history');
    await local.stack.bus.idle();
    const penalty = await local.api.call<Json>('lessonHistory.tutorPenalty', {
      ...admin,
      body: { lessonHistoryId: lesson._id, tutorPenalty: 10, tutorPenaltyReason: 'Late' },
    });
    expect(penalty.status, JSON.stringify(penalty.body)).toBe(200);
    const extension = await local.api.call<Json>('lessonHistory.classExtension', {
      ...admin,
      body: { lessonHistoryId: lesson._id, lessonExtension: 15, classExtensionRequestStatus: 'APPROVED' },
    });
    expect(extension.status).toBe(200);
    // A late-change penalty of 5.00 on the lesson; one of 3.00 appealed and lifted; 2.00 given back.
    const waiver = (body: Json) =>
      local.api.call<Json>('penaltyWaivers.create', { ...admin, body: { requestKey: key(), ...body } });
    const charged = await waiver({
      type: 'DEDUCTION',
      amount: { amount: 5, currency: 'USD' },
      reason: 'Cancelled late',
      lessonHistoryId: lesson._id,
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    const lifted = await waiver({
      type: 'DEDUCTION',
      amount: { amount: 3, currency: 'USD' },
      reason: 'Moved late',
      tutorId: TOM,
    });
    const appeal = await local.api.call<Json>('penaltyWaivers.appeal', {
      ...tom,
      params: { penaltyWaiverId: lifted.body._id },
      body: { appealTutorNote: 'The student moved it' },
    });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(200);
    const accepted = await local.api.call<Json>('penaltyWaivers.appealRespond', {
      ...admin,
      params: { penaltyWaiverId: lifted.body._id },
      body: { appealStatus: 'ACCEPTED' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const given = await waiver({
      type: 'ADDITION',
      amount: { amount: 2, currency: 'USD' },
      reason: 'Penalty refunded',
      tutorId: TOM,
    });
    // A manual adjustment of +20.00, sent twice with its request key: one adjustment.
    const adjustment = {
      requestKey: key(),
      tutorId: TOM,
      type: 'ADDITION',
      amount: { amount: 20, currency: 'USD' },
      note: 'Bonus',
    };
    const first = await local.api.call<Json>('manualAdjustments.create', { ...admin, body: adjustment });
    const again = await local.api.call<Json>('manualAdjustments.create', { ...admin, body: adjustment });
    expect([first.status, again.body._id]).toEqual([201, first.body._id]);

    // Act
    const after = await totals(admin, { tutorId: TOM });
    const own = await totals(tom);

    // Assess: 40 + 10 - 4 - 5 - 3 + 3 + 2 + 20 = 63.00 more than before.
    expect(after.status).toBe(200);
    const total = usdTotal(after.body);
    expect(cents(total.total - start.total)).toBe(6300);
    expect(cents(total.lessons - start.lessons)).toBe(4000);
    expect(cents(total.extensions - start.extensions)).toBe(1000);
    expect(cents(total.penalties - start.penalties)).toBe(-1200);
    expect(cents(total.waived - start.waived)).toBe(500);
    // Each line names its record; the lines add up to the totals.
    const linesOf = (id: string) =>
      after.body.lines
        .filter((line: Json) => line.sourceId === id)
        .map((line: Json) => [line.source, line.part, line.amount.amount]);
    expect(linesOf(lesson._id)).toEqual([
      ['LESSON', 'lessons', 40],
      ['LESSON', 'extensions', 10],
      ['LESSON', 'penalties', -4],
    ]);
    expect(linesOf(charged.body._id)).toEqual([['PENALTY_WAIVER', 'penalties', -5]]);
    expect(linesOf(lifted.body._id)).toEqual([
      ['PENALTY_WAIVER', 'penalties', -3],
      ['PENALTY_WAIVER', 'waived', 3],
    ]);
    expect(linesOf(given.body._id)).toEqual([['PENALTY_WAIVER', 'waived', 2]]);
    expect(linesOf(first.body._id)).toEqual([['MANUAL_ADJUSTMENT', 'adjustments', 20]]);
    const usdLines = after.body.lines.filter((line: Json) => line.amount.currency === 'USD');
    expect(cents(usdLines.reduce((sum: number, line: Json) => sum + line.amount.amount, 0))).toBe(
      cents(total.total),
    );
    // The tutor reads the same totals of their own.
    expect(own.status).toBe(200);
    expect(own.body.totals).toEqual(after.body.totals);
  });

  it("keeps a tutor to their own totals and another tutor's records out of them", async () => {
    const graceOwn = await totals(grace);
    expect(graceOwn.status).toBe(200);
    expect(graceOwn.body.tutorId).toBe(GRACE);
    expect(graceOwn.body.lines.some((line: Json) => line.sourceId === lesson._id)).toBe(false);
    expect((await totals(grace, { tutorId: TOM })).status).toBe(404);
    // The back-office names the tutor; an unknown one is a 404.
    expect((await totals(admin)).status).toBe(400);
    expect((await totals(admin, { tutorId: 'nobody' })).status).toBe(404);
  });

  it('refuses a period that is no period', async () => {
    const backwards = await totals(admin, {
      tutorId: TOM,
      startDate: '2026-03-10',
      endDate: '2026-03-01',
    });
    expect(backwards.status).toBe(400);
    const tooLong = await totals(admin, { tutorId: TOM, startDate: '2020-01-01', endDate: '2026-01-01' });
    expect(tooLong.status).toBe(400);
    const notADate = await totals(admin, { tutorId: TOM, startDate: 'soon' });
    expect(notADate.status).toBe(400);
  });
});
