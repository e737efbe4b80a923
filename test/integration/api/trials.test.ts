import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../functions/lib/tokens';
import { createUser, getUser } from '../../../functions/repositories/users';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
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
      Array.from({ length: 50 }, async (_, i) => {
        const user = await createUser('demo', {
          firstname: 'Racer',
          lastname: String(i),
          email: `racer${i}@example.com`,
          type: 'student',
          roleId: systemRoleIds.Student,
          passwordHash: 'not-used',
        });
        const { token } = await issueToken({ sub: user._id, tid: 'demo' });
        return { token, userId: user._id };
      }),
    );
    const slots = await trialSlots(upcomingWednesday(2));
    const slot = slots[5]!;
    const booking = { ...igcseMaths, startDate: slot.start, endDate: slot.end, tutorId: slot.tutorId };
    const results = await Promise.all(
      students.map((s) => local.api.call('trials.book', { ...s, body: booking })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
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
  }, 60_000);

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
