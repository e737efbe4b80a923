import { newId } from '../../functions/lib/ids';
import { putTenant } from '../../functions/repositories/tenants';
import { rolesRepository } from '../../functions/roles/repository';
import { batchWriteItems } from '../../functions/table/batch';
import { fullPermissionSet } from '../../shared/permissions/catalogue';
import { defaultRoles, systemRoleIds } from '../../shared/permissions/default-roles';
import { createBenchAdmin, inParallel } from './scheduling-tenant';
import { type BenchStack, median } from './stack';

const SIZES = [1_000, 50_000];
const OFFSETS = [0, 1_000];
const SAMPLES = 25;

/** Fills a tenant's role collection with `count` records, as the repository would have written them. */
async function fillTenant(tenant: string, count: number) {
  await putTenant({
    _id: tenant,
    key: tenant,
    name: tenant,
    domain: `${tenant}.bench`,
    permissions: fullPermissionSet(),
  });
  const now = new Date().toISOString();
  await rolesRepository.ensure(tenant, {
    _id: systemRoleIds.Admin,
    ...defaultRoles.Admin,
    isSystem: true,
    createdAt: now,
    updatedAt: now,
  });
  await createBenchAdmin(tenant);
  // The items the roles repository itself writes (record, collection counter), loaded in batches.
  const base = Date.now() - count * 10;
  const records = Array.from({ length: count - 1 }, (_, i) => {
    const createdAt = new Date(base + i * 10).toISOString();
    return {
      _id: newId(base + i * 10),
      name: `Bench role ${i}`,
      type: 'user' as const,
      isGuest: false,
      permissions: { courses: ['view'] },
      createdAt,
      updatedAt: createdAt,
    };
  });
  const items = rolesRepository
    .seedItems(tenant, records)
    // The counter counts the admin role written above too.
    .map((item) => (item.sk === 'ROLE' && 'count' in item ? { ...item, count } : item));
  const chunks: Array<typeof items> = [];
  for (let i = 0; i < items.length; i += 500) chunks.push(items.slice(i, i + 500));
  await inParallel(chunks, 16, (chunk) => batchWriteItems(chunk.map((Item) => ({ PutRequest: { Item } }))));
}

/** A page of 20 from a CRUD collection of 1,000 and of 50,000 records, at offsets 0 and 1,000. */
export async function measurePagingCost(stack: BenchStack) {
  const rows: Array<{ records: number; offset: number; medianMs: number; runs: number[] }> = [];
  for (const size of SIZES) {
    const tenant = `bench-${size}`;
    await fillTenant(tenant, size);
    const admin = await stack.api.signIn(`admin@${tenant}.bench`, 'Bench-admin-1', tenant);
    for (const offset of OFFSETS) {
      const timings: number[] = [];
      for (let i = 0; i < SAMPLES + 3; i++) {
        const started = performance.now();
        const { status, body } = await stack.api.call('roles.list', {
          tenant,
          token: admin.token,
          query: { limit: 20, offset },
        });
        const elapsed = performance.now() - started;
        const expected = Math.max(0, Math.min(20, size - offset)); // offset 1,000 of 1,000 records is past the end
        if (status !== 200 || (body.docs as unknown[]).length !== expected || body.totalDocs !== size) {
          throw new Error(`Unexpected page: ${status} ${JSON.stringify(body).slice(0, 200)}`);
        }
        if (i >= 3) timings.push(elapsed); // the first calls warm the handler and caches
      }
      rows.push({ records: size, offset, medianMs: median(timings), runs: timings });
    }
  }
  const ratios = OFFSETS.map((offset) => {
    const small = rows.find((r) => r.records === SIZES[0] && r.offset === offset)!;
    const large = rows.find((r) => r.records === SIZES[1] && r.offset === offset)!;
    return { offset, ratio: large.medianMs / small.medianMs };
  });
  return { rows, ratios };
}
