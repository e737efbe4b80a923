import * as z from 'zod';
import { BadRequestError, ConflictError } from '../../shared/http/errors';
import { storedMoneySchema } from '../../shared/money/schemas';
import type { TutorRateTerms } from '../../shared/rules/tutor-rates';
import {
  groupTutorRate,
  oneToOneTutorRate,
  type StoredGroupTutorRate,
  type StoredOneToOneTutorRate,
} from '../../shared/schemas/rates';
import { collectionRepository } from '../crud/repository';
import { db, tableName, UpdateCommand } from '../lib/db';
import { collections, keys } from '../table/access-patterns';
import { defineEntity } from '../table/entity';
import { isConditionalCheckFailure } from '../table/items';
import type { TransactItem } from '../table/transactions';

/**
 * The writes that move a rate type's count of the tutor rates naming it: the type must exist and counts
 * the rate; the type a rate leaves counts one less. A rate naming no type ("any") counts on none.
 */
function typeCountWrites<T extends Record<Field, string>, Field extends string>(
  field: Field,
  typeCollection: string,
) {
  return (tenant: string, before: T | undefined, after: T | undefined): TransactItem[] => {
    if (before?.[field] === after?.[field]) return [];
    const now = new Date().toISOString();
    const move = (id: string, delta: 1 | -1): TransactItem => ({
      Update: {
        TableName: tableName(),
        Key: keys.collectionItem(tenant, typeCollection, id),
        UpdateExpression: 'ADD rates :delta SET updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':delta': delta, ':now': now },
      },
    });
    return [
      ...(after?.[field] ? [move(after[field], 1)] : []),
      ...(before?.[field] ? [move(before[field], -1)] : []),
    ];
  };
}

/**
 * The tutor-country index of the general rates (gsi2): a rate sits in the partition of its tutor country,
 * and a rate for any tutor country in the partition of the stand-in ANY_TUTOR_COUNTRY, so the rates that can
 * pay a tutor of country X are two queries (X and any), however many rates the school keeps for other
 * countries. The key is the country as the choice compares it (rateFits: trimmed, any case), URI-encoded with
 * `*` escaped too, so no country's key is the stand-in.
 */
export const ANY_TUTOR_COUNTRY = '*';

export function tutorCountryKey(country: string): string {
  const compared = country.trim().toLowerCase();
  return compared === '' ? ANY_TUTOR_COUNTRY : encodeURIComponent(compared).replaceAll('*', '%2A');
}

type IndexedRate = { _id: string; tutorCountry: string; effectiveFrom: string };

const tutorCountryIndexKeys = (collection: string) => (tenant: string, rate: IndexedRate) => ({
  gsi2pk: keys.tutorRatesOfTutorCountry(tenant, collection, tutorCountryKey(rate.tutorCountry)),
  gsi2sk: `${rate.effectiveFrom}#${rate._id}`,
});

const sortFields = [
  'tutorCountry',
  'studentCountry',
  'curriculum',
  'grade',
  'effectiveFrom',
  'createdAt',
  'updatedAt',
];

export const oneToOneTutorRatesRepository = collectionRepository<
  StoredOneToOneTutorRate,
  'tutorCountry' | 'studentCountry' | 'studentType',
  'effectiveFrom'
>({
  collection: collections.oneToOneTutorRates,
  schema: oneToOneTutorRate.stored,
  label: 'one-to-one tutor rate',
  searchFields: ['tutorCountry', 'studentCountry', 'curriculum', 'grade'],
  sortFields,
  indexKeys: tutorCountryIndexKeys(collections.oneToOneTutorRates),
  related: {
    writes: typeCountWrites<StoredOneToOneTutorRate, 'studentType'>(
      'studentType',
      collections.oneToOneTutorRateStudentTypes,
    ),
    refused: () => new BadRequestError('Choose an existing student type'),
  },
  lists: {
    filters: {
      tutorCountry: (rate) => rate.tutorCountry,
      studentCountry: (rate) => rate.studentCountry,
      studentType: (rate) => rate.studentType,
    },
    orders: { effectiveFrom: (rate) => rate.effectiveFrom },
    indexes: [
      { name: 'tutorCountry', filters: ['tutorCountry'], order: 'createdAt', count: 'days' },
      { name: 'studentType', filters: ['studentType'], order: 'createdAt', count: 'days' },
    ],
  },
});

export const groupTutorRatesRepository = collectionRepository<
  StoredGroupTutorRate,
  'tutorCountry' | 'studentCountry' | 'courseType',
  'effectiveFrom'
>({
  collection: collections.groupTutorRates,
  schema: groupTutorRate.stored,
  label: 'group tutor rate',
  searchFields: ['tutorCountry', 'studentCountry', 'curriculum', 'grade'],
  sortFields,
  indexKeys: tutorCountryIndexKeys(collections.groupTutorRates),
  related: {
    writes: typeCountWrites<StoredGroupTutorRate, 'courseType'>(
      'courseType',
      collections.groupTutorRateCourseTypes,
    ),
    refused: () => new BadRequestError('Choose an existing course type'),
  },
  lists: {
    filters: {
      tutorCountry: (rate) => rate.tutorCountry,
      studentCountry: (rate) => rate.studentCountry,
      courseType: (rate) => rate.courseType,
    },
    orders: { effectiveFrom: (rate) => rate.effectiveFrom },
    indexes: [
      { name: 'tutorCountry', filters: ['tutorCountry'], order: 'createdAt', count: 'days' },
      { name: 'courseType', filters: ['courseType'], order: 'createdAt', count: 'days' },
    ],
  },
});

/** Rates are few (a school keeps tens, a few hundred over years): a tutor country's are read in one bound. */
export const MAX_TUTOR_RATES_READ = 1000;

/**
 * The general rates that can pay tutors of `countries`: those of each country and those of any tutor
 * country (the tutor-country index), never another country's. A tutor without a country gets the "any" ones.
 */
function ratesOfTutorCountries<R>(
  repository: { query: (query: { index: 'gsi2'; partition: string; limit: number }) => Promise<R[]> },
  collection: string,
) {
  return async (tenant: string, countries: readonly string[]): Promise<R[]> => {
    const countryKeys = new Set([ANY_TUTOR_COUNTRY, ...countries.map(tutorCountryKey)]);
    const found = await Promise.all(
      [...countryKeys].map((countryKey) =>
        repository.query({
          index: 'gsi2',
          partition: keys.tutorRatesOfTutorCountry(tenant, collection, countryKey),
          limit: MAX_TUTOR_RATES_READ,
        }),
      ),
    );
    return found.flat();
  };
}

export const oneToOneTutorRatesOfTutorCountries = ratesOfTutorCountries<StoredOneToOneTutorRate>(
  oneToOneTutorRatesRepository,
  collections.oneToOneTutorRates,
);
export const groupTutorRatesOfTutorCountries = ratesOfTutorCountries<StoredGroupTutorRate>(
  groupTutorRatesRepository,
  collections.groupTutorRates,
);

/**
 * Puts the tutor rates stored before the tutor-country index into it: each rate's index keys set on the
 * condition that it has none and is unchanged since read (a write in between put them itself: every write
 * of a rate does). Idempotent and safe while the platform serves; answers how many it indexed. Run by the
 * backfill of list indexes (functions/crud/backfill-lists.ts) and once per tenant by the local seed.
 */
export async function backfillTutorRateCountryIndex(tenant: string): Promise<number> {
  let indexed = 0;
  for (const [repository, collection] of [
    [oneToOneTutorRatesRepository, collections.oneToOneTutorRates],
    [groupTutorRatesRepository, collections.groupTutorRates],
  ] as const) {
    for (const rate of await repository.all(tenant)) {
      const index = tutorCountryIndexKeys(collection)(tenant, rate);
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.collectionItem(tenant, collection, rate._id),
            UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
            ConditionExpression: 'attribute_not_exists(gsi2pk) AND updatedAt = :read',
            ExpressionAttributeValues: { ':pk': index.gsi2pk, ':sk': index.gsi2sk, ':read': rate.updatedAt },
          }),
        );
        indexed++;
      } catch (error) {
        if (!isConditionalCheckFailure(error)) throw error;
      }
    }
  }
  return indexed;
}

// ---- a tutor's own rates ------------------------------------------------------------------------------

export type OwnRatesClass = 'ONETOONE' | 'GROUP';

const ownRateSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  studentCountry: z.string(),
  curriculum: z.string(),
  grade: z.string(),
  /** The student type (one-to-one) or course type (group) id; '' any. */
  kind: z.string(),
  rate: storedMoneySchema,
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable().optional(),
});
export type OwnRate = z.infer<typeof ownRateSchema>;

const ownRatesSchema = z.object({
  userId: z.string(),
  classType: z.enum(['ONETOONE', 'GROUP']),
  rates: z.array(ownRateSchema),
  updatedAt: z.string(),
});
export type OwnRates = z.infer<typeof ownRatesSchema>;

/** One item per tutor and class type: the whole list, saved at once (the last whole save stands). */
const ownRatesEntity = defineEntity({
  name: 'ownTutorRates',
  schema: ownRatesSchema,
  keyAttributes: ['userId', 'classType'],
  key: (tenant, record) => keys.ownTutorRates(tenant, record.userId, record.classType),
});

export async function getOwnRates(tenant: string, userId: string, classType: OwnRatesClass) {
  return ownRatesEntity.get(tenant, { userId, classType });
}

/** The own rates of many tutors (a lesson-history run's tutors), by tutor id. */
export async function ownRatesOf(
  tenant: string,
  userIds: readonly string[],
  classType: OwnRatesClass,
): Promise<Map<string, OwnRate[]>> {
  const found = await ownRatesEntity.getMany(
    tenant,
    [...new Set(userIds)].map((userId) => ({ userId, classType })),
  );
  return new Map(found.map((record) => [record.userId, record.rates]));
}

/** Replaces a tutor's own rates; `expected` is the `updatedAt` read before (null: none yet), else a 409. */
export async function saveOwnRates(tenant: string, record: OwnRates, expected: string | null): Promise<void> {
  await ownRatesEntity.put(
    tenant,
    record,
    expected === null ? 'absent' : { unchangedSince: expected },
    () => new ConflictError("The tutor's rates changed meanwhile: read them again"),
  );
}

// ---- the rates as the choice takes them (shared/rules/tutor-rates.ts) ----------------------------------

export const asTermsOneToOne = (rate: StoredOneToOneTutorRate): TutorRateTerms & StoredOneToOneTutorRate => ({
  ...rate,
  kind: rate.studentType,
});
export const asTermsGroup = (rate: StoredGroupTutorRate): TutorRateTerms & StoredGroupTutorRate => ({
  ...rate,
  kind: rate.courseType,
});
/** A tutor's own rate as the rule takes it: the tutor's already, any tutor country. */
export const ownTerms = (rate: OwnRate): TutorRateTerms & OwnRate => ({ ...rate, tutorCountry: '' });

/** What a lesson-history run needs to pay its lessons: the rates that can pay its tutors, and their own. */
export interface RatesForRun {
  general: Record<OwnRatesClass, TutorRateTerms[]>;
  own: Record<OwnRatesClass, Map<string, OwnRate[]>>;
}

/** The run's tutors, by id and country: the general rates read are those of their countries and of any. */
export async function ratesForRun(
  tenant: string,
  tutors: ReadonlyArray<{ _id: string; country?: string | undefined }>,
): Promise<RatesForRun> {
  const tutorIds = tutors.map((tutor) => tutor._id);
  const countries = tutors.map((tutor) => tutor.country ?? '');
  const [oneToOne, group, ownOneToOne, ownGroup] = await Promise.all([
    oneToOneTutorRatesOfTutorCountries(tenant, countries),
    groupTutorRatesOfTutorCountries(tenant, countries),
    ownRatesOf(tenant, tutorIds, 'ONETOONE'),
    ownRatesOf(tenant, tutorIds, 'GROUP'),
  ]);
  return {
    general: { ONETOONE: oneToOne.map(asTermsOneToOne), GROUP: group.map(asTermsGroup) },
    own: { ONETOONE: ownOneToOne, GROUP: ownGroup },
  };
}
