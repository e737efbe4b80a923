import { hashPassword } from '../../functions/lib/passwords';
import { resourceHandler } from '../../functions/lib/pipeline';
import { newUserRecord, newUsersSeedItems, type UserRecord } from '../../functions/repositories/users';
import { batchWriteItems } from '../../functions/table/batch';
import { listAdminUsers } from '../../functions/users/admin-user-list';
import { moduleLoader } from '../../infra/local/handler-loader';
import { startHttpGateway } from '../../infra/local/http-gateway';
import { systemRoleIds } from '../../shared/permissions/default-roles';
import { adminUserListRoute } from '../../shared/routes/admin-users';
import { routes } from '../../shared/routes/catalogue';
import { nameSearchKeys, nameSortKey } from '../../shared/rules/user-list';
import { createBenchTenant, inParallel } from './scheduling-tenant';
import { type BenchStack, median } from './stack';

const SIZES = [1_000, 50_000] as const;
/** Rounds of the two sizes in turn: each round's figure is the median of its calls. */
const ROUNDS = 7;
const CALLS_PER_ROUND = 5;
const WARM_UP_CALLS = 3;
const PAGE = 20;

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Barbara',
  'Ken',
  'Margaret',
  'Dennis',
  'Radia',
  'Edsger',
];
const LAST_NAMES = Array.from(
  { length: 200 },
  (_, n) => `${['Tan', 'Lim', 'Ng', 'Wong', 'Okafor'][n % 5]}${String.fromCharCode(97 + (n % 26))}${n}`,
);
const COUNTRIES = [
  'SG',
  'MY',
  'GB',
  'US',
  'IN',
  'AU',
  'ID',
  'PH',
  'TH',
  'VN',
  'HK',
  'CN',
  'JP',
  'KR',
  'NZ',
  'CA',
  'AE',
  'LK',
  'FR',
  'DE',
];
const ROLES = [
  systemRoleIds.Student,
  systemRoleIds.Student,
  systemRoleIds.Student,
  systemRoleIds.Tutor,
  systemRoleIds.Enterer,
] as const;
const CREATED_FROM = Date.UTC(2024, 0, 1);
const CREATED_SPAN_MS = 2 * 365 * 86_400_000;

/** The bench's users of a tenant of `count` (its admin first), as the user repository builds them. */
function benchUsers(tenant: string, count: number, adminHash: string): UserRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const roleId = i === 0 ? systemRoleIds.Admin : (ROLES[i % ROLES.length] ?? systemRoleIds.Student);
    const record = newUserRecord(tenant, {
      _id: i === 0 ? 'bench-admin' : `bench-user-${String(i).padStart(6, '0')}`,
      firstname: i === 0 ? 'Bench' : (FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Ada'),
      lastname:
        i === 0 ? 'Admin' : (LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Tan'),
      email: i === 0 ? `admin@${tenant}.bench` : `user${i}@${tenant}.bench`,
      type: i === 0 ? 'admin' : roleId === systemRoleIds.Tutor ? 'tutor' : 'student',
      roleId,
      passwordHash: i === 0 ? adminHash : '',
      country: COUNTRIES[i % 7 === 0 ? 0 : i % COUNTRIES.length] ?? 'SG',
      phone: `+65 8${String(i).padStart(7, '0')}`,
    });
    const createdAt = new Date(CREATED_FROM + Math.floor((i / count) * CREATED_SPAN_MS)).toISOString();
    return { ...record, createdAt, updatedAt: createdAt };
  });
}

/**
 * A tenant with `count` users (its admin among them), loaded with BatchWriteItem from the items the user
 * repository itself writes for new users (records, e-mail claims, list entries, counters:
 * `newUsersSeedItems`), 16 batches in flight.
 */
async function fillTenant(tenant: string, count: number, adminHash: string): Promise<UserRecord[]> {
  await createBenchTenant(tenant);
  const users = benchUsers(tenant, count, adminHash);
  const items = newUsersSeedItems(tenant, users);
  const chunks: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 25 * 20) chunks.push(items.slice(i, i + 25 * 20));
  await inParallel(chunks, 16, (chunk) => batchWriteItems(chunk.map((Item) => ({ PutRequest: { Item } }))));
  return users;
}

type ListAnswer = { totalDocs: number; docs: Array<{ _id: string }>; partial?: unknown };

interface Case {
  name: string;
  query: Record<string, string>;
  /** The users the list should hold, by the data seeded (the page and total are checked against them). */
  expected: (users: readonly UserRecord[]) => UserRecord[];
  /** A case with a target of its own (p50 <= 30 ms) and a ratio target (50,000 / 1,000 <= 1.5). */
  ratioTarget: boolean;
}

const byName = (a: UserRecord, b: UserRecord) =>
  nameSortKey(a).localeCompare(nameSortKey(b)) || (a._id < b._id ? -1 : 1);
/** One last name of the 200 (`Okafore4`): 1/200 of the users match, whatever the tenant's size. */
const SEARCHED = (LAST_NAMES[4] ?? 'Okafore4').toLowerCase();
const cases: Case[] = [
  {
    name: 'GET /admin/users?role=<Student>&country=SG&sortKey=name, page of 20',
    query: { role: systemRoleIds.Student, country: 'SG', sortKey: 'name', sortValue: 'asc' },
    expected: (users) =>
      users.filter((u) => u.roleId === systemRoleIds.Student && u.country === 'SG').sort(byName),
    ratioTarget: true,
  },
  {
    name: `GET /admin/users?searchOption=name&searchText=${SEARCHED}, page of 20 (a name search)`,
    query: { searchOption: 'name', searchText: SEARCHED, sortKey: 'createdAt', sortValue: 'desc' },
    expected: (users) =>
      users
        .filter((u) => nameSearchKeys(u).some((key) => key.startsWith(SEARCHED)))
        .sort((a, b) =>
          a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
        ),
    ratioTarget: false,
  },
];

/**
 * The gateway that serves adminUsers.list: the stack's own once the route is in the route table (the
 * admin-users handler calls listAdminUsers); until then a local HTTP gateway of the same code (route
 * matcher, API Gateway v2 events, the middy pipeline of resourceHandler: tenant, token, access check,
 * validation) serving that one route with the same operation.
 */
async function listGateway(stack: BenchStack): Promise<{ url: string; close: () => Promise<void> }> {
  if (routes.some((route) => route.id === 'adminUsers.list'))
    return { url: stack.apiUrl, close: async () => {} };
  const listRoute = [adminUserListRoute] as const;
  const handler = resourceHandler('admin-users', listRoute, {
    'adminUsers.list': ({ tenant, query }) => listAdminUsers(tenant.key, query),
  });
  const modules = moduleLoader();
  const gateway = await startHttpGateway({
    port: 0,
    routes: [...routes, ...listRoute],
    loader: (resource) => (resource === 'admin-users' ? Promise.resolve(handler) : modules(resource)),
    allowOrigin: () => false,
  });
  return { url: gateway.url, close: gateway.close };
}

/**
 * The admin Users list through the local gateway (HTTP), in a tenant of 1,000 users and one of 50,000, the
 * two sizes measured in turn in each round so that the machine's drift hits both alike: a page of 20
 * filtered by role and country sorted by name (entries of the role-and-country partition: a keys-only skip,
 * one read of 20 pointers, one batched read of 20 users, a counter), and a search by name (a prefix query
 * of the search partition: its cost follows the matches, 1/200 of the users here).
 */
export async function measureAdminUsersList(stack: BenchStack) {
  const adminHash = await hashPassword('Bench-admin-1');
  const seedStarted = performance.now();
  const seeded = new Map<number, UserRecord[]>();
  for (const size of SIZES) seeded.set(size, await fillTenant(`bench-users-${size}`, size, adminHash));
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const gateway = await listGateway(stack);
  try {
    const sessions = new Map<number, string>();
    for (const size of SIZES) {
      const tenant = `bench-users-${size}`;
      sessions.set(size, (await stack.api.signIn(`admin@${tenant}.bench`, 'Bench-admin-1', tenant)).token);
    }

    /** One call's time, the HTTP request alone (the answer is checked after the clock stops). */
    async function timeCall(size: number, item: Case): Promise<number> {
      const url = new URL(`${gateway.url}/admin/users`);
      for (const [name, value] of Object.entries({ ...item.query, limit: String(PAGE), offset: '0' })) {
        url.searchParams.set(name, value);
      }
      const started = performance.now();
      const response = await fetch(url, {
        headers: { 'x-tenant-key': `bench-users-${size}`, authorization: `Bearer ${sessions.get(size)}` },
      });
      const body = (await response.json()) as ListAnswer;
      const elapsed = performance.now() - started;
      const expected = item.expected(seeded.get(size) ?? []);
      const ok =
        response.status === 200 &&
        body.totalDocs === expected.length &&
        !body.partial &&
        JSON.stringify(body.docs.map((doc) => doc._id)) ===
          JSON.stringify(expected.slice(0, PAGE).map((user) => user._id));
      if (!ok) {
        throw new Error(
          `Unexpected answer for ${item.name} (${size}, expected ${expected.length}): ${JSON.stringify(body).slice(0, 300)}`,
        );
      }
      return elapsed;
    }

    const results = [];
    for (const item of cases) {
      // The first calls warm the handler, its module caches and the database's pages.
      for (const size of SIZES) for (let i = 0; i < WARM_UP_CALLS; i++) await timeCall(size, item);
      const rounds = new Map<number, number[]>(SIZES.map((size) => [size, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const size of SIZES) {
          const calls: number[] = [];
          for (let i = 0; i < CALLS_PER_ROUND; i++) calls.push(await timeCall(size, item));
          rounds.get(size)?.push(median(calls));
        }
      }
      const small = rounds.get(SIZES[0]) ?? [];
      const large = rounds.get(SIZES[1]) ?? [];
      const ratios = large.map((ms, round) => ms / (small[round] ?? ms));
      results.push({
        name: item.name,
        ratioTarget: item.ratioTarget,
        matches: {
          small: item.expected(seeded.get(SIZES[0]) ?? []).length,
          large: item.expected(seeded.get(SIZES[1]) ?? []).length,
        },
        small: { users: SIZES[0], medianMs: median(small), runs: small },
        large: { users: SIZES[1], medianMs: median(large), runs: large },
        ratio: median(ratios),
        ratios,
      });
    }
    return { seedSeconds, viaStackGateway: gateway.url === stack.apiUrl, results };
  } finally {
    await gateway.close();
  }
}
