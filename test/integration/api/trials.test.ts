import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../../functions/repositories/users';
import { readOutbox } from '../../../infra/local/mailbox';
import { pointerOnlyStudent, studentWithToken } from '../../support/accounts';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Slot = { start: string; end: string; label: string; tutorId?: string };
let admin: Session;
let tutor: Session;
let student: Session;

/** A Wednesday at least four days ahead, as a Singapore calendar date. */
function upcomingWednesday(weeksAhead = 0): string {
  let day = DateTime.now().setZone('Asia/Singapore').startOf('day').plus({ days: 4 });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.plus({ weeks: weeksAhead }).toISODate()!;
}

const igcseMaths = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };

async function trialSlots(date: string, extra: Record<string, string> = {}): Promise<Slot[]> {
  const { status, body } = await local.api.call<{ docs: Slot[] }>('trials.slots', {
    query: { date, ...igcseMaths, deviceTimezone: 'Asia/Singapore', ...extra },
  });
  expect(status).toBe(200);
  return body.docs;
}

function signUpBody(email: string, slot: Slot) {
  return {
    firstname: 'Trial',
    lastname: 'Visitor',
    email,
    password: 'Trial-visitor-1',
    ...igcseMaths,
    startDate: slot.start,
    endDate: slot.end,
    tutorId: slot.tutorId,
    deviceTimezone: 'Asia/Singapore',
  };
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  student = await local.api.signIn(demo.student2.email, demo.student2.password);
});

describe('curricula for the trial dialog', () => {
  it('lists the seeded curricula with grades and subjects, publicly', async () => {
    const { status, body } = await local.api.call<{ docs: Array<Record<string, any>> }>(
      'curriculums.listWithGrades',
    );
    expect(status).toBe(200);
    expect(body.docs.map((c) => c.name)).toEqual([
      'Cambridge IGCSE',
      'Edexcel IGCSE',
      'IB Diploma',
      'Cambridge Lower Secondary',
      'Edexcel Lower Secondary',
    ]);
    expect(body.docs[0]!.grades).toEqual(['Grade 9', 'Grade 10']);
    expect(body.docs[0]!.subjects.map((s: { name: string }) => s.name)).toContain('Mathematics');
  });
});

describe('trial slots', () => {
  it("offers slots of the tutors who teach the combination, labelled hh:mm A in the viewer's zone", async () => {
    const slots = await trialSlots(upcomingWednesday());
    expect(slots.length).toBeGreaterThan(10);
    for (const slot of slots) {
      expect(slot.label).toMatch(/^(0\d|1[0-2]):[0-5]\d (AM|PM)$/);
      expect(slot.tutorId).toMatch(/^demo-tutor-[123]$/);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * 60_000);
      expect(DateTime.fromISO(slot.start, { zone: 'Asia/Singapore' }).toFormat('hh:mm a')).toBe(slot.label);
    }
    // Sorted by start, one button per start time.
    const starts = slots.map((s) => s.start);
    expect(new Set(starts).size).toBe(starts.length);
    expect([...starts].sort()).toEqual(starts);
  });

  it('offers nothing for a combination nobody teaches, or a day in the past', async () => {
    expect(await trialSlots(upcomingWednesday(), { subject: 'Latin' })).toEqual([]);
    expect(await trialSlots('2020-01-01')).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const missing = await local.api.call('trials.slots', {
      query: { date: upcomingWednesday(), curriculum: 'x' },
    });
    expect(missing.status).toBe(400);
    expect(String(missing.body.message)).toContain('subject');
    const zone = await local.api.call('trials.slots', {
      query: { date: upcomingWednesday(), ...igcseMaths, deviceTimezone: 'Mars/Olympus' },
    });
    expect(zone.status).toBe(400);
    expect(String(zone.body.message)).toContain('IANA');
    const date = await local.api.call('trials.slots', { query: { date: '2026-02-30', ...igcseMaths } });
    expect(date.status).toBe(400);
  });
});

describe('booking a free trial', () => {
  it('signs up and books in one call: token, user, trial, and a course with the lesson', async () => {
    const [slot] = await trialSlots(upcomingWednesday());
    const { status, body } = await local.api.call<Record<string, any>>('trials.signUp', {
      body: signUpBody('new.visitor@example.com', slot!),
    });
    expect(status).toBe(201);
    expect(body.access_token).toBeTruthy();
    expect(body.user).toMatchObject({
      email: 'new.visitor@example.com',
      isTrialApplied: true,
      type: 'student',
    });
    expect(body.trial).toMatchObject({ status: 'SCHEDULED', tutorId: slot!.tutorId, startDate: slot!.start });
    const session = { token: body.access_token as string, userId: body.user._id as string };

    const course = await local.api.call<Record<string, any>>('courses.get', {
      ...session,
      params: { id: body.courseId },
      query: { subSections: '1' },
    });
    expect(course.status).toBe(200);
    expect(course.body).toMatchObject({ isTrial: true, status: 'ACTIVE', type: 'One-to-One', ...igcseMaths });
    expect(course.body.sections).toHaveLength(1);
    expect(course.body.sections[0]).toMatchObject({
      kind: 'TEAMS',
      type: 'TRIAL',
      start: slot!.start,
      status: 'ACTIVE',
    });
    expect(course.body.tutors[0]).toMatchObject({ type: 'TRIAL', user: { _id: slot!.tutorId } });

    const mine = await local.api.call<Record<string, any>>('courses.list', { ...session });
    expect(mine.body.totalDocs).toBe(1);
    expect(mine.body.docs[0].nextLesson).toMatchObject({ start: slot!.start });

    const trials = await local.api.call<Record<string, any>>('trials.list', { ...session });
    expect(trials.body.totalDocs).toBe(1);

    // The booked start is no longer offered with that tutor.
    const tutorSlots = await local.api.call<{ docs: Slot[] }>('availability.slots', {
      ...session,
      params: { userId: slot!.tutorId! },
      query: { date: upcomingWednesday(), deviceTimezone: 'Asia/Singapore' },
    });
    expect(tutorSlots.body.docs.map((s) => s.start)).not.toContain(slot!.start);
  });

  it('answers 409 for a taken slot and leaves nothing behind (no account either)', async () => {
    const slots = await trialSlots(upcomingWednesday(1));
    const slot = slots[3]!;
    const first = await local.api.call('trials.signUp', {
      body: signUpBody('first.taker@example.com', slot),
    });
    expect(first.status).toBe(201);
    const second = await local.api.call('trials.signUp', {
      body: signUpBody('second.taker@example.com', slot),
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'Sorry, this time slot has just been booked. Please choose another one.',
    );
    const signIn = await local.api.call('auth.token', {
      body: { grant_type: 'password', username: 'second.taker@example.com', password: 'Trial-visitor-1' },
    });
    expect(signIn.status).toBe(400);
  });

  it('of 50 concurrent bookings of one slot, exactly one succeeds and the rest get a 409', async () => {
    // Fifty students with tokens issued directly: the race is about the slot, not about password hashing.
    const students = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        studentWithToken('demo', { firstname: 'Racer', lastname: String(i), email: `racer${i}@example.com` }),
      ),
    );
    const slots = await trialSlots(upcomingWednesday(2));
    const slot = slots[5]!;
    const booking = { ...igcseMaths, startDate: slot.start, endDate: slot.end, tutorId: slot.tutorId };
    const results = await Promise.all(
      students.map((s) => local.api.call('trials.book', { ...s, body: booking })),
    );
    const statuses = results.map((r) => r.status);
    // Any answer but a win or a 409, with its body, so a failure says what it was.
    const odd = JSON.stringify(results.filter((r) => r.status !== 201 && r.status !== 409));
    expect(
      statuses.filter((s) => s === 201),
      odd,
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      odd,
    ).toHaveLength(49);
    // Exactly one trial course holds that tutor's time, and only the winner used their free trial.
    const courses = await local.api.call<Record<string, any>>('courses.adminList', {
      ...admin,
      query: { tutorId: slot.tutorId, limit: 100 },
    });
    const onThatSlot = [];
    for (const course of courses.body.docs) {
      const detail = await local.api.call<Record<string, any>>('courses.adminGet', {
        ...admin,
        params: { id: course._id },
        query: { subSections: '1' },
      });
      if (detail.body.sections?.some((s: { start?: string }) => s.start === slot.start))
        onThatSlot.push(course._id);
    }
    expect(onThatSlot).toHaveLength(1);
    const users = await Promise.all(students.map((s) => getUser('demo', s.userId)));
    expect(users.filter((u) => u?.isTrialApplied)).toHaveLength(1);
    // Fifty transactions on one slot's items, retried with backoff as DynamoDB Local makes each wait for the
    // others' locks: about 5 s on a quiet machine, and past a minute once on a busy one late in a run.
  }, 180_000);

  it('lets a signed-in student book one free trial only', async () => {
    const slots = await trialSlots(upcomingWednesday(3));
    const booking = {
      ...igcseMaths,
      startDate: slots[0]!.start,
      endDate: slots[0]!.end,
      tutorId: slots[0]!.tutorId,
    };
    const first = await local.api.call<Record<string, any>>('trials.book', { ...student, body: booking });
    expect(first.status).toBe(201);
    const again = {
      ...booking,
      startDate: slots[2]!.start,
      endDate: slots[2]!.end,
      tutorId: slots[2]!.tutorId,
    };
    const second = await local.api.call('trials.book', { ...student, body: again });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('You have already booked your free trial class.');
  });

  it('refuses a time that is not one of the tutor’s free slots, or the wrong length', async () => {
    const slots = await trialSlots(upcomingWednesday(4));
    const slot = slots[0]!;
    const offGrid = new Date(Date.parse(slot.start) + 7 * 60_000).toISOString();
    const odd = await local.api.call('trials.signUp', {
      body: {
        ...signUpBody('odd@example.com', slot),
        startDate: offGrid,
        endDate: new Date(Date.parse(offGrid) + 3_600_000).toISOString(),
      },
    });
    expect(odd.status).toBe(409);
    const short = await local.api.call('trials.signUp', {
      body: {
        ...signUpBody('short@example.com', slot),
        endDate: new Date(Date.parse(slot.start) + 30 * 60_000).toISOString(),
      },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('A free trial lasts 60 minutes');
  });
});

describe('tutor availability', () => {
  it('lets a tutor read and replace their own availability', async () => {
    const current = await local.api.call<Record<string, any>>('availability.get', {
      ...tutor,
      params: { userId: tutor.userId },
    });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ timezone: 'Europe/London', status: 'available' });
    const { userId: _u, updatedAt: _t, ...input } = current.body;
    const saved = await local.api.call<Record<string, any>>('availability.update', {
      ...tutor,
      params: { userId: tutor.userId },
      body: { ...input, exceptions: [{ date: upcomingWednesday(5), kind: 'dayOff' }] },
    });
    expect(saved.status).toBe(200);
    const slots = await local.api.call<{ docs: Slot[] }>('availability.slots', {
      ...student,
      params: { userId: tutor.userId },
      query: { date: upcomingWednesday(5), deviceTimezone: 'Europe/London' },
    });
    expect(slots.body.docs).toEqual([]);
  });

  it('validates hours, windows and zones', async () => {
    const bad = await local.api.call('availability.update', {
      ...tutor,
      params: { userId: tutor.userId },
      body: {
        timezone: 'Europe/London',
        status: 'available',
        weeklyHours: [{ weekday: 1, from: '17:00', to: '09:00' }],
        exceptions: [],
        windows: [{ status: 'ENABLE', startDate: '2026-05-01', endDate: '2026-04-01' }],
        subjects: [],
      },
    });
    expect(bad.status).toBe(400);
    expect(String(bad.body.message)).toContain('The end must be after the start');
    expect(String(bad.body.message)).toContain('The end date must not be before the start date');
  });

  it("keeps other users out of a tutor's availability, and admin-only statuses for admins", async () => {
    const other = await local.api.call('availability.get', { ...student, params: { userId: tutor.userId } });
    expect(other.status).toBe(403);
    const current = await local.api.call<Record<string, any>>('availability.get', {
      ...admin,
      params: { userId: 'demo-tutor-2' },
    });
    const { userId: _u, updatedAt: _t, ...input } = current.body;
    const byTutor = await local.api.call('availability.update', {
      ...tutor,
      params: { userId: tutor.userId },
      body: { ...input, timezone: 'Europe/London', status: 'notAvailableAdmin' },
    });
    expect(byTutor.status).toBe(400);
    const byAdmin = await local.api.call('availability.update', {
      ...admin,
      params: { userId: 'demo-tutor-2' },
      body: { ...input, status: 'notAvailableAdmin' },
    });
    expect(byAdmin.status).toBe(200);
    const slots = await trialSlots(upcomingWednesday(), { tutorId: 'demo-tutor-2' });
    expect(slots).toEqual([]);
  });

  it('keeps tenants apart', async () => {
    const north = await local.api.signIn(northwind.student.email, northwind.student.password, 'northwind');
    const course = await local.api.call('courses.get', {
      ...north,
      tenant: 'northwind',
      params: { id: 'course-demo-igcse-maths' },
    });
    expect(course.status).toBe(404);
    const availability = await local.api.call('availability.get', {
      ...north,
      tenant: 'northwind',
      params: { userId: 'demo-tutor-1' },
    });
    expect(availability.status).toBe(403);
  });
});

describe('admin courses', () => {
  it('creates, filters, reads, updates and deletes a course; refuses deleting one with upcoming lessons', async () => {
    const created = await local.api.call<Record<string, any>>('courses.adminCreate', {
      ...admin,
      body: {
        title: 'IB Physics HL',
        curriculum: 'IB Diploma',
        subject: 'Physics',
        grade: 'Grade 12',
        type: 'Group',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'DRAFT', paymentType: 'ONETIME', isTrial: false });
    const filtered = await local.api.call<Record<string, any>>('courses.adminList', {
      ...admin,
      query: { curriculum: 'IB Diploma', type: 'Group' },
    });
    expect(filtered.body.docs.map((c: { _id: string }) => c._id)).toEqual([created.body._id]);
    const byTutor = await local.api.call<Record<string, any>>('courses.adminList', {
      ...admin,
      query: { tutorId: 'demo-tutor-1', searchText: 'igcse mathematics (grade' },
    });
    expect(byTutor.body.docs.map((c: { _id: string }) => c._id)).toContain('course-demo-igcse-maths');
    const updated = await local.api.call('courses.adminUpdate', {
      ...admin,
      params: { id: created.body._id },
      body: { status: 'ACTIVE' },
    });
    expect(updated.body).toMatchObject({ status: 'ACTIVE', title: 'IB Physics HL' });
    const refused = await local.api.call('courses.adminDelete', {
      ...admin,
      params: { id: 'course-demo-igcse-maths' },
    });
    expect(refused.status).toBe(409);
    expect(String(refused.body.message)).toContain('upcoming lesson');
    const deleted = await local.api.call('courses.adminDelete', {
      ...admin,
      params: { id: created.body._id },
    });
    expect(deleted.status).toBe(200);
    const gone = await local.api.call('courses.adminGet', { ...admin, params: { id: created.body._id } });
    expect(gone.status).toBe(404);
  });

  it('shows a student only their own courses', async () => {
    const sam = await local.api.signIn(demo.student.email, demo.student.password);
    const list = await local.api.call<Record<string, any>>('courses.list', { ...sam });
    expect(list.body.docs.map((c: { _id: string }) => c._id)).toContain('course-demo-igcse-maths');
    const other = await local.api.call('courses.get', {
      ...student,
      params: { id: 'course-demo-igcse-maths' },
    });
    expect(other.status).toBe(404);
    const forbidden = await local.api.call('courses.adminList', { ...sam });
    expect(forbidden.status).toBe(403);
  });
});

/*
 * The trial after its booking: who reads it, the booking e-mail, cancelling, the lesson-history job
 * completing it, recordings and the admin's status and outcome. The job runs last: it completes every
 * lesson that ended before the instant it is given.
 */
type TrialDoc = Record<string, any> & { _id: string; status: string; outcome: string | null };

function tutorSession(tutorId: string): Promise<Session> {
  const n = tutorId.replace('demo-tutor-', '');
  return local.api.signIn(`tutor${n}@demo.test`, `Demo-tutor-${n}`);
}

async function myTrials(session: Session, query: Record<string, string> = {}) {
  const { status, body } = await local.api.call<{ totalDocs: number; docs: TrialDoc[] }>('trials.list', {
    ...session,
    query,
  });
  expect(status).toBe(200);
  return body;
}

async function bookAs(session: Session, date: string, index: number) {
  const slot = (await trialSlots(date))[index]!;
  const booked = await local.api.call<{ trial: TrialDoc; courseId: string }>('trials.book', {
    ...session,
    body: { ...igcseMaths, startDate: slot.start, endDate: slot.end, tutorId: slot.tutorId },
  });
  expect(booked.status).toBe(201);
  return { ...booked.body, slot };
}

describe('after the booking', () => {
  let sam: Session;
  let parent: Session;
  let leo: Session;
  let trialTutor: Session;
  let otherTutor: Session;
  let booked: Awaited<ReturnType<typeof bookAs>>;

  beforeAll(async () => {
    sam = await local.api.signIn(demo.student.email, demo.student.password);
    parent = await local.api.signIn(demo.parent.email, demo.parent.password);
    leo = await local.api.signIn(demo.student3.email, demo.student3.password);
    booked = await bookAs(sam, upcomingWednesday(6), 1);
    trialTutor = await tutorSession(booked.trial.tutorId);
    otherTutor = await tutorSession(
      booked.trial.tutorId === 'demo-tutor-1' ? 'demo-tutor-2' : 'demo-tutor-1',
    );
  });

  it('GET /trials: the student, their parent and the trial’s tutor see it; nobody else', async () => {
    for (const session of [sam, parent, trialTutor]) {
      const { docs } = await myTrials(session);
      expect(docs.map((t) => t._id)).toContain(booked.trial._id);
    }
    const own = (await myTrials(sam)).docs.find((t) => t._id === booked.trial._id)!;
    expect(own).toMatchObject({ status: 'SCHEDULED', outcome: null, courseId: booked.courseId });
    expect(own.tutor.firstname).toBeTruthy();
    for (const session of [leo, otherTutor]) {
      expect((await myTrials(session)).docs.map((t) => t._id)).not.toContain(booked.trial._id);
    }
    // Filters apply within what the caller may see.
    expect((await myTrials(parent, { status: 'CANCELED' })).docs.map((t) => t._id)).not.toContain(
      booked.trial._id,
    );
    expect((await myTrials(parent, { studentId: sam.userId })).docs).toHaveLength(1);
  });

  it('GET /trial-recordings/{id}: the same people and admins; a 404 for others and other tenants', async () => {
    for (const session of [sam, parent, trialTutor, admin]) {
      const { status, body } = await local.api.call<{ trial: TrialDoc }>('trials.recordings', {
        ...session,
        params: { id: booked.trial._id },
      });
      expect(status).toBe(200);
      expect(body.trial).toMatchObject({ _id: booked.trial._id, recordings: [] });
    }
    for (const session of [leo, otherTutor]) {
      const { status, body } = await local.api.call('trials.recordings', {
        ...session,
        params: { id: booked.trial._id },
      });
      expect(status).toBe(404);
      expect(body.message).toBe('Trial not found');
    }
    const north = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
    const foreign = await local.api.call('trials.recordings', {
      ...north,
      tenant: 'northwind',
      params: { id: booked.trial._id },
    });
    expect(foreign.status).toBe(404);
  });

  it('e-mails the booking to the student, their parent and the tutor, each in their own zone', async () => {
    await local.stack.events.settled();
    const { lessonTimeIn } = await import('../../../functions/trial-mail/messages');
    const { start, end } = booked.slot;
    const mails = (await readOutbox(local.stack.outboxDir)).filter((m) =>
      m.text.includes(`/portal/courses/${booked.courseId}`),
    );
    const tutor = await getUser('demo', booked.trial.tutorId);
    const to = (email: string) => mails.filter((m) => m.to === email);
    expect(to(demo.student.email)).toHaveLength(1);
    expect(to(demo.student.email)[0]!.subject).toBe('Your free Mathematics trial class is booked');
    expect(to(demo.student.email)[0]!.text).toContain(lessonTimeIn(start, end, 'Asia/Singapore'));
    expect(to(demo.parent.email)).toHaveLength(1);
    expect(to(demo.parent.email)[0]!.subject).toBe("Sam's free Mathematics trial class is booked");
    expect(to(tutor!.email)).toHaveLength(1);
    expect(to(tutor!.email)[0]!.text).toContain(lessonTimeIn(start, end, tutor!.timezone));
    expect(tutor!.timezone).not.toBe('Asia/Singapore');
    expect(mails).toHaveLength(3);
  });

  it('e-mails no parent for a student whose account points at a user-mapper that does not list it', async () => {
    // Prepare: an account naming the demo family's user-mapper without being one of its accounts.
    const pointer = await pointerOnlyStudent();

    // Act
    const { courseId } = await bookAs(pointer, upcomingWednesday(10), 0);
    await local.stack.events.settled();

    // Assess: the student and the tutor are mailed; the family's parent is not theirs
    const mails = (await readOutbox(local.stack.outboxDir)).filter((m) =>
      m.text.includes(`/portal/courses/${courseId}`),
    );
    expect(mails.map((m) => m.to)).not.toContain(demo.parent.email);
    expect(mails).toHaveLength(2);
  });

  it('a cancelled trial lesson cancels the trial, and the student may book a new free trial', async () => {
    const first = await bookAs(leo, upcomingWednesday(7), 2);
    const cancelled = await local.api.call<Record<string, any>>('meetings.teamsCancel', {
      ...leo,
      params: { id: first.trial.sectionId },
      body: { reason: 'Sickness' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('APPROVED');
    const trial = (await myTrials(leo)).docs.find((t) => t._id === first.trial._id)!;
    expect(trial).toMatchObject({ status: 'CANCELED', outcome: null });
    // Read from the table: a caller's own record may be cached for a few seconds by another container.
    expect((await getUser('demo', leo.userId))!.isTrialApplied).toBe(false);

    const again = await bookAs(leo, upcomingWednesday(8), 3);
    expect(again.trial.status).toBe('SCHEDULED');
    const twice = await local.api.call('trials.book', {
      ...leo,
      body: {
        ...igcseMaths,
        startDate: again.slot.start,
        endDate: again.slot.end,
        tutorId: again.slot.tutorId,
      },
    });
    expect(twice.status).toBe(409);
  });

  it('an admin cancelling a scheduled trial cancels its lesson and gives the free trial back', async () => {
    const { docs } = await myTrials(leo, { status: 'SCHEDULED' });
    const scheduled = docs[0]!;
    const noEdit = await local.api.call('trials.adminUpdate', {
      ...trialTutor,
      params: { id: scheduled._id },
      body: { status: 'CANCELED' },
    });
    expect(noEdit.status).toBe(403);
    const early = await local.api.call('trials.adminUpdate', {
      ...admin,
      params: { id: scheduled._id },
      body: { outcome: 'ENROLLED' },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'The trial lesson has not taken place yet: the trial becomes Completed when its lesson ends.',
    );
    const updated = await local.api.call<TrialDoc>('trials.adminUpdate', {
      ...admin,
      params: { id: scheduled._id },
      body: { status: 'CANCELED' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: 'CANCELED', outcome: null });
    const course = await local.api.call<Record<string, any>>('courses.get', {
      ...leo,
      params: { id: scheduled.courseId },
      query: { subSections: '1' },
    });
    expect(course.body.sections[0]).toMatchObject({ _id: scheduled.sectionId, status: 'CANCELLED' });
    expect((await getUser('demo', leo.userId))!.isTrialApplied).toBe(false);
    const final = await local.api.call('trials.adminUpdate', {
      ...admin,
      params: { id: scheduled._id },
      body: { status: 'COMPLETED' },
    });
    expect(final.status).toBe(409);
    expect(final.body.message).toBe(
      'A canceled trial cannot be changed. The student can book a new free trial.',
    );
  });

  describe('once the trial lesson has ended', () => {
    beforeAll(async () => {
      const { recordEndedLessons } = await import('../../../functions/lesson-history/job');
      const report = await recordEndedLessons('demo', new Date(Date.parse(booked.slot.end) + 60_000));
      expect(report.failed).toBe(0);
      expect(report.completed).toBeGreaterThan(0);
    });

    it('the lesson-history job has completed the trial, once', async () => {
      const trial = (await myTrials(sam)).docs.find((t) => t._id === booked.trial._id)!;
      expect(trial).toMatchObject({ status: 'COMPLETED', outcome: null });
      const { recordEndedLessons } = await import('../../../functions/lesson-history/job');
      await recordEndedLessons('demo', new Date(Date.parse(booked.slot.end) + 120_000));
      const again = (await myTrials(sam)).docs.find((t) => t._id === booked.trial._id)!;
      expect(again.updatedAt).toBe(trial.updatedAt);
      // Completing the trial does not give the free trial back.
      expect((await getUser('demo', sam.userId))!.isTrialApplied).toBe(true);
    });

    it('the tutor and admins add recording links; the student reads them; others may not', async () => {
      const add = (session: Session, body: Record<string, unknown>) =>
        local.api.call<{ trial: TrialDoc }>('trials.addRecording', {
          ...session,
          body: { trialId: booked.trial._id, ...body },
        });
      const recordedAt = booked.slot.start;
      const first = await add(trialTutor, {
        url: 'https://recordings.example.com/trial/123?t=0',
        title: 'Trial lesson',
        recordedAt,
      });
      expect(first.status).toBe(201);
      expect(first.body.trial.recordings[0]).toMatchObject({
        url: 'https://recordings.example.com/trial/123?t=0',
        title: 'Trial lesson',
        addedBy: { _id: trialTutor.userId },
      });
      const bad = await add(admin, { url: 'not a link', title: 'x', recordedAt });
      expect(bad.status).toBe(400);
      expect(String((bad.body as Record<string, unknown>).message)).toContain('Please enter a valid link');
      const duplicate = await add(admin, {
        url: 'https://recordings.example.com/trial/123?t=0',
        title: 'Again',
        recordedAt,
      });
      expect(duplicate.status).toBe(409);
      expect((await add(sam, { url: 'drive.example.com/x', title: 'Mine', recordedAt })).status).toBe(403);
      expect((await add(leo, { url: 'drive.example.com/x', title: 'Mine', recordedAt })).status).toBe(404);
      const second = await add(admin, {
        url: 'drive.example.com/part-2',
        title: 'Part 2',
        recordedAt: new Date(Date.parse(recordedAt) + 30 * 60_000).toISOString(),
      });
      expect(second.status).toBe(201);

      const read = await local.api.call<{ trial: TrialDoc }>('trials.recordings', {
        ...parent,
        params: { id: booked.trial._id },
      });
      expect(read.body.trial.recordings.map((r: { title: string; url: string }) => [r.title, r.url])).toEqual(
        [
          ['Trial lesson', 'https://recordings.example.com/trial/123?t=0'],
          ['Part 2', 'https://drive.example.com/part-2'],
        ],
      );
      const removed = await local.api.call<{ trial: TrialDoc }>('trials.removeRecording', {
        ...admin,
        params: { id: booked.trial._id, recordingId: second.body.trial.recordings[1]._id },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.trial.recordings).toHaveLength(1);
    });

    it('an admin records the outcome through validated transitions', async () => {
      const put = (body: Record<string, unknown>) =>
        local.api.call<TrialDoc>('trials.adminUpdate', { ...admin, params: { id: booked.trial._id }, body });
      const pending = await put({ outcome: 'AWAITING_PARENT' });
      expect(pending.status).toBe(200);
      expect(pending.body).toMatchObject({ status: 'PENDING', outcome: 'AWAITING_PARENT' });
      const enrolled = await put({ status: 'SUCCEED' });
      expect(enrolled.body).toMatchObject({ status: 'SUCCEED', outcome: 'ENROLLED' });
      const back = await put({ status: 'SCHEDULED' });
      expect(back.status).toBe(409);
      const noOutcome = await put({ status: 'PENDING' });
      expect(noOutcome.status).toBe(400);
      expect(noOutcome.body.message).toContain('Choose the outcome of a pending trial');
      expect((await put({})).status).toBe(400);
      const missing = await local.api.call('trials.adminUpdate', {
        ...admin,
        params: { id: 'no-such-trial' },
        body: { status: 'CANCELED' },
      });
      expect(missing.status).toBe(404);
      // The student sees the outcome.
      const seen = (await myTrials(sam)).docs.find((t) => t._id === booked.trial._id)!;
      expect(seen).toMatchObject({ status: 'SUCCEED', outcome: 'ENROLLED' });
    });

    it('GET /admin/trials pages and filters by status, outcome, tutor, student and dates', async () => {
      const list = (query: Record<string, string>) =>
        local.api.call<{ limit: number; offset: number; totalDocs: number; docs: TrialDoc[] }>(
          'trials.adminList',
          { ...admin, query },
        );
      const all = await list({ limit: '2', offset: '0' });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ limit: 2, offset: 0 });
      expect(all.body.docs).toHaveLength(2);
      expect(all.body.totalDocs).toBeGreaterThan(3);
      const ids = async (query: Record<string, string>) =>
        (await list({ limit: '100', ...query })).body.docs.map((t) => t._id);
      expect(await ids({ status: 'SUCCEED' })).toEqual([booked.trial._id]);
      expect(await ids({ outcome: 'ENROLLED', studentId: sam.userId })).toEqual([booked.trial._id]);
      expect(await ids({ status: 'CANCELED', studentId: leo.userId })).toHaveLength(2);
      expect(await ids({ tutorId: booked.trial.tutorId })).toContain(booked.trial._id);
      expect(await ids({ tutorId: otherTutor.userId })).not.toContain(booked.trial._id);
      const start = booked.slot.start;
      expect(await ids({ startDate: start, endDate: start })).toEqual([booked.trial._id]);
      expect(
        await ids({ startDate: new Date(Date.parse(start) + 60_000).toISOString(), studentId: sam.userId }),
      ).toEqual([]);
      const reversed = await list({ startDate: start, endDate: '2020-01-01T00:00:00Z' });
      expect(reversed.status).toBe(400);
      expect((await local.api.call('trials.adminList', { ...sam })).status).toBe(403);
    });
  });
});
