import { DateTime } from 'luxon';
import { hashPassword } from '../../functions/lib/passwords';
import { putAvailability } from '../../functions/repositories/availability';
import { putTenant } from '../../functions/repositories/tenants';
import { createUser } from '../../functions/repositories/users';
import { rolesRepository } from '../../functions/roles/repository';
import { fullPermissionSet } from '../../shared/permissions/catalogue';
import { defaultRoles, type SystemRoleName, systemRoleIds } from '../../shared/permissions/default-roles';
import type { Tenant } from '../../shared/schemas/tenant';

/** What the scheduling benchmarks ask slots and trials for. */
export const igcseMaths = { curriculum: 'Cambridge IGCSE', subject: 'Mathematics', grade: 'Grade 10' };

export const tutorTimeZones = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Singapore',
  'Asia/Kolkata',
  'Europe/Berlin',
  'Asia/Dubai',
  'America/Los_Angeles',
];

/** A bench tenant with the built-in roles (as the seed writes them), on the platform's default settings. */
export async function createBenchTenant(key: string): Promise<Tenant> {
  const tenant: Tenant = {
    _id: key,
    key,
    name: key,
    domain: `${key}.bench`,
    permissions: fullPermissionSet(),
  };
  await putTenant(tenant);
  const now = new Date().toISOString();
  for (const [name, id] of Object.entries(systemRoleIds) as Array<[SystemRoleName, string]>) {
    await rolesRepository.ensure(key, {
      _id: id,
      ...defaultRoles[name],
      isSystem: true,
      createdAt: now,
      updatedAt: now,
    });
  }
  return tenant;
}

/** A tutor account with weekday hours 08:00-20:00 in its own zone, available for IGCSE Mathematics trials. */
export async function createBenchTutor(
  tenant: string,
  tutorId: string,
  timezone: string,
  passwordHash: string,
): Promise<void> {
  await createUser(tenant, {
    _id: tutorId,
    firstname: 'Bench',
    lastname: tutorId,
    email: `${tutorId}@${tenant}.bench`,
    type: 'tutor',
    roleId: systemRoleIds.Tutor,
    timezone,
    passwordHash,
  });
  await putAvailability(tenant, tutorId, {
    timezone,
    status: 'available',
    weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '08:00', to: '20:00' })),
    exceptions: [],
    windows: [],
    subjects: [igcseMaths],
  });
}

/** Runs `work` over `items` with at most `concurrency` in flight. */
export async function inParallel<T>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** A Wednesday at least `daysAhead` days from now, as a calendar date in `zone` (every zone's weekday). */
export function upcomingWednesday(zone: string, daysAhead: number): string {
  let day = DateTime.now().setZone(zone).startOf('day').plus({ days: daysAhead });
  while (day.weekday !== 3) day = day.plus({ days: 1 });
  return day.toISODate()!;
}

/** The bench tenant's admin, who signs in as `admin@<key>.bench` with the password `Bench-admin-1`. */
export async function createBenchAdmin(key: string): Promise<void> {
  await createUser(key, {
    _id: 'bench-admin',
    firstname: 'Bench',
    lastname: 'Admin',
    email: `admin@${key}.bench`,
    type: 'admin',
    roleId: systemRoleIds.Admin,
    passwordHash: await hashPassword('Bench-admin-1'),
  });
}
