import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../../support/api-client';
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

/** A start on the 15-minute grid, `hours` from now. */
function hoursFromNow(hours: number): string {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + hours * 3_600_000) / quarter) * quarter).toISOString();
}

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

async function createLesson(start: string, duration = 60) {
  return local.api.call<Json>('meetings.teamsAdminCreate', {
    ...admin,
    body: { course: COURSE, title: 'Extra lesson', start, duration },
  });
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

describe('scheduling lessons', () => {
  it("books a lesson for the course's tutor and students, and refuses a clash or a gap shorter than the buffer", async () => {
    const start = hoursFromNow(30 * 24);
    const created = await createLesson(start);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'TEAMS',
      tutorId: 'demo-tutor-1',
      studentIds: ['demo-student-1'],
      start,
    });
    expect(created.body.joinUrl).toContain(`/waiting-room/${created.body._id}`);

    const again = await createLesson(start);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Sorry, this time is no longer free. Please choose another one.');
    const tooClose = await createLesson(new Date(Date.parse(start) + 70 * 60_000).toISOString());
    expect(tooClose.status).toBe(409);
    const afterBuffer = await createLesson(new Date(Date.parse(start) + 75 * 60_000).toISOString());
    expect(afterBuffer.status).toBe(201);

    // Deleting frees the time again.
    const deleted = await local.api.call('meetings.teamsAdminDelete', {
      ...admin,
      params: { id: created.body._id },
    });
    expect(deleted.status).toBe(200);
    expect((await createLesson(start)).status).toBe(201);
  });

  it('refuses a length outside 15-180 in 15-minute steps (3 and 5 allowed outside production) and a past time', async () => {
    expect((await createLesson(hoursFromNow(40 * 24), 20)).status).toBe(400);
    expect((await createLesson(hoursFromNow(41 * 24), 5)).status).toBe(201);
    const past = await createLesson(new Date(Date.now() - 3_600_000).toISOString());
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Choose a time in the future');
  });

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
    const outsider = await local.api.call('meetings.courseMeetingBook', {
      ...maya,
      body: { course: COURSE, start: slot!.start, duration: 60 },
    });
    expect(outsider.status).toBe(404);
  });
});

describe('lesson changes', () => {
  it('turns a student reschedule within 24 hours into a request; an admin approves and the calendar moves', async () => {
    const lesson = await createLesson(hoursFromNow(6));
    expect(lesson.status).toBe(201);
    const before = await pendingTotal();
    const date = londonWeekday(3);
    const target = (await tutorSlots(sam, date, lesson.body._id))[2]!;

    const asked = await local.api.call<Json>('meetings.teamsReschedule', {
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

    const second = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness' },
    });
    expect(second.status).toBe(409);

    const approved = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'APPROVE' },
    });
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
    expect((await createLesson(lesson.body.start)).status).toBe(201);
    const twice = await local.api.call('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'REJECT' },
    });
    expect(twice.status).toBe(409);
  });

  it('applies a change asked more than 24 hours ahead at once, and frees the time', async () => {
    const start = hoursFromNow(50 * 24);
    const lesson = await createLesson(start);
    const cancelled = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness', note: 'Flu' },
    });
    expect(cancelled.body).toMatchObject({ status: 'APPROVED', lesson: { status: 'CANCELLED' } });
    expect((await createLesson(start)).status).toBe(201);
  });

  it('lets an admin reject a tutor’s late request or update it, and keeps others out', async () => {
    const lesson = await createLesson(hoursFromNow(9));
    const asked = await local.api.call<Json>('meetings.teamsCancel', {
      ...tutor,
      params: { id: lesson.body._id },
      body: { reason: 'Technical issue' },
    });
    expect(asked.body).toMatchObject({ status: 'PENDING', request: { requestedByRole: 'TUTOR' } });
    const updated = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: {
        action: 'UPDATE',
        adminNote: 'Checking with the parent',
        penalty: 10,
        penaltyReason: 'Late notice',
      },
    });
    expect(updated.body.request).toMatchObject({
      status: 'PENDING',
      adminNote: 'Checking with the parent',
      penalty: 10,
    });
    const rejected = await local.api.call<Json>('meetingRequests.respond', {
      ...admin,
      params: { requestId: asked.body.request._id },
      body: { action: 'REJECT' },
    });
    expect(rejected.body.request.status).toBe('REJECTED');
    const still = await local.api.call<Json>('schedule.get', {
      ...sam,
      params: { sectionId: lesson.body._id },
    });
    expect(still.body).toMatchObject({ status: 'ACTIVE', courseTitle: 'IGCSE Mathematics (Grade 10)' });

    const stranger = await local.api.call('meetings.teamsCancel', {
      ...maya,
      params: { id: lesson.body._id },
      body: { reason: 'Sickness' },
    });
    expect(stranger.status).toBe(404);
    const noReason = await local.api.call<Json>('meetings.teamsCancel', {
      ...sam,
      params: { id: lesson.body._id },
      body: { reason: 'Bored' },
    });
    expect(noReason.status).toBe(400);

    // Tutor amount data only on request; a bulk payment status update.
    const plain = await local.api.call<Json>('meetingRequests.adminGet', {
      ...admin,
      params: { id: asked.body.request._id },
    });
    expect(plain.body.penalty).toBeUndefined();
    const withAmounts = await local.api.call<Json>('meetingRequests.adminGet', {
      ...admin,
      params: { id: asked.body.request._id },
      query: { includeTutorAmountData: '1' },
    });
    expect(withAmounts.body.penalty).toBe(10);
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
    const again = await local.api.call<{ url: string }>('schedule.feedUrl', { ...sam });
    expect(again.body.url).toBe(body.url);
    const feed = await fetch(body.url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const text = await feed.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('UID:lesson-demo-1@learning-platform');
    const wrong = await fetch(body.url.replace(/[\w-]+$/, 'not-a-token'));
    expect(wrong.status).toBe(404);
  });
});
