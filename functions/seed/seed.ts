import { fullPermissionSet } from '../../shared/permissions/catalogue';
import { type SystemRoleName, systemRoleIds } from '../../shared/permissions/default-roles';
import type { Tenant } from '../../shared/schemas/tenant';
import type { UserType } from '../../shared/schemas/user';
import { backfillAdminCount, backfillTeachingLevels } from '../crud/backfill-lists';
import { hashPassword } from '../lib/passwords';
import { getJobWatermark, setJobWatermark } from '../repositories/job-watermarks';
import { backfillTutorPaySummaries } from '../repositories/lesson-history';
import { backfillRevenueSummaries } from '../repositories/payments';
import { ensureDefaultGroup } from '../repositories/price-catalogue';
import { getTenant, indexTenant, putTenant, putTenantSettings } from '../repositories/tenants';
import { backfillTutorRateCountryIndex } from '../repositories/tutor-rates';
import { getUserMapper, putUserMapper } from '../repositories/user-mappers';
import {
  createUser,
  getUser,
  indexUserInDirectory,
  indexUserInList,
  setUserType,
  updateDirectoryFields,
} from '../repositories/users';
import { ensureSystemRoles } from '../roles/system-roles';
import { startFirstGeneration } from '../sitemap/service';
import { ensureDefaultTutorRole } from '../tutor-roles/repository';
import { seedCatalogue } from './catalogue-seed';
import { seedCourseTemplates } from './course-templates-seed';
import { seedPriceCatalogue } from './price-catalogue-seed';
import { seedScheduling } from './scheduling-seed';
import { seedTags } from './tags-seed';

interface SeedUser {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  type: UserType;
  role: SystemRoleName;
  timezone: string;
  /** Where a tutor is listed in the public tutor directory. */
  country?: string;
}

interface SeedTenant {
  tenant: Tenant;
  users: SeedUser[];
  /** Parent id -> the student ids their user-mapper links. */
  mappers: Record<string, string[]>;
}

const demoUsers: SeedUser[] = [
  {
    id: 'demo-admin',
    firstname: 'Ada',
    lastname: 'Admin',
    email: 'admin@demo.test',
    password: 'Demo-admin-1',
    type: 'admin',
    role: 'Admin',
    timezone: 'Asia/Singapore',
  },
  {
    id: 'demo-tutor-1',
    firstname: 'Tom',
    lastname: 'Turing',
    email: 'tutor1@demo.test',
    password: 'Demo-tutor-1',
    type: 'tutor',
    role: 'Tutor',
    timezone: 'Europe/London',
    country: 'GB',
  },
  {
    id: 'demo-tutor-2',
    firstname: 'Grace',
    lastname: 'Hopper',
    email: 'tutor2@demo.test',
    password: 'Demo-tutor-2',
    type: 'tutor',
    role: 'Tutor',
    timezone: 'America/New_York',
    country: 'US',
  },
  {
    id: 'demo-tutor-3',
    firstname: 'Mei',
    lastname: 'Lin',
    email: 'tutor3@demo.test',
    password: 'Demo-tutor-3',
    type: 'tutor',
    role: 'Tutor',
    timezone: 'Australia/Sydney',
    country: 'AU',
  },
  {
    id: 'demo-student-1',
    firstname: 'Sam',
    lastname: 'Student',
    email: 'student1@demo.test',
    password: 'Demo-student-1',
    type: 'student',
    role: 'Student',
    timezone: 'Asia/Singapore',
  },
  {
    id: 'demo-student-2',
    firstname: 'Maya',
    lastname: 'Student',
    email: 'student2@demo.test',
    password: 'Demo-student-2',
    type: 'student',
    role: 'Student',
    timezone: 'Asia/Singapore',
  },
  {
    id: 'demo-student-3',
    firstname: 'Leo',
    lastname: 'Learner',
    email: 'student3@demo.test',
    password: 'Demo-student-3',
    type: 'student',
    role: 'Student',
    timezone: 'Europe/London',
  },
  {
    id: 'demo-parent',
    firstname: 'Pat',
    lastname: 'Parent',
    email: 'parent@demo.test',
    password: 'Demo-parent-1',
    type: 'parent',
    role: 'Student',
    timezone: 'Asia/Singapore',
  },
];

const otherUsers: SeedUser[] = [
  {
    id: 'north-admin',
    firstname: 'Nora',
    lastname: 'North',
    email: 'admin@northwind.test',
    password: 'Northwind-admin-1',
    type: 'admin',
    role: 'Admin',
    timezone: 'Europe/London',
  },
  {
    id: 'north-student',
    firstname: 'Ned',
    lastname: 'North',
    email: 'student@northwind.test',
    password: 'Northwind-student-1',
    type: 'student',
    role: 'Student',
    timezone: 'Europe/London',
  },
];

export const seedTenants: SeedTenant[] = [
  {
    tenant: {
      _id: 'demo',
      key: 'demo',
      name: 'Demo Academy',
      domain: 'localhost',
      permissions: fullPermissionSet(),
      primaryColor: 'teal',
    },
    users: demoUsers,
    mappers: { 'demo-parent': ['demo-student-1', 'demo-student-2'] },
  },
  {
    tenant: {
      _id: 'northwind',
      key: 'northwind',
      name: 'Northwind Tutors',
      domain: '127.0.0.1',
      permissions: fullPermissionSet(),
      primaryColor: 'blue',
      // A stricter policy than the platform default, so a second brand shows the settings at work: two
      // days' notice for a change without an admin, a day's notice for a booking, hourly starts.
      settings: {
        scheduling: {
          changeNoticeHours: 48,
          minimumNoticeMinutes: 24 * 60,
          slotStepMinutes: 60,
          bufferMinutes: 10,
        },
      },
    },
    users: otherUsers,
    mappers: {},
  },
];

export interface SeedResult {
  tenants: Array<{ key: string; domain: string; name: string }>;
  signIns: Array<{ tenant: string; role: string; email: string; password: string }>;
}

/** Seeds the demo tenant and a second tenant for isolation. Idempotent: existing records are kept as they are. */
export async function seedDemo(): Promise<SeedResult> {
  for (const { tenant, users, mappers } of seedTenants) {
    const existing = await getTenant(tenant.key);
    if (!existing) await putTenant(tenant);
    else {
      // Data seeded before the tenants index existed is listed in it now, so scheduled jobs find it.
      await indexTenant(tenant.key);
      // Data seeded before tenants had settings gets the seed's; settings an admin saved are kept.
      if (tenant.settings && !existing.settings) await putTenantSettings(tenant.key, tenant.settings);
    }
    await ensureSystemRoles(tenant.key);
    await ensureDefaultTutorRole(tenant.key);
    await ensureDefaultGroup(tenant.key);
    for (const user of users) {
      const existing = await getUser(tenant.key, user.id);
      if (existing) {
        // Data seeded before the people pickers' directory keys existed gets them now.
        await indexUserInDirectory(tenant.key, existing);
        // ... and its entries of the admin Users list.
        await indexUserInList(tenant.key, existing);

        // Tutors seeded before the tutor directory existed are listed in their country now (read again:
        // listing it above stamped the record).
        const listed =
          user.country && !existing.country ? await getUser(tenant.key, existing._id) : undefined;
        if (listed && user.country)
          await updateDirectoryFields(tenant.key, listed, { country: user.country });
        continue;
      }
      await createUser(tenant.key, {
        _id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        type: user.type,
        roleId: systemRoleIds[user.role],
        timezone: user.timezone,
        ...(user.country ? { country: user.country } : {}),
        passwordHash: await hashPassword(user.password),
      });
    }
    // Admins stored before the tenant's admin count (older local data, including admins created on the
    // screens) are counted once, not looked for on every start.
    if (!(await getJobWatermark(tenant.key, ADMIN_COUNT_MIGRATION))) {
      await backfillAdminCount(tenant.key);
      await setJobWatermark(tenant.key, ADMIN_COUNT_MIGRATION, new Date().toISOString());
    }
    for (const [parentId, studentIds] of Object.entries(mappers)) {
      const mapperId = `mapper-${parentId}`;
      const mapper = await getUserMapper(tenant.key, mapperId);
      // Seeded before the mapper named its parent and parents had a type of their own: complete it.
      if (mapper?.parentId === parentId) continue;
      await putUserMapper(tenant.key, {
        _id: mapperId,
        parentId,
        userIds: [parentId, ...studentIds],
        createdAt: mapper?.createdAt ?? new Date().toISOString(),
      });
      await setUserType(tenant.key, parentId, 'parent');
    }
    await seedScheduling(tenant, { withDemoCourse: tenant.key === 'demo' });
    // Tutors whose availability was saved before they kept their teaching levels (older local data) get
    // them once, not looked for on every start.
    if (!(await getJobWatermark(tenant.key, TEACHING_LEVELS_MIGRATION))) {
      await backfillTeachingLevels(tenant.key);
      await setJobWatermark(tenant.key, TEACHING_LEVELS_MIGRATION, new Date().toISOString());
    }
    // Tutor rates written before the tutor-country index (older local data) are put in it once.
    if (!(await getJobWatermark(tenant.key, TUTOR_RATE_INDEX_MIGRATION))) {
      await backfillTutorRateCountryIndex(tenant.key);
      await setJobWatermark(tenant.key, TUTOR_RATE_INDEX_MIGRATION, new Date().toISOString());
    }
    // Payments and lesson history stored before the finance charts' monthly summaries (older local data)
    // are counted in them once, not looked for on every start.
    if (!(await getJobWatermark(tenant.key, FINANCE_SUMMARIES_MIGRATION))) {
      await backfillRevenueSummaries(tenant.key);
      await backfillTutorPaySummaries(tenant.key);
      await setJobWatermark(tenant.key, FINANCE_SUMMARIES_MIGRATION, new Date().toISOString());
    }
    if (tenant.key === 'demo') {
      await seedCourseTemplates(tenant);
      await seedTags(tenant);
      await seedPriceCatalogue(tenant);
    }
    await seedCatalogue(tenant);
    // Once its catalogue is there: a fresh stack serves each tenant's /sitemap.xml once the bus delivers it.
    await startFirstGeneration(tenant.key);
  }
  return {
    tenants: seedTenants.map(({ tenant }) => ({ key: tenant.key, domain: tenant.domain, name: tenant.name })),
    signIns: seedTenants.flatMap(({ tenant, users }) =>
      users.map((u) => ({
        tenant: tenant.key,
        role: u.id.includes('parent') ? 'Parent' : u.role,
        email: u.email,
        password: u.password,
      })),
    ),
  };
}

const ADMIN_COUNT_MIGRATION = 'admin-count-migration';
const TEACHING_LEVELS_MIGRATION = 'teaching-levels-migration';
const TUTOR_RATE_INDEX_MIGRATION = 'tutor-rate-country-index-migration';
const FINANCE_SUMMARIES_MIGRATION = 'finance-summaries-migration';
