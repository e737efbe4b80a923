import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../functions/lib/passwords';
import { createUser } from '../../../functions/repositories/users';
import { demo } from '../../support/api-client';
import { lessonRequestFixtures, quarterHourFromNow } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let maya: Session;
let parent: Session;
let leo: Session;
const COURSE = 'course-demo-igcse-maths';

const { requestOf, respond } = lessonRequestFixtures(local, () => admin);

/** A weekday at least `days` ahead, as a London date (tutor 1 works 09:00-17:00 London on weekdays). */
function londonWeekday(days: number): string {
  let day = DateTime.now().setZone('Europe/London').startOf('day').plus({ days });
  while (day.weekday > 5 || day.weekday === 2) day = day.plus({ days: 1 }); // not Tuesday: demo lessons
  return day.toISODate()!;
}

async function tutorSlots(
  session: Session,
  date: string,
  sectionId?: string,
): Promise<Array<{ start: string }>> {
  const { body } = await local.api.call<{ docs: Array<{ start: string }> }>('availability.slots', {
    ...session,
    params: { userId: 'demo-tutor-1' },
    query: { date, deviceTimezone: 'Europe/London', ...(sectionId ? { sectionId } : {}) },
  });
  return body.docs;
}

/** The two meeting kinds have the same calls under their own paths: every lesson test runs for both. */
const kinds = [
  { kind: 'TEAMS', id: 'teams', shift: 0 },
  { kind: 'ZOOM', id: 'zoom', shift: 1 },
] as const;
type Kind = (typeof kinds)[number];

async function createLesson(start: string, duration = 60, k: Kind = kinds[0]) {
  return local.api.call<Json>(`meetings.${k.id}AdminCreate`, {
    ...admin,
    body: { course: COURSE, title: 'Extra lesson', start, duration },
  });
}

/** `days` ahead; the ZOOM runs use days 100 further on, so the two kinds never clash. */
const far = (k: Kind, days: number) => quarterHourFromNow((days + 100 * k.shift) * 24);
/** `hours` ahead, within a day; the ZOOM runs an hour and a half later. */
const near = (k: Kind, hours: number) => quarterHourFromNow(hours + 1.5 * k.shift);

const SLOT_TAKEN = 'Sorry, this time is no longer free. Please choose another one.';

async function lessonStart(sectionId: string): Promise<string> {
  const { body } = await local.api.call<Json>('schedule.get', { ...admin, params: { sectionId } });
  return body.start as string;
}

async function pendingTotal(): Promise<number> {
  const { body } = await local.api.call<Json>('meetingRequests.adminList', {
    ...admin,
    query: { statuses: 'PENDING' },
  });
  return body.totalDocs as number;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  maya = await local.api.signIn(demo.student2.email, demo.student2.password);
  parent = await local.api.signIn(demo.parent.email, demo.parent.password);
  leo = await local.api.signIn(demo.student3.email, demo.student3.password);
});

describe.each(kinds)('scheduling $kind lessons', (k) => {
  it("books a lesson for the course's tutor and students, and refuses a clash or a gap shorter than the buffer", async () => {
    const start = far(k, 30);
    const created = await createLesson(start, 60, k);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: k.kind,
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
      start,
    });
    expect(created.body.joinUrl).toContain(`/waiting-room/${created.body._id}`);

    const again = await createLesson(start, 60, k);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SLOT_TAKEN);
    const tooClose = await createLesson(new Date(Date.parse(start) + 70 * 60_000).toISOString(), 60, k);
    expect(tooClose.status).toBe(409);
    const afterBuffer = await createLesson(new Date(Date.parse(start) + 75 * 60_000).toISOString(), 60, k);
    expect(afterBuffer.status).toBe(201);

    // Deleting frees the time again; the other kind's calls do not know this lesson.
    const other = kinds.find((x) => x.kind !== k.kind)!;
    const wrongKind = await local.api.call(`meetings.${other.id}AdminDelete`, {
      ...admin,
      params: { id: created.body._id },
    });
    expect(wrongKind.status).toBe(404);
    const deleted = await local.api.call(`meetings.${k.id}AdminDelete`, {
      ...admin,
      params: { id: created.body._id },
    });
    expect(deleted.status).toBe(200);
    expect((await createLesson(start, 60, k)).status).toBe(201);
  });

  it('refuses a length outside 15-180 in 15-minute steps (3 and 5 allowed outside production) and a past time', async () => {
    expect((await createLesson(far(k, 40), 20, k)).status).toBe(400);
    expect((await createLesson(far(k, 42), 5, k)).status).toBe(201);
    const past = await createLesson(new Date(Date.now() - 3_600_000).toISOString(), 60, k);
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Choose a time in the future');
  });

  it('lets an admin rename a lesson (its calendars follow), and a tutor schedule only in their own course', async () => {
    const created = await createLesson(far(k, 44), 45, k);
    const renamed = await local.api.call<Json>(`meetings.${k.id}AdminUpdate`, {
      ...admin,
      params: { id: created.body._id },
      body: { title: 'Vectors revision', description: 'Bring past papers', billing: 'NON_BILLABLE' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      kind: k.kind,
      title: 'Vectors revision',
      description: 'Bring past papers',
      billing: 'NON_BILLABLE',
      start: created.body.start,
    });
    const line = await local.api.call<Json>('schedule.get', {
      ...sam,
      params: { sectionId: created.body._id },
    });
    expect(line.body.title).toBe('Vectors revision');
    const badUpdate = await local.api.call(`meetings.${k.id}AdminUpdate`, {
      ...admin,
      params: { id: created.body._id },
      body: { start: quarterHourFromNow(24) },
    });
    expect(badUpdate.status).toBe(400);
    const other = kinds.find((x) => x.kind !== k.kind)!;
    const wrongKind = await local.api.call(`meetings.${other.id}AdminUpdate`, {
      ...admin,
      params: { id: created.body._id },
      body: { title: 'x' },
    });
    expect(wrongKind.status).toBe(404);

    const start = far(k, 46);
    const byTutor = await local.api.call<Json>(`meetings.${k.id}Create`, {
      ...tutor,
      body: { course: COURSE, title: 'Extra practice', start, duration: 30 },
    });
    expect(byTutor.status).toBe(201);
    expect(byTutor.body).toMatchObject({ kind: k.kind, tutorId: 'demo-tutor-1', start, duration: 30 });
    const byStudent = await local.api.call<Json>(`meetings.${k.id}Create`, {
      ...sam,
      body: { course: COURSE, title: 'Mine', start: far(k, 47), duration: 30 },
    });
    expect(byStudent.status).toBe(403);
    const clash = await local.api.call<Json>(`meetings.${k.id}Create`, {
      ...tutor,
      body: { course: COURSE, title: 'Again', start, duration: 30 },
    });
    expect(clash.status).toBe(409);
  });

  it('lets an admin cancel or move a lesson at once, any time before it, and frees the old time', async () => {
    const first = await createLesson(near(k, 3), 30, k);
    expect(first.status).toBe(201);
    const cancelled = await local.api.call<Json>(`meetings.${k.id}AdminCancel`, {
      ...admin,
      params: { id: first.body._id },
      body: { reason: 'Technical issue', note: 'Platform outage' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'APPROVED',
      lesson: { status: 'CANCELLED' },
      request: { type: 'CANCEL', requestedByRole: 'ADMIN', note: 'Platform outage' },
    });
    expect((await createLesson(first.body.start, 30, k)).status).toBe(201);

    const second = await createLesson(far(k, 48), 60, k);
    const target = far(k, 49);
    const moved = await local.api.call<Json>(`meetings.${k.id}AdminReschedule`, {
      ...admin,
      params: { id: second.body._id },
      body: { reason: 'Time Zone change', start: target, duration: 45 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      status: 'APPROVED',
      lesson: { start: target, duration: 45 },
      request: { type: 'RESCHEDULE', newStart: target, start: second.body.start },
    });
    expect(await lessonStart(second.body._id)).toBe(target);
    expect((await createLesson(second.body.start, 60, k)).status).toBe(201);
    const badLength = await local.api.call(`meetings.${k.id}AdminReschedule`, {
      ...admin,
      params: { id: second.body._id },
      body: { reason: 'Duration Change', start: target, duration: 50 },
    });
    expect(badLength.status).toBe(400);
  });
});

describe('booking from free slots', () => {
  it('lets a student book a lesson in their course from free slots only, one winner per slot', async () => {
    const date = londonWeekday(5);
    const [slot] = await tutorSlots(sam, date);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        local.api.call<Json>('meetings.courseMeetingBook', {
          ...sam,
          body: { course: COURSE, start: slot!.start, duration: 60 },
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(19);
    const night = DateTime.fromISO(`${date}T03:00`, { zone: 'Europe/London' }).toUTC().toISO()!;
    const offHours = await local.api.call<Json>('meetings.courseMeetingBook', {
      ...sam,
      body: { course: COURSE, start: night, duration: 60 },
    });
    expect(offHours.status).toBe(409);
    expect(offHours.body.message).toBe(
      "This time is not one of the tutor's free slots. Please choose another one.",
    );
    const shortTryOut = await local.api.call<Json>('meetings.courseMeetingBook', {
      ...sam,
      body: { course: COURSE, start: slot!.start, duration: 5 },
    });
    expect(shortTryOut.status).toBe(400);
    expect(shortTryOut.body.message).toBe('A lesson lasts 15 to 180 minutes, in steps of 15 minutes');
    const outsider = await local.api.call('meetings.courseMeetingBook', {
      ...maya,
      body: { course: COURSE, start: slot!.start, duration: 60 },
    });
    expect(outsider.status).toBe(404);
  });
});

describe.each(kinds)('$kind lesson changes', (k) => {
  it('turns a student reschedule within 24 hours into a request; an admin approves and the calendar moves', async () => {
    const lesson = await createLesson(near(k, 6), 60, k);
    expect(lesson.status).toBe(201);
    const before = await pendingTotal();
    const date = londonWeekday(3);
    const target = (await tutorSlots(sam, date, lesson.body._id))[2]!;

    const asked = await local.api.call<Json>(`meetings.${k.id}Reschedule`, {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'School Activity', start: target.start },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe('PENDING');
    expect(asked.body.request).toMatchObject({
      type: 'RESCHEDULE',
      requestedByRole: 'STUDENT',
      newStart: target.start,
    });
    expect(await pendingTotal()).toBe(before + 1);

    const second = await local.api.call<Json>(`meetings.${k.id}Cancel`, {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness' },
    });
    expect(second.status).toBe(409);

    const approved = await respond(asked.body.request._id, { action: 'APPROVE' });
    expect(approved.status).toBe(200);
    expect(approved.body.request).toMatchObject({ status: 'APPROVED', respondedBy: { _id: admin.userId } });
    expect(await pendingTotal()).toBe(before);

    const schedule = await local.api.call<Json>('schedule.list', {
      ...sam,
      params: { userId: sam.userId },
      query: {
        startDate: new Date().toISOString(),
        endDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      },
    });
    const starts = schedule.body.docs
      .filter((e: Json) => e.sectionId === lesson.body._id)
      .map((e: Json) => e.start);
    expect(starts).toEqual([target.start]);
    // The old time is free again; answering twice is refused.
    expect((await createLesson(lesson.body.start, 60, k)).status).toBe(201);
    const twice = await respond(asked.body.request._id, { action: 'REJECT' });
    expect(twice.status).toBe(409);
  });

  it("refuses a move to the lesson's own time, and leaves that time out of the free times offered", async () => {
    // Prepare: a lesson on one of the tutor's free times
    const date = londonWeekday(15 + k.shift);
    const [free] = await tutorSlots(sam, date);
    const lesson = await createLesson(free!.start, 60, k);
    expect(lesson.status).toBe(201);

    // Act
    const offered = await tutorSlots(sam, date, lesson.body._id);
    const byStudent = await local.api.call<Json>(`meetings.${k.id}Reschedule`, {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'School Activity', start: free!.start },
    });
    const byAdmin = await local.api.call<Json>(`meetings.${k.id}AdminReschedule`, {
      ...admin,
      params: { id: lesson.body._id },
      body: { reason: 'School Activity', start: free!.start },
    });
    const longer = await local.api.call<Json>(`meetings.${k.id}AdminReschedule`, {
      ...admin,
      params: { id: lesson.body._id },
      body: { reason: 'Duration Change', start: free!.start, duration: 90 },
    });

    // Assess
    expect(offered.map((slot) => slot.start)).not.toContain(free!.start);
    expect(offered.length).toBeGreaterThan(0);
    for (const refused of [byStudent, byAdmin]) {
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        'The lesson is already at this time. Choose another time to move it to.',
      );
    }
    // A new length at the same start is a change.
    expect(longer.status).toBe(200);
    expect(longer.body.lesson).toMatchObject({ start: free!.start, duration: 90 });
  });

  it('applies a change asked more than 24 hours ahead at once, and frees the time', async () => {
    const start = far(k, 50);
    const lesson = await createLesson(start, 60, k);
    const cancelled = await local.api.call<Json>(`meetings.${k.id}Cancel`, {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness', note: 'Flu' },
    });
    expect(cancelled.body).toMatchObject({ status: 'APPROVED', lesson: { status: 'CANCELLED' } });
    expect((await createLesson(start, 60, k)).status).toBe(201);
  });

  it('lets an admin reject a tutor’s late request or update it, and keeps others out', async () => {
    const lesson = await createLesson(near(k, 9), 60, k);
    const asked = await local.api.call<Json>(`meetings.${k.id}Cancel`, {
      ...tutor,
      params: { id: lesson.body._id },
      body: { reason: 'Technical issue' },
    });
    expect(asked.body).toMatchObject({ status: 'PENDING', request: { requestedByRole: 'TUTOR' } });
    const updated = await respond(asked.body.request._id, {
      action: 'UPDATE',
      adminNote: 'Checking with the parent',
      penalty: 10,
      penaltyReason: 'Late notice',
    });
    expect(updated.body.request).toMatchObject({
      status: 'PENDING',
      adminNote: 'Checking with the parent',
      penalty: 10,
    });
    const rejected = await respond(asked.body.request._id, { action: 'REJECT' });
    expect(rejected.body.request.status).toBe('REJECTED');
    const still = await local.api.call<Json>('schedule.get', {
      ...sam,
      params: { sectionId: lesson.body._id },
    });
    expect(still.body).toMatchObject({ status: 'ACTIVE', courseTitle: 'IGCSE Mathematics (Grade 10)' });

    const stranger = await local.api.call(`meetings.${k.id}Cancel`, {
      ...maya,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness' },
    });
    expect(stranger.status).toBe(404);
    const noReason = await local.api.call<Json>(`meetings.${k.id}Cancel`, {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'Bored' },
    });
    expect(noReason.status).toBe(400);

    // Tutor amount data only on request; a bulk payment status update.
    expect((await requestOf(asked.body.request._id)).penalty).toBeUndefined();
    const withAmounts = await requestOf(asked.body.request._id, { includeTutorAmountData: '1' });
    // (the rejected change costs the tutor nothing: its penalty is cleared)
    expect(withAmounts).toMatchObject({ penalty: 0, penaltyAmount: 0, penaltyReason: null });
    // The tutor sees the payment status column but may not change it
    const byTutor = await local.api.call<Json>('meetingRequests.updateTutorPaymentStatus', {
      ...tutor,
      body: { tutorPaymentStatus: 'PAID', meetingRequestIds: [asked.body.request._id] },
    });
    expect(byTutor.status).toBe(403);
    expect(byTutor.body.message).toBe('Only the back-office can change payment status');
    const paid = await local.api.call<Json>('meetingRequests.updateTutorPaymentStatus', {
      ...admin,
      body: { tutorPaymentStatus: 'PAID', meetingRequestIds: [asked.body.request._id] },
    });
    expect(paid.body.docs[0].tutorPaymentStatus).toBe('PAID');
    const mine = await local.api.call<Json>('meetingRequests.list', {
      ...tutor,
      query: { statuses: 'REJECTED' },
    });
    expect(mine.body.docs.map((r: Json) => r._id)).toContain(asked.body.request._id);
    const notMine = await local.api.call('meetingRequests.get', {
      ...maya,
      params: { id: asked.body.request._id },
    });
    expect(notMine.status).toBe(404);
  });

  it('refuses an admin reschedule onto a taken time with a 409 and writes nothing', async () => {
    const moving = await createLesson(far(k, 60), 60, k);
    const holder = await createLesson(far(k, 61), 60, k);
    const refused = await local.api.call<Json>(`meetings.${k.id}AdminReschedule`, {
      ...admin,
      params: { id: moving.body._id },
      body: { reason: 'Due to a lesson Overlap', start: holder.body.start },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SLOT_TAKEN);
    // Nothing moved: both lessons keep their times, both times stay claimed, no request was recorded.
    expect(await lessonStart(moving.body._id)).toBe(moving.body.start);
    expect(await lessonStart(holder.body._id)).toBe(holder.body.start);
    expect((await createLesson(moving.body.start, 60, k)).status).toBe(409);
    expect((await createLesson(holder.body.start, 60, k)).status).toBe(409);
    const requests = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { type: 'RESCHEDULE', limit: 100 },
    });
    expect(requests.body.docs.filter((r: Json) => r.sectionId === moving.body._id)).toEqual([]);
  });

  it('refuses to approve a reschedule whose new time was taken meanwhile, leaving the request PENDING', async () => {
    const lesson = await createLesson(near(k, 12), 60, k);
    expect(lesson.status).toBe(201);
    const target = (await tutorSlots(sam, londonWeekday(6 + 7 * k.shift), lesson.body._id))[4]!;
    const asked = await local.api.call<Json>(`meetings.${k.id}Reschedule`, {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness', start: target.start },
    });
    expect(asked.body.status).toBe('PENDING');
    const pending = await pendingTotal();
    // Meanwhile an admin books another lesson at that time.
    const taker = await createLesson(target.start, 60, k);
    expect(taker.status).toBe(201);

    const approve = await respond(asked.body.request._id, { action: 'APPROVE' });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe(SLOT_TAKEN);
    expect(await requestOf(asked.body.request._id)).toMatchObject({
      status: 'PENDING',
      newStart: target.start,
      respondedBy: null,
    });
    expect(await pendingTotal()).toBe(pending);
    expect(await lessonStart(lesson.body._id)).toBe(lesson.body.start);
    expect(await lessonStart(taker.body._id)).toBe(target.start);
    expect((await createLesson(lesson.body.start, 60, k)).status).toBe(409);

    // The admin picks another time with UPDATE, then approves: now it moves.
    const other = (await tutorSlots(sam, londonWeekday(6 + 7 * k.shift), lesson.body._id)).find(
      (slot) => Math.abs(Date.parse(slot.start) - Date.parse(target.start)) >= 3 * 3_600_000,
    )!;
    const updated = await respond(asked.body.request._id, { action: 'UPDATE', newStart: other.start });
    expect(updated.body.request).toMatchObject({ status: 'PENDING', newStart: other.start });
    const approved = await respond(asked.body.request._id, { action: 'APPROVE' });
    expect(approved.status).toBe(200);
    expect(await lessonStart(lesson.body._id)).toBe(other.start);
  });
});

describe('rescheduling under contention', () => {
  it('moves exactly one of many lessons rescheduled onto one free time at once', async () => {
    const lessons = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createLesson(quarterHourFromNow((70 + i) * 24), 60)),
    );
    expect(lessons.map((l) => l.status)).toEqual(Array(8).fill(201));
    const target = quarterHourFromNow(80 * 24);
    const attempts = await Promise.all(
      lessons.map((lesson) =>
        local.api.call<Json>('meetings.teamsAdminReschedule', {
          ...admin,
          params: { id: lesson.body._id },
          body: { reason: 'Due to a lesson Overlap', start: target },
        }),
      ),
    );
    const winners = attempts.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(7);
    for (const lost of attempts.filter((a) => a.status === 409)) expect(lost.body.message).toBe(SLOT_TAKEN);
    const starts = await Promise.all(lessons.map((l) => lessonStart(l.body._id)));
    expect(starts.filter((start) => start === target)).toHaveLength(1);
    // The losers kept their own times (still claimed).
    const losers = lessons.filter((_, i) => attempts[i]!.status === 409);
    for (const lesson of losers) expect(await lessonStart(lesson.body._id)).toBe(lesson.body.start);
    const { body } = await local.api.call<Json>('schedule.adminMeetings', {
      ...admin,
      query: {
        startDate: target,
        endDate: new Date(Date.parse(target) + 3_600_000).toISOString(),
        tutorId: 'demo-tutor-1',
        countOnly: '1',
      },
    });
    expect(body.totalDocs).toBe(1);
  });
});

describe('tutor amounts on lesson requests', () => {
  it('shows penalty data only to roles holding the tutor amount columns, and only when asked', async () => {
    const lesson = await createLesson(quarterHourFromNow(15), 60);
    const asked = await local.api.call<Json>('meetings.teamsCancel', {
      ...tutor,
      params: { id: lesson.body._id },
      body: { reason: 'Unforeseen Circumstance' },
    });
    expect(asked.body.status).toBe('PENDING');
    const id = asked.body.request._id as string;
    await respond(id, { action: 'UPDATE', penalty: 25, penaltyReason: 'Late notice' });

    // The student of the lesson: the request, never its amounts.
    const plain = await local.api.call<Json>('meetingRequests.get', { ...sam, params: { id } });
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('penalty');
    expect(plain.body).not.toHaveProperty('penaltyAmount');
    for (const call of [
      () =>
        local.api.call<Json>('meetingRequests.get', {
          ...sam,
          params: { id },
          query: { includeTutorAmountData: '1' },
        }),
      () => local.api.call<Json>('meetingRequests.list', { ...sam, query: { includeTutorAmountData: '1' } }),
    ]) {
      const refused = await call();
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Your role cannot see tutor amounts');
    }
    const samList = await local.api.call<Json>('meetingRequests.list', { ...sam, query: { limit: 100 } });
    const samRow = samList.body.docs.find((r: Json) => r._id === id);
    expect(samRow).toBeDefined();
    expect(samRow).not.toHaveProperty('penalty');

    // The tutor's role holds the tutorAmount and tutorPenalty columns: their own request's amounts, on request.
    const tutorPlain = await local.api.call<Json>('meetingRequests.get', { ...tutor, params: { id } });
    expect(tutorPlain.body).not.toHaveProperty('penalty');
    const tutorAmounts = await local.api.call<Json>('meetingRequests.get', {
      ...tutor,
      params: { id },
      query: { includeTutorAmountData: '1' },
    });
    expect(tutorAmounts.body).toMatchObject({ penalty: 25, penaltyReason: 'Late notice', penaltyAmount: 0 });
    const tutorList = await local.api.call<Json>('meetingRequests.list', {
      ...tutor,
      query: { includeTutorAmountData: '1', limit: 100 },
    });
    expect(tutorList.body.docs.find((r: Json) => r._id === id)).toMatchObject({ penalty: 25 });

    // The admin list and detail are the back-office's, whatever lesson history switches a role holds.
    for (const who of [sam, tutor]) {
      expect((await local.api.call('meetingRequests.adminList', { ...who })).status).toBe(403);
      expect((await local.api.call('meetingRequests.adminGet', { ...who, params: { id } })).status).toBe(403);
    }
    const adminList = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { includeTutorAmountData: '1', limit: 100 },
    });
    expect(adminList.body.docs.find((r: Json) => r._id === id)).toMatchObject({ penalty: 25 });
    const adminPlain = await local.api.call<Json>('meetingRequests.adminList', {
      ...admin,
      query: { limit: 100 },
    });
    expect(adminPlain.body.docs.find((r: Json) => r._id === id)).not.toHaveProperty('penalty');

    // A tutor whose role lacks those columns is refused the amounts even of their own requests.
    const { body: role } = await local.api.call<Json>('roles.create', {
      ...admin,
      body: {
        name: 'Tutor without amounts',
        type: 'user',
        permissions: { lessonHistory: ['view', 'dateTime'] },
      },
    });
    await createUser('demo', {
      firstname: 'Nina',
      lastname: 'Noamounts',
      email: 'nina.tutor@demo.test',
      type: 'tutor',
      roleId: role._id as string,
      passwordHash: await hashPassword('Nina-tutor-1'),
    });
    const nina = await local.api.signIn('nina.tutor@demo.test', 'Nina-tutor-1');
    const ninaAmounts = await local.api.call<Json>('meetingRequests.list', {
      ...nina,
      query: { includeTutorAmountData: '1' },
    });
    expect(ninaAmounts.status).toBe(403);
    expect((await local.api.call('meetingRequests.list', { ...nina })).status).toBe(200);
  });
});

describe('schedule', () => {
  it('counts and filters the admin schedule, and keeps calendars to their owners and parents', async () => {
    const range = {
      startDate: new Date().toISOString(),
      endDate: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    };
    const count = await local.api.call<Json>('schedule.adminMeetings', {
      ...admin,
      query: { ...range, tutorId: 'demo-tutor-1', countOnly: '1' },
    });
    expect(count.body.totalDocs).toBeGreaterThanOrEqual(4);
    expect(count.body.docs).toBeUndefined();
    const page = await local.api.call<Json>('schedule.adminMeetings', {
      ...admin,
      query: { ...range, courseId: COURSE, limit: 2 },
    });
    expect(page.body.docs).toHaveLength(2);
    expect(page.body.docs[0]).toMatchObject({
      courseTitle: 'IGCSE Mathematics (Grade 10)',
      tutor: { firstname: 'Tom' },
    });

    const byParent = await local.api.call<Json>('schedule.list', {
      ...parent,
      params: { userId: sam.userId },
      query: range,
    });
    expect(byParent.status).toBe(200);
    expect(byParent.body.docs.length).toBeGreaterThan(0);
    // Leo is not linked to Sam (Maya is: she shares the parent's user-mapper).
    const byOther = await local.api.call('schedule.list', {
      ...leo,
      params: { userId: sam.userId },
      query: range,
    });
    expect(byOther.status).toBe(404);
    const badRange = await local.api.call('schedule.list', {
      ...sam,
      params: { userId: sam.userId },
      query: { startDate: range.endDate, endDate: range.startDate },
    });
    expect(badRange.status).toBe(400);
    const notParticipant = await local.api.call('schedule.get', {
      ...maya,
      params: { sectionId: 'lesson-demo-1' },
    });
    expect(notParticipant.status).toBe(404);
  });

  it('serves a personal iCalendar feed at a secret URL', async () => {
    const { body } = await local.api.call<{ url: string }>('schedule.feedUrl', { ...sam });
    expect(body.url).toMatch(/\/calendar\/demo\/[\w-]{20,}$/);
    // On the API's configured URL, whatever Host and scheme the request claims
    expect(body.url.startsWith(`${local.stack.apiUrl}/calendar/demo/`)).toBe(true);
    const again = await local.api.call<{ url: string }>('schedule.feedUrl', {
      ...sam,
      headers: { host: 'attacker.example', 'x-forwarded-proto': 'javascript' },
    });
    expect(again.body.url).toBe(body.url);
    const feed = await fetch(body.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('UID:lesson-demo-1@learning-platform');
    // Each event says which revision it is, so calendar apps take a changed lesson over their copy
    const event = text.slice(text.indexOf('UID:lesson-demo-1@learning-platform'));
    expect(event.slice(0, event.indexOf('END:VEVENT'))).toMatch(/SEQUENCE:\d+/);
    expect(event.slice(0, event.indexOf('END:VEVENT'))).toMatch(/LAST-MODIFIED:\d{8}T\d{6}Z/);
    const wrong = await fetch(body.url.replace(/[\w-]+$/, 'not-a-token'));
    expect(wrong.status).toBe(404);
  });
});
