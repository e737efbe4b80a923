import { BadRequestError } from '../../shared/http/errors';
import {
  type RateType,
  type RateVersion,
  rateTypeSchema,
  rateVersionSchema,
  type StoredStudentRate,
  studentRate,
} from '../../shared/schemas/rates';
import { collectionRepository } from '../crud/repository';
import { tableName } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import type { TransactItem } from '../table/transactions';

/** The four rate-type collections of spec 002 section 7 (shared/schemas/rates.ts). */
const rateTypes = (collection: string, label: string) =>
  collectionRepository<RateType, 'status'>({
    collection,
    schema: rateTypeSchema,
    label,
    searchFields: ['name', 'description'],
    sortFields: ['name', 'status', 'createdAt', 'updatedAt'],
    // No tutor rate names a type being deleted, and no student or course is assigned it: each is counted in
    // its own writes (tutor-rates.ts, rate-type-assignments.ts).
    deletableWhen: {
      expression:
        '(attribute_not_exists(rates) OR rates = :none) AND (attribute_not_exists(assigned) OR assigned = :none)',
      values: { ':none': 0 },
    },
    lists: {
      filters: { status: (type) => type.status },
      indexes: [{ name: 'status', filters: ['status'], order: 'createdAt', count: 'days' }],
    },
  });

export const oneToOneTutorRateStudentTypesRepository = rateTypes(
  collections.oneToOneTutorRateStudentTypes,
  'one-to-one tutor rate student type',
);
export const groupTutorRateCourseTypesRepository = rateTypes(
  collections.groupTutorRateCourseTypes,
  'group tutor rate course type',
);

/** Rate versions, listed newest first or by when they take effect. */
const rateVersions = (collection: string, label: string) =>
  collectionRepository<RateVersion, never, 'effectiveFrom'>({
    collection,
    schema: rateVersionSchema,
    label,
    searchFields: ['name', 'description'],
    sortFields: ['name', 'effectiveFrom', 'effectiveTo', 'createdAt', 'updatedAt'],
    // Nothing prices students under a version being deleted: its rates are counted in their own writes.
    deletableWhen: { expression: 'attribute_not_exists(rates) OR rates = :none', values: { ':none': 0 } },
    lists: {
      filters: {},
      orders: { effectiveFrom: (version) => version.effectiveFrom },
      indexes: [{ name: 'effective', filters: [], order: 'effectiveFrom', count: 'days' }],
    },
  });

export const studentFlexibleRateVersionsRepository = rateVersions(
  collections.studentFlexibleRateVersions,
  'student flexible rate version',
);
export const studentSubscriptionRateVersionsRepository = rateVersions(
  collections.studentSubscriptionRateVersions,
  'student subscription rate version',
);

/**
 * The writes that move a rate's counts: the plan and the version it belongs to must exist and count it;
 * those it leaves count one less. Each stamps the holder's `updatedAt`, as a group's plan count does
 * (functions/repositories/price-catalogue.ts), so a plan or version saved from an older read is refused.
 */
function rateHolderWrites(planCollection: string, versionCollection: string) {
  return (tenant: string, before: StoredStudentRate | undefined, after: StoredStudentRate | undefined) => {
    const now = new Date().toISOString();
    const move = (collection: string, id: string, delta: 1 | -1): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: keys.collectionItem(tenant, collection, id),
        UpdateExpression: 'ADD rates :delta SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':delta': delta, ':now': now },
      },
    });
    const writes: TransactItem[] = [];
    for (const [field, collection] of [
      ['packageId', planCollection],
      ['versionId', versionCollection],
    ] as const) {
      if (before?.[field] === after?.[field]) continue;
      if (after) writes.push(move(collection, after[field], 1));
      if (before) writes.push(move(collection, before[field], -1));
    }
    return writes;
  };
}

const studentRates = (collection: string, label: string, planCollection: string, versionCollection: string) =>
  collectionRepository<StoredStudentRate, 'packageId' | 'versionId'>({
    collection,
    schema: studentRate.stored,
    label,
    searchFields: ['country', 'curriculum', 'grade'],
    sortFields: ['country', 'curriculum', 'grade', 'createdAt', 'updatedAt'],
    related: {
      writes: rateHolderWrites(planCollection, versionCollection),
      refused: () => new BadRequestError('Choose an existing plan and rate version'),
    },
    lists: {
      filters: { packageId: (rate) => rate.packageId, versionId: (rate) => rate.versionId },
      indexes: [
        { name: 'package', filters: ['packageId'], order: 'createdAt', count: 'days' },
        { name: 'version', filters: ['versionId'], order: 'createdAt', count: 'days' },
      ],
    },
  });

export const studentFlexibleRatesRepository = studentRates(
  collections.studentFlexibleRates,
  'student flexible rate',
  collections.flexiblePlans,
  collections.studentFlexibleRateVersions,
);
export const studentSubscriptionRatesRepository = studentRates(
  collections.studentSubscriptionRates,
  'student subscription rate',
  collections.subscriptionPlans,
  collections.studentSubscriptionRateVersions,
);
