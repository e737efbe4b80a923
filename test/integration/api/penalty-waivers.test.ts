import { beforeAll, describe, expect, it } from 'vitest';
import { accountEntries } from '../../../functions/repositories/ledger';
import { apiClient, demo, northwind } from '../../support/api-client';
import { lessonRequestFixtures, placeHistoryRow } from '../../support/lessons';
import { setOwnTutorRate } from '../../support/payments';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tom: Session;
let grace: Session;
let sam: Session;
let northwindAdmin: Session;
const COURSE = 'course-demo-igcse-maths';
const TOM = 'demo-tutor-1';
const SAM = 'demo-student-1';
const key = () => `key${Math.random().toString(36).slice(2, 14)}`;

const { lessonAhead, askCancel, requestOf, respond } = lessonRequestFixtures(local, () => admin);
/** A lesson of Tom's with Sam about `fromHours` ahead, at the first free quarter hour. */
const lessonIn = (fromHours: number) => lessonAhead(fromHours, { title: 'Penalty test', searchHours: 24 });
const withPay = { includeTutorAmountData: '1' };
/** An ended lesson of Tom's with Sam, written straight to the lesson history, with who joined it when. */
const tomAndSamEnded = (
  lesson: { _id: string; title: string; start: string; end: string },
  joins?: Array<{ userId: string; joinedAt: string }>,
) =>
  placeHistoryRow(
    'demo',
    { ...lesson, type: 'LESSON', course: COURSE, tutorId: TOM, studentIds: [SAM] },
    joins,
  );

async function waiversOf(query: Json, as: Session = admin) {
  return local.api.call<Json>('penaltyWaivers.list', {
    ...as,
    query: { ...withPay, limit: 100, ...query },
  });
}

async function createWaiver(body: Json) {
  return local.api.call<Json>('penaltyWaivers.create', { ...admin, body: { ...body, requestKey: key() } });
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tom = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  grace = await local.api.signIn(demo.tutor2.email, demo.tutor2.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  northwindAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
  // Tom's own one-to-one rate: 40.00 an hour, so a lesson of an hour pays him 40.00 and a penalty is a
  // percent of that.
  await setOwnTutorRate(local.api, admin, TOM, 40);
});

describe('the late-change policy', () => {
  it('is none until set, refuses bad tiers, and is kept sorted', async () => {
    const first = await local.api.call<Json>('tenants.lateChangePolicy', admin);
    expect(first.body).toEqual({ policy: { tiers: [] }, isDefault: true });
    for (const tiers of [
      [{ withinHours: 0, percent: 10 }],
      [{ withinHours: 5, percent: 120 }],
      [
        { withinHours: 12, percent: 10 },
        { withinHours: 12, percent: 20 },
      ],
      [
        { withinHours: 48, percent: 50 },
        { withinHours: 12, percent: 25 },
      ],
    ]) {
      const refused = await local.api.call<Json>('tenants.updateLateChangePolicy', {
        ...admin,
        body: { tiers },
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    }
    const saved = await local.api.call<Json>('tenants.updateLateChangePolicy', {
      ...admin,
      body: {
        tiers: [
          { withinHours: 12, percent: 50 },
          { withinHours: 48, percent: 25 },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.policy.tiers).toEqual([
      { withinHours: 48, percent: 25 },
      { withinHours: 12, percent: 50 },
    ]);
    const tutorAsks = await local.api.call<Json>('tenants.updateLateChangePolicy', {
      ...tom,
      body: { tiers: [] },
    });
    expect(tutorAsks.status).toBe(403);
  });
});

describe('a late change costs the tutor a penalty', () => {
  let lateRequest: string;

  it("a tutor's cancel within 12 hours is charged 50 %, shown to those who may see tutor amounts", async () => {
    const lesson = await lessonIn(3);
    const asked = await askCancel(tom, lesson._id);
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    expect(asked.body.status).toBe('PENDING');
    lateRequest = asked.body.request._id;
    const request = await requestOf(lateRequest, withPay);
    expect(request).toMatchObject({
      penalty: 50,
      // Half of the hour's 40.00 at Tom's rate.
      penaltyAmount: 20,
      tutorAmountCurrency: 'USD',
      penaltyReason: 'Cancelled by the tutor less than 12 hours before the lesson: 50% of the tutor amount',
    });
    // Without includeTutorAmountData the amounts are left out; a student may not ask for them.
    expect((await requestOf(lateRequest)).penalty).toBeUndefined();
    const student = await local.api.call<Json>('meetingRequests.list', { ...sam, query: withPay });
    expect(student.status).toBe(403);
    // No waiver until the change is accepted.
    expect((await waiversOf({ zoomRequestId: lateRequest })).body.totalDocs).toBe(0);
  });

  it('approving it writes the penalty as a waiver the tutor sees, once', async () => {
    const approved = await respond(lateRequest, { action: 'APPROVE' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const { body } = await waiversOf({ zoomRequestId: lateRequest });
    expect(body.totalDocs).toBe(1);
    expect(body.docs[0]).toMatchObject({
      _id: `penalty-${lateRequest}`,
      source: 'LATE_CHANGE',
      type: 'DEDUCTION',
      percent: 50,
      tutorId: TOM,
      zoomRequestId: lateRequest,
      lessonHistoryId: null,
      paymentStatus: 'PROCESSING',
      amount: 20,
      currency: 'USD',
    });
    const own = await waiversOf({}, tom);
    expect(own.body.docs.map((doc: Json) => doc._id)).toContain(`penalty-${lateRequest}`);
  });

  it("a 24-hour-ahead change falls in the 48-hour tier; a student's and an admin's cost nothing", async () => {
    const lesson = await lessonIn(30);
    const asked = await askCancel(tom, lesson._id);
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    expect(await requestOf(asked.body.request._id, withPay)).toMatchObject({
      penalty: 25,
      penaltyAmount: 10,
    });

    const other = await lessonIn(5);
    const bySam = await askCancel(sam, other._id);
    expect(bySam.status, JSON.stringify(bySam.body)).toBeLessThan(300);
    expect((await requestOf(bySam.body.request._id, withPay)).penalty).toBe(0);

    const third = await lessonIn(7);
    const byAdmin = await local.api.call<Json>('meetings.teamsAdminCancel', {
      ...admin,
      params: { id: third._id },
      body: { reason: 'Sickness' },
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBeLessThan(300);
    expect((await requestOf(byAdmin.body.request._id, withPay)).penalty).toBe(0);
  });

  it('a rejected change costs nothing; an admin may set another percent before answering', async () => {
    const lesson = await lessonIn(4);
    const asked = await askCancel(tom, lesson._id);
    const id = asked.body.request._id as string;
    const updated = await respond(id, {
      action: 'UPDATE',
      penalty: 10,
      penaltyReason: 'Agreed with the school',
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await requestOf(id, withPay)).toMatchObject({
      penalty: 10,
      penaltyAmount: 4,
      penaltyReason: 'Agreed with the school',
    });
    const rejected = await respond(id, { action: 'REJECT' });
    expect(rejected.status).toBe(200);
    expect(await requestOf(id, withPay)).toMatchObject({ penalty: 0, penaltyAmount: 0, penaltyReason: null });
    expect((await waiversOf({ zoomRequestId: id })).body.totalDocs).toBe(0);
  });
});

describe('penalty waivers', () => {
  let deduction: Json;

  it('an admin enters one once per request key, about a tutor, a lesson or a request', async () => {
    const requestKey = key();
    const body = {
      requestKey,
      type: 'DEDUCTION',
      amount: { amount: 12.5, currency: 'USD' },
      reason: 'Missed lesson',
      tutorId: TOM,
    };
    const first = await local.api.call<Json>('penaltyWaivers.create', { ...admin, body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      type: 'DEDUCTION',
      amount: 12.5,
      effectiveAmount: -12.5,
      currency: 'USD',
    });
    const again = await local.api.call<Json>('penaltyWaivers.create', { ...admin, body });
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
    deduction = first.body;

    expect((await createWaiver({ ...body, requestKey: undefined, tutorId: SAM })).status).toBe(404);
    expect((await createWaiver({ ...body, requestKey: undefined, tutorId: undefined })).status).toBe(400);
    expect(
      (await createWaiver({ ...body, requestKey: undefined, tutorId: undefined, lessonHistoryId: 'nope' }))
        .status,
    ).toBe(404);
    expect(
      (await createWaiver({ ...body, requestKey: undefined, amount: { amount: 0, currency: 'USD' } })).status,
    ).toBe(400);
    expect(
      (await createWaiver({ ...body, requestKey: undefined, amount: { amount: 1.234, currency: 'USD' } }))
        .status,
    ).toBe(400);
    // A currency the school does not take.
    expect(
      (await createWaiver({ ...body, requestKey: undefined, amount: { amount: 5, currency: 'EUR' } })).status,
    ).toBe(400);
    // A tutor cannot enter one.
    const byTom = await local.api.call<Json>('penaltyWaivers.create', {
      ...tom,
      body: { ...body, requestKey: key() },
    });
    expect(byTom.status).toBe(403);
  });

  it('one about a lesson takes its tutor, students and course from its history row', async () => {
    const id = `penalty-lesson-${Math.random().toString(16).slice(2)}`;
    const start = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const end = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await tomAndSamEnded({ _id: id, title: 'Past', start, end });
    const made = await createWaiver({
      type: 'ADDITION',
      amount: { amount: 3, currency: 'USD' },
      reason: 'Extra time',
      lessonHistoryId: id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      tutorId: TOM,
      studentIds: [SAM],
      courseId: COURSE,
      lessonHistoryId: id,
    });
    const listed = await waiversOf({ lessonHistoryId: id });
    expect(listed.body.docs.map((doc: Json) => doc._id)).toEqual([made.body._id]);
    expect((await waiversOf({ studentId: SAM })).body.docs.map((doc: Json) => doc._id)).toContain(
      made.body._id,
    );
    // An addition gives money: nothing to appeal.
    const appeal = await local.api.call<Json>('penaltyWaivers.appeal', {
      ...tom,
      params: { penaltyWaiverId: made.body._id },
      body: { appealTutorNote: 'Why?' },
    });
    expect(appeal.status).toBe(400);
  });

  it("a tutor reads and appeals only their own; another tenant's admin finds none", async () => {
    const graceList = await waiversOf({}, grace);
    expect(graceList.status).toBe(200);
    expect(graceList.body.docs.some((doc: Json) => doc.tutorId === TOM)).toBe(false);
    expect((await waiversOf({ tutorId: TOM }, grace)).body.totalDocs).toBe(0);
    const graceGet = await local.api.call<Json>('penaltyWaivers.get', {
      ...grace,
      params: { id: deduction._id },
    });
    expect(graceGet.status).toBe(404);
    const graceAppeal = await local.api.call<Json>('penaltyWaivers.appeal', {
      ...grace,
      params: { penaltyWaiverId: deduction._id },
      body: { appealTutorNote: 'Not mine but still' },
    });
    expect(graceAppeal.status).toBe(404);
    const northwindApi = apiClient(local.stack.apiUrl, { tenant: 'northwind' });
    const foreign = await northwindApi.call<Json>('penaltyWaivers.get', {
      ...northwindAdmin,
      params: { id: deduction._id },
    });
    expect(foreign.status).toBe(404);
    // A student's role holds no penalty waiver permission.
    expect((await waiversOf({}, sam)).status).toBe(403);
  });

  it('the tutor appeals once; the admin answers once, even when two answer at the same moment', async () => {
    const appeal = await local.api.call<Json>('penaltyWaivers.appeal', {
      ...tom,
      params: { penaltyWaiverId: deduction._id },
      body: { appealTutorNote: 'The student cancelled, not me' },
    });
    expect(appeal.status, JSON.stringify(appeal.body)).toBe(200);
    expect(appeal.body).toMatchObject({
      appealStatus: 'PENDING',
      appealTutorNote: 'The student cancelled, not me',
    });
    const twice = await local.api.call<Json>('penaltyWaivers.appeal', {
      ...tom,
      params: { penaltyWaiverId: deduction._id },
      body: { appealTutorNote: 'Again' },
    });
    expect(twice.status).toBe(409);

    const pendingOnly = await waiversOf({ appealStatus: 'PENDING' });
    expect(pendingOnly.body.docs.map((doc: Json) => doc._id)).toContain(deduction._id);

    const answers = await Promise.all(
      (['ACCEPTED', 'REJECTED', 'ACCEPTED', 'REJECTED'] as const).map((appealStatus) =>
        local.api.call<Json>('penaltyWaivers.appealRespond', {
          ...admin,
          params: { penaltyWaiverId: deduction._id },
          body: { appealStatus, appealAdminNote: `Answer ${appealStatus}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body;
    const read = await local.api.call<Json>('penaltyWaivers.get', {
      ...tom,
      params: { id: deduction._id },
      query: { includeTutorAmountData: '1' },
    });
    expect(read.body).toMatchObject({
      appealStatus: winner.appealStatus,
      appealAdminNote: winner.appealAdminNote,
      appealRespondedBy: { _id: admin.userId },
      effectiveAmount: winner.appealStatus === 'ACCEPTED' ? 0 : -12.5,
      amount: 12.5,
    });
    const late = await local.api.call<Json>('penaltyWaivers.appealRespond', {
      ...admin,
      params: { penaltyWaiverId: deduction._id },
      body: { appealStatus: 'ACCEPTED' },
    });
    expect(late.status).toBe(409);
    const pending = await local.api.call<Json>('penaltyWaivers.appealRespond', {
      ...admin,
      params: { penaltyWaiverId: deduction._id },
      body: { appealStatus: 'PENDING' },
    });
    expect(pending.status).toBe(400);
    // A tutor cannot answer appeals.
    const byTom = await local.api.call<Json>('penaltyWaivers.appealRespond', {
      ...tom,
      params: { penaltyWaiverId: deduction._id },
      body: { appealStatus: 'ACCEPTED' },
    });
    expect(byTom.status).toBe(403);
  });

  it('an admin sets the payment status of many at once, all or nothing', async () => {
    const other = await createWaiver({
      type: 'DEDUCTION',
      amount: { amount: 1, currency: 'USD' },
      reason: 'Late',
      tutorId: TOM,
    });
    const ids = [deduction._id, other.body._id];
    const unknown = await local.api.call<Json>('penaltyWaivers.updateTutorPaymentStatus', {
      ...admin,
      body: { tutorPaymentStatus: 'PAID', penaltyWaiverIds: [...ids, 'nope'] },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await local.api.call<Json>('penaltyWaivers.get', { ...admin, params: { id: other.body._id } })).body
        .paymentStatus,
    ).toBe('PROCESSING');
    const paid = await local.api.call<Json>('penaltyWaivers.updateTutorPaymentStatus', {
      ...admin,
      body: { tutorPaymentStatus: 'PAID', penaltyWaiverIds: ids },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.docs.map((doc: Json) => doc.paymentStatus)).toEqual(['PAID', 'PAID']);
    const byTom = await local.api.call<Json>('penaltyWaivers.updateTutorPaymentStatus', {
      ...tom,
      body: { tutorPaymentStatus: 'PAID', penaltyWaiverIds: ids },
    });
    expect(byTom.status).toBe(403);
  });
});

describe('manual adjustments', () => {
  it("an admin adjusts a tutor's pay once per request key", async () => {
    const body = {
      requestKey: key(),
      tutorId: TOM,
      type: 'DEDUCTION',
      amount: { amount: 19.99, currency: 'USD' },
      note: 'Overpaid in May',
    };
    const made = await local.api.call<Json>('manualAdjustments.create', { ...admin, body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      category: 'ADJUSTMENTS',
      type: 'DEDUCTION',
      amount: 19.99,
      signedAmount: -19.99,
      currency: 'USD',
      userId: TOM,
    });
    const retry = await local.api.call<Json>('manualAdjustments.create', { ...admin, body });
    expect(retry.status).toBe(200);
    expect(retry.body._id).toBe(made.body._id);
    const reused = await local.api.call<Json>('manualAdjustments.create', {
      ...admin,
      body: { ...body, amount: { amount: 20, currency: 'USD' } },
    });
    expect(reused.status).toBe(409);
    const notTutor = await local.api.call<Json>('manualAdjustments.create', {
      ...admin,
      body: { ...body, requestKey: key(), tutorId: SAM },
    });
    expect(notTutor.status).toBe(404);
    const byTom = await local.api.call<Json>('manualAdjustments.create', {
      ...tom,
      body: { ...body, requestKey: key() },
    });
    expect(byTom.status).toBe(403);

    const ten = await Promise.all(
      Array.from({ length: 10 }, () =>
        local.api.call<Json>('manualAdjustments.create', {
          ...admin,
          body: { ...body, requestKey: 'racing-key-1', amount: { amount: 1, currency: 'USD' } },
        }),
      ),
    );
    expect(ten.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(ten.map((answer) => answer.body._id)).size).toBe(1);

    const listed = await local.api.call<Json>('manualAdjustments.list', {
      ...admin,
      query: { tutorId: TOM, limit: 100 },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.totalDocs).toBe(2);
    const oldestFirst = await local.api.call<Json>('manualAdjustments.list', {
      ...admin,
      query: { tutorId: TOM, sort: 'asc' },
    });
    expect(oldestFirst.body.docs[0]._id).toBe(made.body._id);
    expect((await local.api.call<Json>('manualAdjustments.list', { ...tom, query: {} })).status).toBe(403);
  });

  it("the payment-adjustment settings adjust any user's money under a category", async () => {
    const made = await local.api.call<Json>('manualAdjustments.createPaymentAdjustment', {
      ...admin,
      body: {
        requestKey: key(),
        userId: SAM,
        category: 'COURSE_TOPUP',
        type: 'ADDITION',
        amount: { amount: 5, currency: 'USD' },
        note: 'Goodwill',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ category: 'COURSE_TOPUP', signedAmount: 5, user: { type: 'student' } });
    const byCategory = await local.api.call<Json>('manualAdjustments.list', {
      ...admin,
      query: { category: 'COURSE_TOPUP' },
    });
    expect(byCategory.body.docs.map((doc: Json) => doc._id)).toEqual([made.body._id]);
    // The student's ledger holds it once, named by the adjustment, however often the request is sent.
    const entries = async () =>
      (await accountEntries('demo', { kind: 'MONEY', userId: SAM })).filter(
        (entry) => entry.cause === made.body._id,
      );
    expect((await entries()).map((entry) => [entry._id, entry.kind, entry.amount])).toEqual([
      [`ADJUSTMENT:${made.body._id}`, 'ADJUSTMENT', { minor: 500, currency: 'USD' }],
    ]);
    const deduction = {
      requestKey: key(),
      userId: SAM,
      category: 'PAYMENT',
      type: 'DEDUCTION',
      amount: { amount: 1.25, currency: 'USD' },
      note: 'Bank fee',
    };
    const taken = await Promise.all(
      [1, 2, 3].map(() =>
        local.api.call<Json>('manualAdjustments.createPaymentAdjustment', { ...admin, body: deduction }),
      ),
    );
    expect(taken.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const deducted = (await accountEntries('demo', { kind: 'MONEY', userId: SAM })).filter(
      (entry) => entry.cause === taken[0]?.body._id,
    );
    expect(deducted.map((entry) => entry.amount)).toEqual([{ minor: -125, currency: 'USD' }]);
    const logs = await local.api.call<Json>('transactionLogs.adminList', {
      ...admin,
      query: { userId: SAM, limit: 100 },
    });
    expect(logs.body.docs.some((doc: Json) => doc._id.endsWith(`ADJUSTMENT:${made.body._id}`))).toBe(true);
    // A tutor's money adjustment is pay (their pay totals), not a ledger entry.
    const tutors = await local.api.call<Json>('manualAdjustments.createPaymentAdjustment', {
      ...admin,
      body: { ...deduction, requestKey: key(), userId: TOM },
    });
    expect(tutors.status).toBe(201);
    expect(
      (await accountEntries('demo', { kind: 'MONEY', userId: TOM })).some(
        (entry) => entry.cause === tutors.body._id,
      ),
    ).toBe(false);
    const permissions = await local.api.call<Json>('manualAdjustments.permissions', admin);
    expect(permissions.body).toEqual({
      canCreate: true,
      canView: true,
      categories: ['PAYMENT', 'ADJUSTMENTS', 'COURSE_TOPUP', 'OTHERS'],
    });
  });
});

describe('call logs', () => {
  it('lists ended lessons as calls with who joined, filtered by status and person', async () => {
    const base = Date.now() - 30 * 86_400_000;
    const row = async (suffix: string, joins: Array<{ userId: string; joinedAt: string }>) => {
      const start = new Date(base + Number(suffix) * 3_600_000).toISOString();
      const end = new Date(base + Number(suffix) * 3_600_000 + 3_600_000).toISOString();
      const id = `call-${suffix}-${Math.random().toString(16).slice(2)}`;
      await tomAndSamEnded({ _id: id, title: 'Call', start, end }, joins);
      return { id, start };
    };
    const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
    const start1 = new Date(base + 3_600_000).toISOString();
    const both = await row('1', [
      { userId: TOM, joinedAt: at(start1, 3) },
      { userId: SAM, joinedAt: at(start1, -2) },
    ]);
    const start2 = new Date(base + 2 * 3_600_000).toISOString();
    const tutorOnly = await row('2', [{ userId: TOM, joinedAt: start2 }]);
    const nobody = await row('3', []);
    const window = {
      startDate: new Date(base).toISOString(),
      endDate: new Date(base + 86_400_000).toISOString(),
    };
    const list = async (query: Json) => {
      const answer = await local.api.call<Json>('callLogs.list', {
        ...admin,
        query: { ...window, ...query },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const all = await list({});
    expect(all.docs.map((doc: Json) => doc._id)).toEqual([nobody.id, tutorOnly.id, both.id]);
    expect(all.docs[2]).toMatchObject({ status: 'COMPLETED', tutorLateMinutes: 3, studentLateMinutes: 0 });
    expect((await list({ status: 'STUDENT_ABSENT' })).docs.map((doc: Json) => doc._id)).toEqual([
      tutorOnly.id,
    ]);
    expect((await list({ status: 'MISSED', tutorId: TOM })).docs.map((doc: Json) => doc._id)).toEqual([
      nobody.id,
    ]);
    expect((await list({ sort: 'asc', studentId: SAM })).docs[0]._id).toBe(both.id);
    expect((await local.api.call<Json>('callLogs.list', { ...tom, query: {} })).status).toBe(403);
  });
});
