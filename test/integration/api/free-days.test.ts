import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../functions/repositories/users';
import { MAX_CALLBACKS, requestCallback } from '../../../functions/trials/callback-requests';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import { CALLBACK_REQUESTED_MESSAGE } from '../../../shared/schemas/callback-request';
import { demo } from '../../support/api-client';
import { placeLesson } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
type FreeDays = { days: string[]; lastBookableDay: string; timezone: string };
let admin: Session;
let sam: Session;

const LONDON = 'Europe/London';
const SINGAPORE = 'Asia/Singapore';
const igcseMaths = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };

const dayIn = (zone: string, plusDays: number) =>
  DateTime.now().setZone(zone).startOf('day').plus({ days: plusDays }).toISODate()!;
const london = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: LONDON }).toUTC().toISO()!;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
});

describe('GET /trials/free-days', () => {
  it("marks exactly the days whose trial slots are not empty, in the viewer's zone, without signing in", async () => {
    const from = dayIn(SINGAPORE, 0);
    const to = dayIn(SINGAPORE, 20);
    const { status, body } = await local.api.call<FreeDays>('trials.freeDays', {
      query: { from, to, ...igcseMaths, deviceTimezone: SINGAPORE },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.timezone).toBe(SINGAPORE);
    expect(body.lastBookableDay).toBe(dayIn(SINGAPORE, 90));
    // The demo tutors work on weekdays: most days of three weeks have times, and the list is in order.
    expect(body.days.length).toBeGreaterThan(10);
    expect([...body.days].sort()).toEqual(body.days);
    for (let offset = 0; offset <= 20; offset++) {
      const date = dayIn(SINGAPORE, offset);
      const slots = await local.api.call<{ docs: unknown[] }>('trials.slots', {
        query: { date, ...igcseMaths, deviceTimezone: SINGAPORE },
      });
      expect(body.days.includes(date), date).toBe(slots.body.docs.length > 0);
    }
  });

  it('answers no days for a combination nobody teaches, and refuses bad ranges with a 400', async () => {
    const from = dayIn(LONDON, 0);
    const nobody = await local.api.call<FreeDays>('trials.freeDays', {
      query: { from, to: dayIn(LONDON, 30), ...igcseMaths, subject: 'Latin', deviceTimezone: LONDON },
    });
    expect(nobody.status).toBe(200);
    expect(nobody.body.days).toEqual([]);
    const refusals: Array<[Json, RegExp]> = [
      [{ from, to: dayIn(LONDON, 42), ...igcseMaths }, /at most 42 days/],
      [{ from: dayIn(LONDON, 3), to: from, ...igcseMaths }, /must not end before it starts/],
      [{ from, to: '2031-02-30', ...igcseMaths }, /^to: /],
      [{ from, to: from, ...igcseMaths, deviceTimezone: 'Mars/Olympus' }, /IANA/],
      [{ from, to: from, curriculum: 'x' }, /subject/],
    ];
    for (const [query, message] of refusals) {
      const refused = await local.api.call<Json>('trials.freeDays', { query });
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });
});

describe('GET /user-availability/free-days/{userId}', () => {
  let tutorId: string;

  beforeAll(async () => {
    const user = await createUser('demo', {
      firstname: 'Freda',
      lastname: 'Days',
      email: 'freda.days@demo.test',
      type: 'tutor',
      roleId: systemRoleIds.Tutor,
      passwordHash: 'not-used',
    });
    tutorId = user._id;
    const saved = await local.api.call('availability.update', {
      ...admin,
      params: { userId: tutorId },
      body: {
        timezone: LONDON,
        status: 'available',
        weeklyHours: [{ weekday: 3, from: '09:00', to: '11:00' }],
        exceptions: [],
        windows: [],
        subjects: [],
      },
    });
    expect(saved.status).toBe(200);
  });

  const freeDays = (query: Json, session: Session | Record<string, never> = sam) =>
    local.api.call<FreeDays>('availability.freeDays', { ...session, params: { userId: tutorId }, query });

  it("answers the tutor's Wednesdays, drops a day once its hours are booked, and follows the lesson length", async () => {
    const from = dayIn(LONDON, 3);
    const to = dayIn(LONDON, 30);
    const first = await freeDays({ from, to, duration: '60', deviceTimezone: LONDON });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.days.length).toBeGreaterThanOrEqual(3);
    for (const day of first.body.days) expect(DateTime.fromISO(day).weekday).toBe(3);
    const wednesday = first.body.days[0]!;
    // 09:00-10:00 booked, with its 15-minute buffer: an hour no longer fits, half an hour at 10:15 would,
    // but starts are every 30 minutes, so 10:30 is the only half-hour start.
    await placeLesson('demo', {
      start: london(wednesday, '09:00'),
      minutes: 60,
      tutorId,
      studentIds: [],
      bufferMinutes: 15,
    });
    const hour = await freeDays({ from, to, duration: '60', deviceTimezone: LONDON });
    expect(hour.body.days).not.toContain(wednesday);
    expect(hour.body.days).toEqual(first.body.days.slice(1));
    const half = await freeDays({ from, to, duration: '30', deviceTimezone: LONDON });
    expect(half.body.days).toContain(wednesday);
    const slots = await local.api.call<{ docs: Array<{ label: string }> }>('availability.slots', {
      ...sam,
      params: { userId: tutorId },
      query: { date: wednesday, duration: '30', deviceTimezone: LONDON },
    });
    expect(slots.body.docs.map((slot) => slot.label)).toEqual(['10:30 AM']);
  });

  it("answers in the viewer's zone: a London morning is the same day in Singapore, the evening before in Samoa", async () => {
    const from = dayIn(LONDON, 3);
    const to = dayIn(LONDON, 30);
    const inLondon = await freeDays({ from, to, duration: '60', deviceTimezone: LONDON });
    // 09:00-11:00 London is 16:00-19:00 (or 17:00-19:00) in Singapore, the same calendar day.
    const inSingapore = await freeDays({ from, to, duration: '60', deviceTimezone: SINGAPORE });
    expect(inSingapore.body.days).toEqual(inLondon.body.days);
    // In Pago Pago (UTC-11) every start, 09:00 to 10:00 London, is 20:00 to 23:00 the day before.
    const dayBefore = (day: string) => DateTime.fromISO(day).minus({ days: 1 }).toISODate()!;
    const inSamoa = await freeDays({
      from: dayBefore(from),
      to: dayBefore(to),
      duration: '60',
      deviceTimezone: 'Pacific/Pago_Pago',
    });
    expect(inSamoa.body.days).toEqual(inLondon.body.days.map(dayBefore));
  });

  it("does not mark a day whose only free time is the moved lesson's own, as its times leave it out", async () => {
    // Prepare: a two-hour lesson filling the tutor's Wednesday hours (09:00-11:00 London) in four weeks
    const from = dayIn(LONDON, 3);
    const to = dayIn(LONDON, 40);
    const before = await freeDays({ from, to, duration: '120', deviceTimezone: LONDON });
    const wednesday = before.body.days.at(-1)!;
    const lesson = await placeLesson('demo', {
      start: london(wednesday, '09:00'),
      minutes: 120,
      tutorId,
      studentIds: [],
    });

    // Act: the calendar of a move of that lesson, the same length and a shorter one
    const move = await freeDays({ from, to, sectionId: lesson._id, deviceTimezone: LONDON });
    const shorter = await freeDays({
      from,
      to,
      sectionId: lesson._id,
      duration: '60',
      deviceTimezone: LONDON,
    });
    const times = await local.api.call<{ docs: unknown[] }>('availability.slots', {
      ...sam,
      params: { userId: tutorId },
      query: { date: wednesday, sectionId: lesson._id, deviceTimezone: LONDON },
    });

    // Assess: 09:00 for two hours is its own time (no move, not offered): that Wednesday is not marked; an
    // hour at 09:00, 09:30 or 10:00 is a move, so it is
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    expect(times.body.docs).toEqual([]);
    expect(move.body.days).not.toContain(wednesday);
    expect(move.body.days).toEqual(before.body.days.filter((day) => day !== wednesday));
    expect(shorter.body.days).toContain(wednesday);
  });

  it('needs a sign-in, a tutor and a real lesson, like the slot read', async () => {
    const from = dayIn(LONDON, 0);
    expect((await freeDays({ from, to: from }, {})).status).toBe(401);
    const notTutor = await local.api.call('availability.freeDays', {
      ...sam,
      params: { userId: 'demo-student-2' },
      query: { from, to: from },
    });
    expect(notTutor.status).toBe(404);
    const noLesson = await freeDays({ from, to: from, sectionId: 'no-such-lesson' });
    expect(noLesson.status).toBe(404);
    expect((await freeDays({ from, to: dayIn(LONDON, 50) })).status).toBe(400);
  });
});

describe('callback requests', () => {
  it('stores a request left without an account and answers with the spec’s message; admins list it', async () => {
    const { status, body } = await local.api.call<Json>('trials.requestCallback', {
      body: {
        name: 'Callum Back',
        email: 'Callum.Back@Example.com',
        note: 'Evenings are best',
        ...igcseMaths,
        subject: 'Latin',
        deviceTimezone: SINGAPORE,
      },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe(CALLBACK_REQUESTED_MESSAGE);
    expect(body.message).toBe('Thank you for requesting callback. Our team will reach out to you shortly');
    expect(body.request).toMatchObject({
      name: 'Callum Back',
      email: 'callum.back@example.com',
      status: 'NEW',
    });

    const list = await local.api.call<Json>('trials.callbackRequests', { ...admin });
    expect(list.status).toBe(200);
    expect(list.body.docs[0]).toMatchObject({
      _id: body.request._id,
      name: 'Callum Back',
      note: 'Evenings are best',
      subject: 'Latin',
      timezone: SINGAPORE,
    });
    expect(list.body.totalDocs).toBeGreaterThanOrEqual(1);
    expect((await local.api.call('trials.callbackRequests', { ...sam })).status).toBe(403);
  });

  it('needs a name and an e-mail or phone, each valid', async () => {
    const refusals: Array<[Json, RegExp]> = [
      [{ name: 'No Contact' }, /email address or a phone number/],
      [{ name: '', phone: '+65 6123 4567' }, /Name is required/],
      [{ name: 'Bad Mail', email: 'not-an-address' }, /valid email/],
      [{ name: 'Bad Phone', phone: 'call me' }, /valid phone/],
      [{ name: 'Extra', phone: '+65 6123 4567', admin: true }, /Unknown field|unrecognized/i],
    ];
    for (const [body, message] of refusals) {
      const refused = await local.api.call<Json>('trials.requestCallback', { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toMatch(message);
    }
  });

  it('takes at most 3 an hour for one contact, even in parallel, and 10 an hour from one address', async () => {
    const phone = '+44 20 7946 0000';
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        local.api.call<Json>('trials.requestCallback', { body: { name: 'Eager', phone } }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_CALLBACKS.callbackContact);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - MAX_CALLBACKS.callbackContact);
    expect(results.find((r) => r.status === 429)!.body.message).toMatch(/Too many callback requests/);
    // The same number written differently is the same contact.
    const again = await local.api.call<Json>('trials.requestCallback', {
      body: { name: 'Eager', phone: '+44 (20) 7946-0000' },
    });
    expect(again.status).toBe(429);

    const address = '203.0.113.7';
    for (let i = 0; i < MAX_CALLBACKS.callbackAddress; i++)
      await requestCallback(
        'demo',
        { name: `Neighbour ${i}`, email: `neighbour${i}@example.com` },
        { sourceIp: address },
      );
    await expect(
      requestCallback('demo', { name: 'One more', email: 'one.more@example.com' }, { sourceIp: address }),
    ).rejects.toMatchObject({ statusCode: 429 });
  });
});
