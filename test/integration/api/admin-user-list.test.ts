import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { backfillLists } from '../../../functions/crud/backfill-lists';
import { db, tableName } from '../../../functions/lib/db';
import { hashPassword } from '../../../functions/lib/passwords';
import { changeTeachingSubjects, putAvailability } from '../../../functions/repositories/availability';
import { putTenant } from '../../../functions/repositories/tenants';
import { countPartitionKeys } from '../../../functions/repositories/user-list';
import {
  readUserListCount,
  userListCounter,
  userListPartition,
} from '../../../functions/repositories/user-list-index';
import {
  createUser,
  getUser,
  type NewUser,
  newUserRecord,
  newUserWrites,
  removeUserWrites,
  replaceUserWrites,
  setUserType,
  type UserRecord,
} from '../../../functions/repositories/users';
import { ensureSystemRoles } from '../../../functions/roles/system-roles';
import { keys } from '../../../functions/table/access-patterns';
import { writeTransaction } from '../../../functions/table/transactions';
import { listAdminUsers } from '../../../functions/users/admin-user-list';
import { ConflictError } from '../../../shared/http/errors';
import { fullPermissionSet } from '../../../shared/permissions/catalogue';
import { systemRoleIds } from '../../../shared/permissions/default-roles';
import type { AdminUserListQuery } from '../../../shared/routes/admin-users';
import { localStackForFile } from '../../support/stack';

/**
 * The admin Users list (adminUsers.list, served by listAdminUsers) and the dropdown's country and level
 * filters, from the entries and counters kept with every user write: each filter and both, each sort both
 * ways, each search option, exact totals and pages, the lists kept right by changes and removals, and per
 * tenant. The route joins the admin-users handler with the rest of that resource; until then the service
 * is called as the handler will call it, and the dropdown through the gateway.
 */
const local = localStackForFile();
const TENANT = 'ulist';
const OTHER = 'ulist-other';
const { Student, Tutor, Admin } = systemRoleIds;

type Json = Record<string, any>;
type Session = { token: string; userId: string; tenant: string };
let admin: Session;

const people: Array<NewUser & { _id: string; createdAt: string }> = [
  {
    _id: 'u1',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@ulist.test',
    type: 'student',
    roleId: Student,
    country: 'GB',
    phone: '+44 20 7946 0001',
    level: 'Grade 10',
    createdAt: '2025-01-01T00:00:00.000Z',
    passwordHash: 'x',
  },
  {
    _id: 'u2',
    firstname: 'Alan',
    lastname: 'Turing',
    email: 'alan@ulist.test',
    type: 'tutor',
    roleId: Tutor,
    country: 'GB',
    phone: '+44 20 7946 0002',
    createdAt: '2025-01-02T00:00:00.000Z',
    passwordHash: 'x',
  },
  {
    _id: 'u3',
    firstname: 'Grace',
    lastname: 'Hopper',
    email: 'grace@ulist.test',
    type: 'tutor',
    roleId: Tutor,
    country: 'US',
    phone: '+1 555 0100',
    createdAt: '2025-01-03T00:00:00.000Z',
    passwordHash: 'x',
  },
  {
    _id: 'u4',
    firstname: 'Émile',
    lastname: 'Zola',
    email: 'emile@ulist.test',
    type: 'student',
    roleId: Student,
    country: 'FR',
    level: 'Grade 10',
    createdAt: '2025-01-04T00:00:00.000Z',
    passwordHash: 'x',
  },
  {
    _id: 'u5',
    firstname: 'Sam',
    lastname: 'Adams',
    email: 'sam@ulist.test',
    type: 'student',
    roleId: Student,
    country: 'US',
    level: 'Grade 11',
    createdAt: '2025-01-05T00:00:00.000Z',
    passwordHash: 'x',
  },
  {
    _id: 'u6',
    firstname: 'Anna',
    lastname: 'Smith',
    email: 'Anna@ulist.test',
    type: 'student',
    roleId: Student,
    country: 'SG',
    level: 'grade 10',
    createdAt: '2025-01-06T00:00:00.000Z',
    passwordHash: 'x',
  },
  {
    _id: 'u7',
    firstname: 'Ann',
    lastname: 'Andrews',
    email: 'ann@ulist.test',
    type: 'parent',
    roleId: Student,
    country: 'SG',
    createdAt: '2025-01-07T00:00:00.000Z',
    passwordHash: 'x',
  },
];

/** A user as created by the repository, at a set creation time (so the created order is known). */
async function addUser(tenant: string, person: (typeof people)[number]) {
  const { createdAt, ...input } = person;
  const record = { ...newUserRecord(tenant, input), createdAt, updatedAt: createdAt };
  await writeTransaction(newUserWrites(tenant, record), () => new ConflictError('taken'));
}

async function createTenantWithAdmin(key: string): Promise<Session> {
  await putTenant({ _id: key, key, name: key, domain: `${key}.test`, permissions: fullPermissionSet() });
  await ensureSystemRoles(key);
  await createUser(key, {
    _id: `${key}-admin`,
    firstname: 'Head',
    lastname: 'Office',
    email: `admin@${key}.test`,
    type: 'admin',
    roleId: Admin,
    passwordHash: await hashPassword('Ulist-admin-1'),
  });
  return { ...(await local.api.signIn(`admin@${key}.test`, 'Ulist-admin-1', key)), tenant: key };
}

/** The list as the handler serves it: the query parsed with the route's defaults. */
function list(query: Partial<AdminUserListQuery> = {}, tenant = TENANT) {
  return listAdminUsers(tenant, {
    limit: 100,
    offset: 0,
    searchOption: 'name',
    sortKey: 'createdAt',
    sortValue: 'desc',
    ...query,
  });
}
const ids = (page: { docs: Array<{ _id: string }> }) => page.docs.map((doc) => doc._id);
const idsAndTotal = async (query: Partial<AdminUserListQuery>) => {
  const page = await list(query);
  return [ids(page), page.totalDocs];
};

async function dropdown(query: Json, session: Session = admin): Promise<Json> {
  const { status, body } = await local.api.call<Json>('users.adminDropdown', {
    ...session,
    query: { limit: 100, ...query },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

beforeAll(async () => {
  admin = await createTenantWithAdmin(TENANT);
  for (const person of people) await addUser(TENANT, person);
  await createTenantWithAdmin(OTHER);
  await addUser(OTHER, { ...people[0]!, _id: 'o1', firstname: 'Adele', email: 'adele@other.test' });
});

describe('the admin Users list, from its entries', () => {
  it('lists everyone newest first by default, with role names and the listed fields', async () => {
    const page = await list();
    expect(ids(page)).toEqual(['ulist-admin', 'u7', 'u6', 'u5', 'u4', 'u3', 'u2', 'u1']);
    expect(page.totalDocs).toBe(8);
    expect(page.docs.find((doc) => doc._id === 'u1')).toEqual({
      _id: 'u1',
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada@ulist.test',
      type: 'student',
      roleId: Student,
      roleName: 'Student',
      phone: '+44 20 7946 0001',
      country: 'GB',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(page.docs[0]?.roleName).toBe('Admin');
  });

  it('filters by role, by country and by both, each with its exact total', async () => {
    expect(await idsAndTotal({ role: Student, sortKey: 'name', sortValue: 'asc' })).toEqual([
      ['u1', 'u7', 'u6', 'u4', 'u5'],
      5,
    ]);
    expect(await idsAndTotal({ country: 'GB', sortKey: 'name', sortValue: 'asc' })).toEqual([
      ['u1', 'u2'],
      2,
    ]);
    expect(await idsAndTotal({ role: Tutor, country: 'US' })).toEqual([['u3'], 1]);
    expect(await idsAndTotal({ role: Student, country: 'US' })).toEqual([['u5'], 1]);
    expect(await idsAndTotal({ role: Admin, country: 'US' })).toEqual([[], 0]);
    expect(await idsAndTotal({ country: 'JP' })).toEqual([[], 0]);
  });

  it('sorts by name, e-mail and creation, each both ways (case and accents ignored)', async () => {
    const byName = ['u1', 'u2', 'u7', 'u6', 'u4', 'u3', 'ulist-admin', 'u5'];
    expect(ids(await list({ sortKey: 'name', sortValue: 'asc' }))).toEqual(byName);
    expect(ids(await list({ sortKey: 'name', sortValue: 'desc' }))).toEqual([...byName].reverse());
    // ada, admin@, alan, ann, Anna (case ignored), emile, grace, sam
    const byEmail = ['u1', 'ulist-admin', 'u2', 'u7', 'u6', 'u4', 'u3', 'u5'];
    expect(ids(await list({ sortKey: 'email', sortValue: 'asc' }))).toEqual(byEmail);
    expect(ids(await list({ sortKey: 'email', sortValue: 'desc' }))).toEqual([...byEmail].reverse());
    const byCreation = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'ulist-admin'];
    expect(ids(await list({ sortKey: 'createdAt', sortValue: 'asc' }))).toEqual(byCreation);
    expect(ids(await list({ sortKey: 'createdAt', sortValue: 'desc' }))).toEqual([...byCreation].reverse());
    // A filter keeps the sort asked for.
    expect(ids(await list({ country: 'SG', sortKey: 'email', sortValue: 'desc' }))).toEqual(['u6', 'u7']);
  });

  it('searches by the start of the first or the last name, once per user', async () => {
    // Ada, Alan, Ann (first and last name: listed once), Anna; Sam by his last name Adams.
    expect(await idsAndTotal({ searchText: 'a', sortKey: 'name', sortValue: 'asc' })).toEqual([
      ['u1', 'u2', 'u7', 'u6', 'u5'],
      5,
    ]);
    expect(await idsAndTotal({ searchText: 'AD', sortKey: 'name', sortValue: 'asc' })).toEqual([
      ['u1', 'u5'],
      2,
    ]);
    expect(await idsAndTotal({ searchText: 'an' })).toEqual([['u7', 'u6'], 2]);
    expect(await idsAndTotal({ searchText: 'smith  anna' })).toEqual([['u6'], 1]);
    expect(await idsAndTotal({ searchText: 'emile z' })).toEqual([['u4'], 1]);
    expect(await idsAndTotal({ searchText: 'ovelace' })).toEqual([[], 0]);
  });

  it('searches by e-mail and by phone digits', async () => {
    expect(await idsAndTotal({ searchOption: 'email', searchText: 'ANN' })).toEqual([['u7', 'u6'], 2]);
    expect(await idsAndTotal({ searchOption: 'email', searchText: 'grace@ulist' })).toEqual([['u3'], 1]);
    expect(
      await idsAndTotal({ searchOption: 'phone', searchText: '+44 20', sortKey: 'name', sortValue: 'asc' }),
    ).toEqual([['u1', 'u2'], 2]);
    expect(await idsAndTotal({ searchOption: 'phone', searchText: '1 555' })).toEqual([['u3'], 1]);
    expect(await idsAndTotal({ searchOption: 'phone', searchText: 'ada' })).toEqual([[], 0]);
  });

  it('searches within the filters, sorted as asked', async () => {
    expect(await idsAndTotal({ searchText: 'a', role: Tutor })).toEqual([['u2'], 1]);
    expect(await idsAndTotal({ searchText: 'a', country: 'US' })).toEqual([['u5'], 1]);
    expect(
      await idsAndTotal({
        searchText: 'a',
        role: Student,
        country: 'SG',
        sortKey: 'email',
        sortValue: 'asc',
      }),
    ).toEqual([['u7', 'u6'], 2]);
    expect(await idsAndTotal({ searchText: 'a', sortKey: 'createdAt', sortValue: 'asc' })).toEqual([
      ['u1', 'u2', 'u5', 'u6', 'u7'],
      5,
    ]);
  });

  it('pages by limit and offset with the whole total, past the end too', async () => {
    const second = await list({ limit: 2, offset: 2 });
    expect([ids(second), second.totalDocs, second.limit, second.offset]).toEqual([['u6', 'u5'], 8, 2, 2]);
    expect(await idsAndTotal({ limit: 3, offset: 6 })).toEqual([['u2', 'u1'], 8]);
    expect(await idsAndTotal({ limit: 3, offset: 8 })).toEqual([[], 8]);
    expect(
      await idsAndTotal({ role: Student, limit: 2, offset: 4, sortKey: 'name', sortValue: 'asc' }),
    ).toEqual([['u5'], 5]);
    expect(
      await idsAndTotal({ searchText: 'a', limit: 2, offset: 2, sortKey: 'name', sortValue: 'asc' }),
    ).toEqual([['u7', 'u6'], 5]);
  });

  it("never lists another tenant's users", async () => {
    expect(await idsAndTotal({ searchText: 'ad' })).toEqual([['u5', 'u1'], 2]);
    const other = await list({ country: 'GB' }, OTHER);
    expect([ids(other), other.totalDocs]).toEqual([['o1'], 1]);
    const all = await list({}, OTHER);
    expect([ids(all), all.totalDocs]).toEqual([['ulist-other-admin', 'o1'], 2]);
  });
});

describe('the dropdown filtered by country and level', () => {
  it('filters students and tutors by country, in name order, with the total', async () => {
    const body = await dropdown({ country: 'gb', userTypes: 'student,tutor' });
    expect(body.docs).toEqual([
      { _id: 'u1', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@ulist.test', type: 'student' },
      { _id: 'u2', firstname: 'Alan', lastname: 'Turing', email: 'alan@ulist.test', type: 'tutor' },
    ]);
    expect(body.totalDocs).toBe(2);
    // A parent is not in the pickers.
    expect((await dropdown({ country: 'SG' })).docs.map((u: Json) => u._id)).toEqual(['u6']);
  });

  it('filters students by their level (case ignored), and tutors by the levels they teach (none yet)', async () => {
    const grade10 = await dropdown({ level: 'GRADE 10', userTypes: 'student' });
    expect([grade10.docs.map((u: Json) => u._id), grade10.totalDocs]).toEqual([['u1', 'u6', 'u4'], 3]);
    const tutors = await dropdown({ level: 'Grade 10', userTypes: 'tutor' });
    expect([tutors.docs, tutors.totalDocs]).toEqual([[], 0]);
  });

  it("filters tutors by the levels they teach: their availability's grades, moved with each save", async () => {
    const grade = (name: string) => ({ curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: name });
    await putAvailability(TENANT, 'u2', {
      timezone: 'Europe/London',
      status: 'available',
      weeklyHours: [],
      exceptions: [],
      windows: [],
      subjects: [grade('Grade 10'), { ...grade('Grade 10'), subject: 'Physics' }, grade('Grade 11')],
    });
    expect((await getUser(TENANT, 'u2'))?.teachingLevels).toEqual(['grade 10', 'grade 11']);
    const grade10 = await dropdown({ level: 'GRADE 10', userTypes: 'tutor' });
    expect([grade10.docs.map((u: Json) => u._id), grade10.totalDocs]).toEqual([['u2'], 1]);
    const both = await dropdown({ level: 'grade 10', country: 'GB' });
    expect([both.docs.map((u: Json) => u._id), both.totalDocs]).toEqual([['u1', 'u2'], 2]);
    expect((await dropdown({ level: 'Grade 11', country: 'US', userTypes: 'tutor' })).totalDocs).toBe(0);

    // The profile's subjects tab writes the same list: Grade 10 is no longer taught.
    await changeTeachingSubjects(TENANT, { _id: 'u2' }, () => [grade('Grade 11')]);
    expect((await dropdown({ level: 'grade 10', userTypes: 'tutor' })).totalDocs).toBe(0);
    const grade11 = await dropdown({ level: 'grade 11', userTypes: 'tutor' });
    expect([grade11.docs.map((u: Json) => u._id), grade11.totalDocs]).toEqual([['u2'], 1]);
    for (const [set, values] of [
      ['level', ['tutor', 'grade 11']],
      ['level', ['tutor', 'grade 10']],
      ['country-level', ['tutor', 'GB', 'grade 11']],
    ] as const) {
      expect(await readUserListCount(TENANT, userListCounter.dropdown(set, values))).toBe(
        await countPartitionKeys(userListPartition.dropdown(TENANT, set, values)),
      );
    }

    // A tutor whose availability was saved before tutors kept their levels gets them from the backfill.
    const stored = await getUser(TENANT, 'u2');
    if (!stored) throw new Error('No u2');
    const { teachingLevels: _levels, ...unlevelled } = stored;
    await writeTransaction(replaceUserWrites(TENANT, stored, unlevelled), () => new ConflictError('changed'));
    expect((await dropdown({ level: 'grade 11', userTypes: 'tutor' })).totalDocs).toBe(0);
    expect((await backfillLists(TENANT))['tutors (teaching levels)']).toBe(1);
    expect((await dropdown({ level: 'grade 11', userTypes: 'tutor' })).totalDocs).toBe(1);
    expect((await backfillLists(TENANT))['tutors (teaching levels)']).toBe(0);

    await changeTeachingSubjects(TENANT, { _id: 'u2' }, () => []);
    expect((await dropdown({ level: 'grade 11', userTypes: 'tutor' })).totalDocs).toBe(0);
  });

  it('combines country, level and name, and pages', async () => {
    const both = await dropdown({ country: 'US', level: 'Grade 11' });
    expect([both.docs.map((u: Json) => u._id), both.totalDocs]).toEqual([['u5'], 1]);
    const named = await dropdown({ country: 'GB', name: 'tur' });
    expect([named.docs.map((u: Json) => u._id), named.totalDocs]).toEqual([['u2'], 1]);
    const paged = await dropdown({ level: 'grade 10', userTypes: 'student', limit: 1, offset: 1 });
    expect([paged.docs.map((u: Json) => u._id), paged.totalDocs]).toEqual([['u6'], 3]);
  });

  it('refuses a country that is not a two-letter code', async () => {
    const { status, body } = await local.api.call<Json>('users.adminDropdown', {
      ...admin,
      query: { country: 'GBR' },
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('two-letter');
  });
});

describe('the lists kept right by every write', () => {
  const change = async (id: string, patch: Partial<UserRecord>) => {
    const before = await getUser(TENANT, id);
    if (!before) throw new Error(`No user ${id}`);
    const after = { ...before, ...patch, updatedAt: new Date().toISOString() };
    await writeTransaction(replaceUserWrites(TENANT, before, after), () => new ConflictError('changed'));
  };
  /** Every counter of the partitions checked equals the entries its partitions hold. */
  const expectCountsMatchEntries = async (sets: Array<['role' | 'country' | 'role-country', string[]]>) => {
    for (const [set, values] of sets) {
      const counted = await readUserListCount(TENANT, userListCounter.list(set, values));
      for (const sort of ['name', 'email', 'createdAt'] as const) {
        expect(await countPartitionKeys(userListPartition.sorted(TENANT, set, sort, values))).toBe(counted);
      }
    }
  };

  it('moves a user between roles', async () => {
    await change('u2', { roleId: Student });
    expect(await idsAndTotal({ role: Tutor })).toEqual([['u3'], 1]);
    expect(await idsAndTotal({ role: Student, country: 'GB', sortKey: 'name', sortValue: 'asc' })).toEqual([
      ['u1', 'u2'],
      2,
    ]);
    expect((await list({ role: Student })).docs.find((doc) => doc._id === 'u2')?.roleName).toBe('Student');
    expect(await idsAndTotal({ searchText: 'alan', role: Tutor })).toEqual([[], 0]);
    expect(await idsAndTotal({ searchText: 'alan', role: Student })).toEqual([['u2'], 1]);
    await expectCountsMatchEntries([
      ['role', [Tutor]],
      ['role', [Student]],
      ['role-country', [Student, 'GB']],
      ['role-country', [Tutor, 'GB']],
    ]);
  });

  it('moves a user between countries, in the list and the dropdown', async () => {
    await change('u1', { country: 'FR' });
    expect(await idsAndTotal({ country: 'GB' })).toEqual([['u2'], 1]);
    expect(await idsAndTotal({ country: 'FR', sortKey: 'name', sortValue: 'asc' })).toEqual([
      ['u1', 'u4'],
      2,
    ]);
    expect((await dropdown({ country: 'GB' })).docs.map((u: Json) => u._id)).toEqual(['u2']);
    expect((await dropdown({ country: 'FR', level: 'grade 10' })).totalDocs).toBe(2);
    await expectCountsMatchEntries([
      ['country', ['GB']],
      ['country', ['FR']],
      ['role-country', [Student, 'FR']],
    ]);
  });

  it('re-sorts and re-indexes a changed name, e-mail and phone', async () => {
    await change('u4', {
      firstname: 'Adrien',
      lastname: 'Zorn',
      email: 'zorn@ulist.test',
      phone: '+33 1 23',
    });
    expect(await idsAndTotal({ searchText: 'zola' })).toEqual([[], 0]);
    expect(await idsAndTotal({ searchText: 'zorn' })).toEqual([['u4'], 1]);
    expect(await idsAndTotal({ searchOption: 'email', searchText: 'emile' })).toEqual([[], 0]);
    expect(await idsAndTotal({ searchOption: 'phone', searchText: '331' })).toEqual([['u4'], 1]);
    expect(ids(await list({ sortKey: 'name', sortValue: 'asc', limit: 3 }))).toEqual(['u1', 'u4', 'u2']);
    expect(ids(await list({ sortKey: 'email', sortValue: 'desc', limit: 1 }))).toEqual(['u4']);
    // The search entries of the other options carry the new sort keys too.
    expect(
      await idsAndTotal({ searchOption: 'email', searchText: 'a', sortKey: 'name', sortValue: 'asc' }),
    ).toEqual([['u1', 'u2', 'u7', 'u6', 'ulist-admin'], 5]);
    expect((await dropdown({ name: 'adrien', country: 'FR' })).docs.map((u: Json) => u._id)).toEqual(['u4']);
  });

  it('moves the dropdown entries with a change of type', async () => {
    await setUserType(TENANT, 'u5', 'tutor');
    expect((await dropdown({ country: 'US', userTypes: 'student' })).totalDocs).toBe(0);
    expect((await dropdown({ country: 'US', userTypes: 'tutor' })).docs.map((u: Json) => u._id)).toEqual([
      'u3',
      'u5',
    ]);
  });

  it('drops a removed user from every list and total', async () => {
    const before = await getUser(TENANT, 'u6');
    if (!before) throw new Error('No u6');
    await writeTransaction(removeUserWrites(TENANT, before), () => new ConflictError('changed'));
    expect((await list()).totalDocs).toBe(7);
    expect(ids(await list())).not.toContain('u6');
    expect(await idsAndTotal({ country: 'SG' })).toEqual([['u7'], 1]);
    expect(await idsAndTotal({ searchText: 'anna' })).toEqual([[], 0]);
    expect((await dropdown({ level: 'grade 10', userTypes: 'student' })).totalDocs).toBe(2);
    await expectCountsMatchEntries([
      ['country', ['SG']],
      ['role', [Student]],
    ]);
  });

  it('refuses a change written from a stale read', async () => {
    const stale = await getUser(TENANT, 'u3');
    if (!stale) throw new Error('No u3');
    await change('u3', { country: 'CA' });
    await expect(
      writeTransaction(
        replaceUserWrites(TENANT, stale, { ...stale, country: 'MX', updatedAt: new Date().toISOString() }),
        () => new ConflictError('changed'),
      ),
    ).rejects.toThrow('changed');
    expect(await idsAndTotal({ country: 'CA' })).toEqual([['u3'], 1]);
    expect(await idsAndTotal({ country: 'MX' })).toEqual([[], 0]);
  });

  it('lists a user stored before the list by the backfill, once', async () => {
    const old = {
      ...newUserRecord(TENANT, { ...people[0]!, _id: 'u-old', email: 'old@ulist.test', firstname: 'Olga' }),
      createdAt: '2029-01-01T00:00:00.000Z',
      updatedAt: '2029-01-01T00:00:00.000Z',
    };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.user(TENANT, old._id),
          gsi1pk: keys.usersOfRoleIndex(TENANT, old.roleId),
          gsi1sk: old._id,
          entity: 'user',
          ...old,
        },
      }),
    );
    const total = (await list()).totalDocs;
    expect(await idsAndTotal({ searchText: 'olga' })).toEqual([[], 0]);

    expect((await backfillLists(TENANT))['users (admin list)']).toBe(1);
    expect(await idsAndTotal({ searchText: 'olga' })).toEqual([['u-old'], 1]);
    expect((await list()).totalDocs).toBe(total + 1);
    expect((await backfillLists(TENANT))['users (admin list)']).toBe(0);
    expect((await list()).totalDocs).toBe(total + 1);
  });
});
