import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_ID } from '../../../shared/schemas/price-catalogue';
import { demo, northwind } from '../../support/api-client';
import { localStackForFile } from '../../support/stack';

/**
 * The price catalogue (issue 18 items 1-3): money at the API boundary, the tenant's currencies, groups and
 * the plans they hold (counted by the database), the rate types' pickers and the rate versions' terms.
 */
const local = localStackForFile();
type Session = { token: string; userId: string };
type Json = Record<string, any>;
let admin: Session;
let northAdmin: Session;

beforeAll(async () => {
  admin = await local.api.signIn(demo.admin.email, demo.admin.password);
  northAdmin = await local.api.signIn(northwind.admin.email, northwind.admin.password, 'northwind');
});

const plan = (overrides: Json = {}) => ({
  name: `Plan ${Math.random().toString(36).slice(2, 8)}`,
  duration: 600,
  durationUnit: 'MINUTES',
  price: { amount: 19.99, currency: 'USD' },
  ...overrides,
});

async function newGroup(name = `Group ${Math.random().toString(36).slice(2, 8)}`): Promise<string> {
  const created = await local.api.call<Json>('groups.create', { ...admin, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body._id;
}

describe('money at the API boundary', () => {
  it('takes and shows major units, exact to the cent, and stores what it showed', async () => {
    const created = await local.api.call<Json>('flexible-plans.create', { ...admin, body: plan() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'ACTIVE', groupId: DEFAULT_GROUP_ID });
    expect(created.body.price).toEqual({ amount: 19.99, currency: 'USD' });
    const read = await local.api.call<Json>('flexible-plans.get', {
      ...admin,
      params: { id: created.body._id },
    });
    expect(read.body.price).toEqual({ amount: 19.99, currency: 'USD' });
    // A partial update that leaves the price out keeps it; one that sends it replaces it.
    const renamed = await local.api.call<Json>('flexible-plans.update', {
      ...admin,
      params: { id: created.body._id },
      body: { name: 'Renamed plan' },
    });
    expect(renamed.body).toMatchObject({ name: 'Renamed plan', price: { amount: 19.99, currency: 'USD' } });
    const repriced = await local.api.call<Json>('flexible-plans.update', {
      ...admin,
      params: { id: created.body._id },
      body: { price: { amount: 0.3, currency: 'USD' } },
    });
    expect(repriced.body.price).toEqual({ amount: 0.3, currency: 'USD' });
  });

  it('refuses more decimals than the currency has, negative amounts and unknown currencies, naming the field', async () => {
    for (const [price, message] of [
      [{ amount: 12.345, currency: 'USD' }, 'USD amounts have at most 2 decimals'],
      [{ amount: 0.1 + 0.2, currency: 'USD' }, 'USD amounts have at most 2 decimals'],
      [{ amount: -1, currency: 'USD' }, 'The amount cannot be negative'],
      [{ amount: 10, currency: 'XYZ' }, 'Choose a currency from the list'],
    ] as const) {
      const refused = await local.api.call<Json>('flexible-plans.create', {
        ...admin,
        body: plan({ price }),
      });
      expect(refused.status, JSON.stringify(price)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
  });

  it("refuses a currency the tenant does not take, and takes it once the tenant's settings do", async () => {
    const before = await local.api.call<Json>('tenants.moneySettings', {
      ...northAdmin,
      tenant: 'northwind',
    });
    expect(before.body).toEqual({
      settings: { defaultCurrency: 'USD', currencies: ['USD'] },
      isDefault: true,
    });
    const inYen = plan({ price: { amount: 5000, currency: 'JPY' } });
    const refused = await local.api.call<Json>('flexible-plans.create', {
      ...northAdmin,
      tenant: 'northwind',
      body: inYen,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This school does not take JPY: it takes USD');

    const wrong = await local.api.call<Json>('tenants.updateMoneySettings', {
      ...northAdmin,
      tenant: 'northwind',
      body: { defaultCurrency: 'EUR', currencies: ['JPY'] },
    });
    expect(wrong.status).toBe(400);
    const saved = await local.api.call<Json>('tenants.updateMoneySettings', {
      ...northAdmin,
      tenant: 'northwind',
      body: { defaultCurrency: 'JPY', currencies: ['JPY', 'USD'] },
    });
    expect(saved.status).toBe(200);
    // A scheduling change afterwards keeps the currencies (each part of the settings is written alone).
    const scheduling = await local.api.call<Json>('tenants.updateSchedulingSettings', {
      ...northAdmin,
      tenant: 'northwind',
      body: { bufferMinutes: 10 },
    });
    expect(scheduling.status).toBe(200);
    const after = await local.api.call<Json>('tenants.moneySettings', { ...northAdmin, tenant: 'northwind' });
    expect(after.body).toEqual({
      settings: { defaultCurrency: 'JPY', currencies: ['JPY', 'USD'] },
      isDefault: false,
    });
    const app = await local.api.call<Json>('tenants.app', { tenant: 'northwind' });
    expect(app.body.settings.money).toEqual({ defaultCurrency: 'JPY', currencies: ['JPY', 'USD'] });

    const taken = await local.api.call<Json>('flexible-plans.create', {
      ...northAdmin,
      tenant: 'northwind',
      body: inYen,
    });
    expect(taken.status).toBe(201);
    expect(taken.body.price).toEqual({ amount: 5000, currency: 'JPY' });
    const fractionalYen = await local.api.call<Json>('flexible-plans.create', {
      ...northAdmin,
      tenant: 'northwind',
      body: plan({ price: { amount: 10.5, currency: 'JPY' } }),
    });
    expect(fractionalYen.status).toBe(400);
    expect(JSON.stringify(fractionalYen.body)).toContain('JPY amounts are whole numbers');
  });
});

describe('plans and their lists', () => {
  it('filters by one status or both, and pages with the contract', async () => {
    const group = await newGroup();
    const active = await local.api.call<Json>('subscription-plans.create', {
      ...admin,
      body: plan({ groupId: group, duration: 1, durationUnit: 'MONTHS' }),
    });
    const inactive = await local.api.call<Json>('subscription-plans.create', {
      ...admin,
      body: plan({ groupId: group, duration: 1, durationUnit: 'YEARS', status: 'INACTIVE' }),
    });
    expect([active.status, inactive.status]).toEqual([201, 201]);
    const list = (statuses?: string) =>
      local.api.call<Json>('subscription-plans.list', {
        ...admin,
        query: { groupId: group, ...(statuses ? { statuses } : {}) },
      });
    expect((await list('ACTIVE')).body.docs.map((p: Json) => p._id)).toEqual([active.body._id]);
    expect((await list('INACTIVE')).body.docs.map((p: Json) => p._id)).toEqual([inactive.body._id]);
    const both = await list('ACTIVE,INACTIVE');
    expect(both.body).toMatchObject({ limit: 10, offset: 0, totalDocs: 2 });
    expect((await list('DRAFT')).status).toBe(400);
    // A subscription bills by days to years, never minutes.
    const minutes = await local.api.call('subscription-plans.create', {
      ...admin,
      body: plan({ durationUnit: 'MINUTES' }),
    });
    expect(minutes.status).toBe(400);
  });

  it("answers a user's plans: the active plans of the Default Group, and a 404 for an unknown user", async () => {
    const offered = await local.api.call<Json>('flexible-plans.create', { ...admin, body: plan() });
    const hidden = await local.api.call<Json>('flexible-plans.create', {
      ...admin,
      body: plan({ status: 'INACTIVE' }),
    });
    const mine = await local.api.call<Json>('flexible-plans.forUser', {
      ...admin,
      params: { userId: 'demo-student-1' },
    });
    expect(mine.status).toBe(200);
    const ids = mine.body.docs.map((p: Json) => p._id);
    expect(ids).toContain(offered.body._id);
    expect(ids).not.toContain(hidden.body._id);
    expect(mine.body.docs.every((p: Json) => typeof p.price.amount === 'number')).toBe(true);
    const unknown = await local.api.call('flexible-plans.forUser', {
      ...admin,
      params: { userId: 'nobody' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('groups', () => {
  it('starts every tenant with the Default Group, which is neither deleted nor made inactive', async () => {
    const read = await local.api.call<Json>('groups.get', { ...admin, params: { id: DEFAULT_GROUP_ID } });
    expect(read.body).toMatchObject({ name: 'Default Group', status: 'ACTIVE', isDefault: true });
    const check = await local.api.call<Json>('groups.verifyDelete', {
      ...admin,
      params: { id: DEFAULT_GROUP_ID },
    });
    expect(check.body).toMatchObject({ canDelete: false });
    expect(
      (await local.api.call('groups.delete', { ...admin, params: { id: DEFAULT_GROUP_ID } })).status,
    ).toBe(409);
    const inactive = await local.api.call<Json>('groups.update', {
      ...admin,
      params: { id: DEFAULT_GROUP_ID },
      body: { status: 'INACTIVE' },
    });
    expect(inactive.status).toBe(400);
    const north = await local.api.call<Json>('groups.get', {
      ...northAdmin,
      tenant: 'northwind',
      params: { id: DEFAULT_GROUP_ID },
    });
    expect(north.body.name).toBe('Default Group');
  });

  it('holds names unique ignoring case and spacing', async () => {
    const name = `Unique ${Math.random().toString(36).slice(2, 8)}`;
    await newGroup(name);
    const again = await local.api.call<Json>('groups.create', {
      ...admin,
      body: { name: `  ${name.toUpperCase()} ` },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A group named ${name} already exists`);
  });

  it('counts the plans it holds (also under concurrent writes) and is deleted only when it holds none', async () => {
    const group = await newGroup();
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        local.api.call<Json>(i % 2 ? 'flexible-plans.create' : 'subscription-plans.create', {
          ...admin,
          body: plan({ groupId: group, durationUnit: 'DAYS', duration: 30 }),
        }),
      ),
    );
    expect(created.map((c) => c.status)).toEqual(Array(8).fill(201));
    const check = await local.api.call<Json>('groups.verifyDelete', { ...admin, params: { id: group } });
    expect(check.body).toEqual({
      canDelete: false,
      message: 'This group is still used by 8 plans',
      references: [{ entity: 'plan', count: 8 }],
    });
    expect((await local.api.call('groups.delete', { ...admin, params: { id: group } })).status).toBe(409);
    // Moving the plans out (and deleting some) brings the count back to zero.
    for (const [i, c] of created.entries()) {
      const resource = i % 2 ? 'flexible-plans' : 'subscription-plans';
      const moved =
        i < 4
          ? await local.api.call(`${resource}.update`, {
              ...admin,
              params: { id: c.body._id },
              body: { groupId: DEFAULT_GROUP_ID },
            })
          : await local.api.call(`${resource}.delete`, { ...admin, params: { id: c.body._id } });
      expect(moved.status).toBe(200);
    }
    const after = await local.api.call<Json>('groups.verifyDelete', { ...admin, params: { id: group } });
    expect(after.body.canDelete).toBe(true);
    expect((await local.api.call('groups.delete', { ...admin, params: { id: group } })).status).toBe(200);
  });

  it('refuses a plan in a group that does not exist', async () => {
    const refused = await local.api.call<Json>('flexible-plans.create', {
      ...admin,
      body: plan({ groupId: 'no-such-group' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Choose an existing group');
  });
});

describe('rate types and rate versions', () => {
  it('offers the active rate types in their picker, by name', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const on = await local.api.call<Json>('group-tutor-rate-course-types.create', {
      ...admin,
      body: { name: `A-level ${suffix}` },
    });
    const off = await local.api.call<Json>('group-tutor-rate-course-types.create', {
      ...admin,
      body: { name: `Archived ${suffix}`, status: 'INACTIVE' },
    });
    const picker = await local.api.call<Json>('group-tutor-rate-course-types.dropdown', { ...admin });
    expect(picker.status).toBe(200);
    expect(picker.body.truncated).toBe(false);
    const ids = picker.body.docs.map((o: Json) => o._id);
    expect(ids).toContain(on.body._id);
    expect(ids).not.toContain(off.body._id);
    expect(picker.body.docs.find((o: Json) => o._id === on.body._id)).toEqual({
      _id: on.body._id,
      name: `A-level ${suffix}`,
    });
    const names = picker.body.docs.map((o: Json) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('stores a version with its rule and inclusion, instants in UTC, and holds its terms together', async () => {
    const created = await local.api.call<Json>('student-flexible-rate-versions.create', {
      ...admin,
      body: {
        name: 'New students 2027',
        effectiveFrom: '2027-01-01T08:00:00+08:00',
        rule: {
          basis: 'STUDENT_ASSIGNED_DATE',
          operator: 'GREATER_THAN',
          date: '2026-12-31',
          timeZone: 'Asia/Singapore',
        },
        inclusion: { mode: 'EXCLUDE', userIds: ['demo-student-1'] },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      effectiveFrom: '2027-01-01T00:00:00.000Z',
      rule: { operator: 'GREATER_THAN', date: '2026-12-31' },
      inclusion: { mode: 'EXCLUDE', userIds: ['demo-student-1'] },
    });
    const backwards = await local.api.call<Json>('student-flexible-rate-versions.update', {
      ...admin,
      params: { id: created.body._id },
      body: { effectiveTo: '2026-06-01T00:00:00Z' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The version ends after it starts');
    const nobody = await local.api.call<Json>('student-subscription-rate-versions.create', {
      ...admin,
      body: {
        name: 'Nobody',
        effectiveFrom: '2027-01-01T00:00:00Z',
        inclusion: { mode: 'INCLUDE', userIds: [] },
      },
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe('Name at least one user to include');
    for (const rule of [
      { basis: 'STUDENT_ASSIGNED_DATE', operator: 'ABOUT', date: '2026-01-01', timeZone: 'UTC' },
      { basis: 'STUDENT_ASSIGNED_DATE', operator: 'EQUAL', date: '2026-02-30', timeZone: 'UTC' },
      { basis: 'STUDENT_ASSIGNED_DATE', operator: 'EQUAL', date: '2026-02-01', timeZone: 'Mars/Olympus' },
    ]) {
      const refused = await local.api.call('student-flexible-rate-versions.create', {
        ...admin,
        body: { name: 'Bad rule', effectiveFrom: '2027-01-01T00:00:00Z', rule },
      });
      expect(refused.status, JSON.stringify(rule)).toBe(400);
    }
  });

  it('offers only the versions that have not ended in their picker', async () => {
    const ended = await local.api.call<Json>('student-subscription-rate-versions.create', {
      ...admin,
      body: { name: 'Ended', effectiveFrom: '2020-01-01T00:00:00Z', effectiveTo: '2021-01-01T00:00:00Z' },
    });
    const current = await local.api.call<Json>('student-subscription-rate-versions.create', {
      ...admin,
      body: { name: 'Current', effectiveFrom: '2021-01-01T00:00:00Z' },
    });
    const picker = await local.api.call<Json>('student-subscription-rate-versions.dropdown', { ...admin });
    const ids = picker.body.docs.map((o: Json) => o._id);
    expect(ids).toContain(current.body._id);
    expect(ids).not.toContain(ended.body._id);
  });
});

describe('student rates', () => {
  it('price a plan under a version, are counted by both, and hold both from being deleted', async () => {
    const planId = (await local.api.call<Json>('flexible-plans.create', { ...admin, body: plan() })).body._id;
    const versionId = (
      await local.api.call<Json>('student-flexible-rate-versions.create', {
        ...admin,
        body: { name: 'Rates under test', effectiveFrom: '2020-01-01T00:00:00Z' },
      })
    ).body._id;
    const rate = await local.api.call<Json>('student-flexible-rates.create', {
      ...admin,
      body: {
        versionId,
        packageId: planId,
        curriculum: 'Cambridge IGCSE',
        grade: 'Grade 9',
        price: { amount: 42.5, currency: 'SGD' },
      },
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(201);
    expect(rate.body).toMatchObject({ country: '', price: { amount: 42.5, currency: 'SGD' } });

    for (const [route, id] of [
      ['flexible-plans', planId],
      ['student-flexible-rate-versions', versionId],
    ] as const) {
      const check = await local.api.call<Json>(`${route}.verifyDelete`, { ...admin, params: { id } });
      expect(check.body.references, route).toEqual([{ entity: 'student rate', count: 1 }]);
      expect((await local.api.call(`${route}.delete`, { ...admin, params: { id } })).status, route).toBe(409);
    }
    const listed = await local.api.call<Json>('student-flexible-rates.list', {
      ...admin,
      query: { packageId: planId, grade: 'Grade 9' },
    });
    expect(listed.body.docs.map((r: Json) => r._id)).toEqual([rate.body._id]);

    const unknownPlan = await local.api.call<Json>('student-flexible-rates.create', {
      ...admin,
      body: { versionId, packageId: 'no-such-plan', price: { amount: 1, currency: 'USD' } },
    });
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.body.message).toBe('Choose an existing plan and rate version');

    // Once the rate is gone, both can go.
    expect(
      (await local.api.call('student-flexible-rates.delete', { ...admin, params: { id: rate.body._id } }))
        .status,
    ).toBe(200);
    expect(
      (await local.api.call('student-flexible-rate-versions.delete', { ...admin, params: { id: versionId } }))
        .status,
    ).toBe(200);
    expect((await local.api.call('flexible-plans.delete', { ...admin, params: { id: planId } })).status).toBe(
      200,
    );
  });

  it("answers a student's rates: the version that applies to them now, their curriculum and grade", async () => {
    const planId = (
      await local.api.call<Json>('subscription-plans.create', {
        ...admin,
        body: plan({ duration: 1, durationUnit: 'MONTHS' }),
      })
    ).body._id;
    const version = async (body: Json) =>
      (await local.api.call<Json>('student-subscription-rate-versions.create', { ...admin, body })).body._id;
    // In force from a minute ago: the newest version in force, so the one that applies (the rule's step 1).
    const current = await version({
      name: 'Now',
      effectiveFrom: new Date(Date.now() - 60_000).toISOString(),
    });
    const future = await version({ name: 'Later', effectiveFrom: '2099-01-01T00:00:00Z' });
    const rate = (versionId: string, grade: string, amount: number) =>
      local.api.call<Json>('student-subscription-rates.create', {
        ...admin,
        body: {
          versionId,
          packageId: planId,
          curriculum: 'Cambridge IGCSE',
          grade,
          price: { amount, currency: 'USD' },
        },
      });
    const grade9 = (await rate(current, 'Grade 9', 30)).body._id;
    await rate(current, 'Grade 10', 35);
    await rate(future, 'Grade 9', 99);
    const mine = await local.api.call<Json>('student-subscription-rates.forUser', {
      ...admin,
      params: { userId: 'demo-student-1' },
      query: { curriculum: 'Cambridge IGCSE', grade: 'Grade 9' },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.docs.map((r: Json) => r._id)).toEqual([grade9]);
    expect(mine.body.docs[0].price).toEqual({ amount: 30, currency: 'USD' });
  });
});
