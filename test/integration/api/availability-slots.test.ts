import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/repositories/users';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import type { TutorAvailabilityStatus } from '../../../shared/schemas/availability';
import { demo } from '../../support/api-client';
import { placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
type Slot = { start: string; end: string; label: string; tutorId?: string };
let admin: Session;
let sam: Session;

const LONDON = 'Europe/London';

/** A Wednesday at least four days ahead, as a London date. */
function upcomingWednesday(weeksAhead = 0): string {
  let day = DateTime.now().setZone(LONDON).startOf('day').plus({ days: 4 });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.plus({ weeks: weeksAhead }).toISODate()!;
}

/** `hh:mm` London time on a London date, as a UTC instant. */
const london = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: LONDON }).toUTC().toISO()!;

/**
 * A tutor of their own teaching `subject` on Wednesdays 09:00-12:00 London, with the given status, saved
 * by an admin through PUT /user-availability/{userId} (admins may set every status).
 */
async function tutorWith(name: string, status: TutorAvailabilityStatus, subject: Json): Promise<string> {
  const user = await createUser('demo', {
    firstname: name,
    lastname: 'Slots',
    email: `${name.toLowerCase()}.slots@demo.test`,
    type: 'tutor',
    roleId: systemRoleIds.Tutor,
    passwordHash: 'not-used',
  });
  await setStatus(user._id, status, subject);
  return user._id;
}

async function setStatus(userId: string, status: TutorAvailabilityStatus, subject: Json): Promise<void> {
  const saved = await local.api.call('availability.update', {
    ...admin,
    params: { userId },
    body: {
      timezone: LONDON,
      status,
      weeklyHours: [{ weekday: 3, from: '09:00', to: '12:00' }],
      exceptions: [],
      windows: [],
      subjects: [subject],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
});

describe('POST /user-availability/slots/trial', () => {
  const latin = { curriculum: 'Slot Status School', subject: 'Latin', grade: 'Grade 8' };
  const tutors: Partial<Record<TutorAvailabilityStatus, string>> = {};
  const date = upcomingWednesday();

  async function trialSlots(extra: Json = {}, body: Json = latin): Promise<Slot[]> {
    const { status, body: answer } = await local.api.call<{ docs: Slot[] }>('availability.trialSlots', {
      body: { date, ...body, deviceTimezone: LONDON, ...extra },
    });
    expect(status, JSON.stringify(answer)).toBe(200);
    return answer.docs;
  }

  beforeAll(async () => {
    for (const status of ['available', 'onABreak', 'resigned', 'demoStage', 'notInterested'] as const) {
      tutors[status] = await tutorWith(`Trial${status}`, status, latin);
    }
  });

  it("offers, without signing in, only the available tutor's free times, labelled in the viewer's zone", async () => {
    const slots = await trialSlots();
    expect(slots.map((slot) => slot.label)).toEqual([
      '09:00 AM',
      '09:30 AM',
      '10:00 AM',
      '10:30 AM',
      '11:00 AM',
    ]);
    for (const slot of slots) {
      expect(slot.tutorId).toBe(tutors.available);
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(60 * 60_000);
    }
    expect(slots[0]!.start).toBe(london(date, '09:00'));
    // The same instants, labelled for a viewer in Singapore.
    const inSingapore = await trialSlots({ deviceTimezone: 'Asia/Singapore' });
    expect(inSingapore.map((slot) => slot.start)).toEqual(slots.map((slot) => slot.start));
    expect(inSingapore[0]!.label).toBe(
      DateTime.fromISO(slots[0]!.start, { zone: 'Asia/Singapore' }).toFormat('hh:mm a'),
    );
  });

  it('offers no trial slots with a tutor on a break or resigned (nor in their demo stage or not interested)', async () => {
    for (const status of ['onABreak', 'resigned', 'demoStage', 'notInterested'] as const) {
      expect(await trialSlots({ tutorId: tutors[status] }), status).toEqual([]);
    }
    expect(await trialSlots({ tutorId: tutors.available })).toHaveLength(5);
  });

  it('follows status changes: a tutor going on a break stops being offered, one coming back is offered', async () => {
    await setStatus(tutors.available!, 'onABreak', latin);
    await setStatus(tutors.onABreak!, 'available', latin);
    try {
      const slots = await trialSlots();
      expect(slots).toHaveLength(5);
      expect(new Set(slots.map((slot) => slot.tutorId))).toEqual(new Set([tutors.onABreak]));
      await setStatus(tutors.onABreak!, 'resigned', latin);
      expect(await trialSlots()).toEqual([]);
    } finally {
      await setStatus(tutors.available!, 'available', latin);
      await setStatus(tutors.onABreak!, 'onABreak', latin);
    }
  });

  it('leaves out booked times, answers nothing for another combination or a past day, and refuses bad input', async () => {
    await placeLesson('demo', {
      start: london(upcomingWednesday(1), '11:00'),
      minutes: 60,
      tutorId: tutors.available!,
      studentIds: [],
      bufferMinutes: 15,
    });
    const nextWeek = await trialSlots({ date: upcomingWednesday(1) });
    // 11:00-12:00 is booked, with a 15-minute buffer on either side.
    expect(nextWeek.map((slot) => slot.label)).toEqual(['09:00 AM', '09:30 AM']);
    expect(await trialSlots({}, { ...latin, grade: 'Grade 9' })).toEqual([]);
    expect(await trialSlots({ date: '2020-01-01' })).toEqual([]);

    const refusals: Array<[Json, RegExp]> = [
      [{ date, curriculum: latin.curriculum, grade: latin.grade }, /subject/],
      [{ date: '2031-02-30', ...latin }, /^date: /],
      [{ date, ...latin, deviceTimezone: 'Mars/Olympus' }, /IANA/],
      [{ date, ...latin, duration: 30 }, /Unknown field/],
    ];
    for (const [body, message] of refusals) {
      const refused = await local.api.call<Json>('availability.trialSlots', { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });
});

describe('POST /user-availability/slots/tutor', () => {
  const greek = { curriculum: 'Slot Status School', subject: 'Greek', grade: 'Grade 8' };
  const tutors: Partial<Record<TutorAvailabilityStatus, string>> = {};
  const date = upcomingWednesday();

  async function tutorSlots(body: Json, session: Session = admin) {
    return local.api.call<Json>('availability.tutorSlots', {
      ...session,
      body: { date, deviceTimezone: LONDON, ...body },
    });
  }
  const byTutor = (docs: Json[]) =>
    Object.fromEntries(docs.map((doc) => [doc.tutorId, doc.slots.map((slot: Slot) => slot.label)]));

  beforeAll(async () => {
    for (const status of ['available', 'onABreak', 'resigned', 'demoStage', 'notInterested'] as const) {
      tutors[status] = await tutorWith(`Lesson${status}`, status, greek);
    }
  });

  it('answers each chosen tutor who takes lessons with their free slots, and leaves out those on a break or resigned', async () => {
    const { status, body } = await tutorSlots({
      tutorIds: [...Object.values(tutors), 'demo-student-1', 'no-such-user'],
    });
    expect(status).toBe(200);
    const all = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM'];
    expect(byTutor(body.docs)).toEqual({
      [tutors.available!]: all,
      [tutors.demoStage!]: all,
      [tutors.notInterested!]: all,
    });
    expect(body.docs.find((doc: Json) => doc.tutorId === tutors.demoStage)).toMatchObject({
      firstname: 'LessondemoStage',
      lastname: 'Slots',
    });
  });

  it('finds the tutors by curriculum, subject and grade, for another length, without the times they teach', async () => {
    await placeLesson('demo', {
      start: london(date, '11:00'),
      minutes: 60,
      tutorId: tutors.demoStage!,
      studentIds: [],
      bufferMinutes: 15,
    });
    const { body } = await tutorSlots({ ...greek, duration: 90 });
    expect(byTutor(body.docs)).toEqual({
      [tutors.available!]: ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM'],
      [tutors.demoStage!]: ['09:00 AM'],
      [tutors.notInterested!]: ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM'],
    });
    const slot = body.docs[0].slots[0] as Slot;
    expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(90 * 60_000);
  });

  it('answers nothing for a past day, and refuses a request naming no tutors, bad input or a student', async () => {
    const past = await tutorSlots({ date: '2020-01-01', tutorIds: [tutors.available] });
    expect(past.body.docs).toEqual([]);
    const none = await tutorSlots({ tutorIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose tutors, or a curriculum, subject and grade');
    const half = await tutorSlots({ curriculum: greek.curriculum });
    expect(half.status).toBe(400);
    for (const body of [{ tutorIds: [tutors.available], duration: 0 }, { tutorIds: 'all' }, { day: date }]) {
      expect((await tutorSlots(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await tutorSlots({ tutorIds: [tutors.available] }, sam)).status).toBe(403);
    expect((await local.api.call('availability.tutorSlots', { body: { date, tutorIds: [] } })).status).toBe(
      401,
    );
  });
});
