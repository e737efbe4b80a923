import { money } from '../../shared/money/money';
import type { MoneySettings } from '../../shared/money/settings';
import { DEFAULT_GROUP_ID } from '../../shared/schemas/price-catalogue';
import type { Tenant } from '../../shared/schemas/tenant';
import {
  flexiblePlansRepository,
  groupsRepository,
  subscriptionPlansRepository,
} from '../repositories/price-catalogue';
import {
  oneToOneTutorRateStudentTypesRepository,
  studentFlexibleRateVersionsRepository,
} from '../repositories/rates';
import { getTenant, putTenantSettingsPart } from '../repositories/tenants';

/** The demo school prices in US dollars and also takes Singapore dollars. */
export const demoMoneySettings: MoneySettings = { defaultCurrency: 'USD', currencies: ['USD', 'SGD'] };

/**
 * A few plans, a second group, a student type and a rate version with a rule, so the demo's price screens
 * are not empty. Idempotent: each record is written with its fixed id only when that id is not there yet.
 */
export async function seedPriceCatalogue(tenant: Tenant): Promise<void> {
  if (!(await getTenant(tenant.key))?.settings?.money) {
    await putTenantSettingsPart(tenant.key, 'money', demoMoneySettings);
  }
  const now = new Date().toISOString();
  const stamp = { createdAt: now, updatedAt: now };
  await groupsRepository.ensure(tenant.key, {
    _id: 'group-scholarship',
    name: 'Scholarship students',
    description: 'Families on the school’s scholarship scheme: plans at a reduced price.',
    status: 'ACTIVE',
    ...stamp,
  });
  const flexible = [
    {
      _id: 'plan-flex-10h',
      name: '10 lesson hours',
      duration: 600,
      durationUnit: 'MINUTES',
      price: money(450, 'USD'),
    },
    {
      _id: 'plan-flex-20h',
      name: '20 lesson hours',
      duration: 1200,
      durationUnit: 'MINUTES',
      price: money(860, 'USD'),
    },
    {
      _id: 'plan-flex-scholar',
      name: 'Scholarship 10 hours',
      duration: 600,
      durationUnit: 'MINUTES',
      price: money(225, 'USD'),
      groupId: 'group-scholarship',
    },
    {
      _id: 'plan-flex-sgd',
      name: '10 lesson hours (SGD)',
      duration: 600,
      durationUnit: 'MINUTES',
      price: money(599.5, 'SGD'),
    },
  ] as const;
  for (const plan of flexible) {
    await flexiblePlansRepository.ensure(tenant.key, {
      description: '',
      status: 'ACTIVE',
      groupId: DEFAULT_GROUP_ID,
      ...plan,
      ...stamp,
    });
  }
  const subscriptions = [
    {
      _id: 'plan-sub-monthly',
      name: 'Weekly lesson, monthly',
      duration: 1,
      durationUnit: 'MONTHS',
      price: money(180, 'USD'),
    },
    {
      _id: 'plan-sub-yearly',
      name: 'Weekly lesson, yearly',
      duration: 1,
      durationUnit: 'YEARS',
      price: money(1940, 'USD'),
    },
  ] as const;
  for (const plan of subscriptions) {
    await subscriptionPlansRepository.ensure(tenant.key, {
      description: '',
      status: 'ACTIVE',
      groupId: DEFAULT_GROUP_ID,
      ...plan,
      ...stamp,
    });
  }
  await oneToOneTutorRateStudentTypesRepository.ensure(tenant.key, {
    _id: 'student-type-exam',
    name: 'Exam year',
    description: 'Students in their exam year: tutors prepare past papers.',
    status: 'ACTIVE',
    ...stamp,
  });
  await studentFlexibleRateVersionsRepository.ensure(tenant.key, {
    _id: 'rate-version-2026',
    name: '2026 rates for new students',
    description: 'Students assigned to their tutor from 1 January 2026 on.',
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    effectiveTo: null,
    rule: {
      basis: 'STUDENT_ASSIGNED_DATE',
      operator: 'GREATER_THAN_OR_EQUAL',
      date: '2026-01-01',
      timeZone: 'Asia/Singapore',
    },
    inclusion: { mode: 'ALL', userIds: [] },
    ...stamp,
  });
}
