import {
  type RateType,
  type RateVersion,
  rateTypeSchema,
  rateVersionSchema,
} from '../../shared/schemas/rates';
import { collectionRepository } from '../crud/repository';
import { collections } from '../table/access-patterns';

/** The four rate-type collections of spec 002 section 7 (shared/schemas/rates.ts). */
const rateTypes = (collection: string, label: string) =>
  collectionRepository<RateType, 'status'>({
    collection,
    schema: rateTypeSchema,
    label,
    searchFields: ['name', 'description'],
    sortFields: ['name', 'status', 'createdAt', 'updatedAt'],
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
