import { beforeAll, describe, expect, it } from 'vitest';
import { demo, northwind } from '../../support/api-client';
import { londonWeekday, quarterHourFromNow } from '../../support/lessons';
import { localStackForFile } from '../../support/stack';

/**
 * The tenant's scheduling policy (tenant.settings.scheduling): read and changed by an admin, seeded with an
 * override for the second tenant, and taking effect at once on lesson changes and offered slots.
 */
const local = localStackForFile();
type Session = { token: string; userId: string; tenant?: string };
type Json = Record<string, any>;
let admin: Session;
let tutor: Session;
let sam: Session;
let northAdmin: Session;
let northStudent: Session;
const COURSE = 'course-demo-igcse-maths';
const DEFAULTS = {
  minimumNoticeMinutes: 120,
  bufferMinutes: 15,
  slotStepMinutes: 30,
  trialDurationMinutes: 60,
  bookingHorizonDays: 90,
  changeNoticeHours: 24,
};

async function change(body: Json, who: Session = admin) {
  return local.api.call<Json>('tenants.updateSchedulingSettings', { ...who, body });
}

async function slots(date: string): Promise<string[]> {
  const { status, body } = await local.api.call<Json>('availability.slots', {
    ...sam,
    params: { userId: 'demo-tutor-1' },
    query: { date, deviceTimezone: 'Europe/London' },
  });
  expect(status).toBe(200);
  return (body.docs as Json[]).map((slot) => slot.start as string);
}

async function samCancels(hoursAhead: number): Promise<string> {
  const lesson = await local.api.call<Json>('meetings.teamsAdminCreate', {
    ...admin,
    body: { course: COURSE, title: 'Policy lesson', start: quarterHourFromNow(hoursAhead), duration: 30 },
  });
  expect(lesson.status).toBe(201);
  const cancelled = await local.api.call<Json>('meetings.teamsCancel', {
    ...sam,
    params: { id: lesson.body._id },
    body: { reason: 'Sickness' },
  });
  expect(cancelled.status).toBe(200);
  return cancelled.body.status as string;
}

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  tutor = await local.api.signIn(demo.tutor.email, demo.tutor.password);
  sam = await local.api.signIn(demo.student.email, demo.student.password);
  northAdmin = {
    ...(await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind')),
    tenant: 'northwind',
  };
  northStudent = {
    ...(await local.api.signIn(northwind.student.email, northwind.student.password, 'northwind')),
    tenant: 'northwind',
  };
});

describe('reading the scheduling policy', () => {
  it('shows the defaults for a tenant without overrides and the seeded override of the second tenant', async () => {
    const ours = await local.api.call<Json>('tenants.schedulingSettings', { ...admin });
    expect(ours.status).toBe(200);
    expect(ours.body).toEqual({ settings: DEFAULTS, overrides: {}, defaults: DEFAULTS });
    const theirs = await local.api.call<Json>('tenants.schedulingSettings', { ...northAdmin });
    expect(theirs.body.overrides).toEqual({
      changeNoticeHours: 48,
      minimumNoticeMinutes: 24 * 60,
      slotStepMinutes: 60,
      bufferMinutes: 10,
    });
    expect(theirs.body.settings).toEqual({
      ...DEFAULTS,
      changeNoticeHours: 48,
      minimumNoticeMinutes: 24 * 60,
      slotStepMinutes: 60,
      bufferMinutes: 10,
    });
  });

  it('is for admins with the scheduling settings permission only', async () => {
    for (const who of [sam, tutor]) {
      expect((await local.api.call('tenants.schedulingSettings', { ...who })).status).toBe(403);
      expect((await change({ changeNoticeHours: 0 }, who)).status).toBe(403);
    }
    expect((await local.api.call('tenants.schedulingSettings', { ...northStudent })).status).toBe(403);
    expect((await local.api.call('tenants.schedulingSettings', {})).status).toBe(401);
  });
});

describe('changing the scheduling policy', () => {
  it('refuses values out of bounds, unknown fields and a policy that leaves nothing bookable', async () => {
    for (const body of [
      { bufferMinutes: 7 },
      { bufferMinutes: -5 },
      { slotStepMinutes: 0 },
      { changeNoticeHours: 400 },
      { minimumNoticeMinutes: 'soon' },
      { trialDurationMinutes: 50 },
      { bookingHorizonDays: 0 },
      { weekendsOff: true },
    ]) {
      const refused = await change(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const nothingBookable = await change({ bookingHorizonDays: 2, minimumNoticeMinutes: 3 * 24 * 60 });
    expect(nothingBookable.status).toBe(400);
    expect(nothingBookable.body.message).toBe(
      'The minimum notice must be shorter than the booking horizon, or no time could ever be booked',
    );
    const unchanged = await local.api.call<Json>('tenants.schedulingSettings', { ...admin });
    expect(unchanged.body.overrides).toEqual({});
  });

  it('decides which lesson changes need an admin by the change notice hours', async () => {
    // The default: 24 hours.
    expect(await samCancels(5)).toBe('PENDING');
    expect(await samCancels(29)).toBe('APPROVED');

    const shorter = await change({ changeNoticeHours: 2 });
    expect(shorter.status).toBe(200);
    expect(shorter.body.settings.changeNoticeHours).toBe(2);
    expect(await samCancels(8)).toBe('APPROVED');

    await change({ changeNoticeHours: 72 });
    expect(await samCancels(52)).toBe('PENDING');

    const reset = await change({ changeNoticeHours: null });
    expect(reset.body).toEqual({ settings: DEFAULTS, overrides: {}, defaults: DEFAULTS });
    expect(await samCancels(33)).toBe('APPROVED');
  });

  it('decides which slots are offered by the step, the minimum notice and the horizon', async () => {
    const date = londonWeekday(4);
    const byDefault = await slots(date);
    expect(byDefault.length).toBeGreaterThan(0);
    expect(byDefault.some((start) => start.slice(14, 16) === '30')).toBe(true);

    await change({ slotStepMinutes: 60 });
    const hourly = await slots(date);
    expect(hourly.length).toBeGreaterThan(0);
    expect(hourly.length).toBeLessThan(byDefault.length);
    expect(hourly.every((start) => start.slice(14, 16) === '00')).toBe(true);

    await change({ slotStepMinutes: null, minimumNoticeMinutes: 10 * 24 * 60 });
    expect(await slots(date)).toEqual([]);
    expect((await slots(londonWeekday(12))).length).toBeGreaterThan(0);

    await change({ minimumNoticeMinutes: null, bookingHorizonDays: 2 });
    expect(await slots(date)).toEqual([]);

    await change({ bookingHorizonDays: null });
    expect(await slots(date)).toEqual(byDefault);
  });

  it("changes only the admin's own tenant", async () => {
    const theirs = await change({ changeNoticeHours: 12 }, northAdmin);
    expect(theirs.body.overrides).toMatchObject({ changeNoticeHours: 12, slotStepMinutes: 60 });
    const ours = await local.api.call<Json>('tenants.schedulingSettings', { ...admin });
    expect(ours.body.settings.changeNoticeHours).toBe(24);
  });
});
