import { NotFoundError } from '../../shared/http/errors';
import { applicableVersion, studentRateSubject } from '../../shared/rules/rate-versions';
import type {
  RateVersion,
  StoredStudentRate,
  StudentRate,
  StudentRateBody,
} from '../../shared/schemas/rates';
import { getUser } from '../repositories/users';
import { pricedView } from './money-view';
import { viewedCrudOperations } from './operations';
import type { collectionRepository } from './repository';

/** A rate's scope field matches a wanted value when either is "any" (empty) or they are equal. */
const fits = (scope: string, wanted: unknown) =>
  scope === '' || typeof wanted !== 'string' || wanted === '' || scope.toLowerCase() === wanted.toLowerCase();

type StudentRates = ReturnType<typeof collectionRepository<StoredStudentRate, 'packageId' | 'versionId'>>;
type RateVersions = ReturnType<typeof collectionRepository<RateVersion, never, 'effectiveFrom'>>;

/**
 * The rates that price one student now: those of the rate version that applies to them at this instant
 * (shared/rules/rate-versions.ts; the student's assignment dates are not known here yet, so a version with
 * a rule on them does not apply), in the student's country (or any) and the curriculum and grade asked (or
 * any). Also read by the profile's plans tab (functions/profile/money.ts).
 */
export async function studentRatesFor(
  tenant: string,
  userId: string,
  query: { curriculum?: unknown; grade?: unknown },
  repository: StudentRates,
  versions: RateVersions,
): Promise<StoredStudentRate[]> {
  const user = await getUser(tenant, userId);
  if (!user) throw new NotFoundError('User not found');
  // Versions are few (a school writes a handful a year): one bounded read.
  const all = await versions.list(tenant, { limit: 500, offset: 0 });
  const version = applicableVersion(all.docs, studentRateSubject(user), new Date().toISOString());
  if (!version) return [];
  const rates = await repository.list(
    tenant,
    { limit: 100, offset: 0 },
    { versionId: version._id },
    {
      matches: (rate) =>
        fits(rate.country, user.country) &&
        fits(rate.curriculum, query.curriculum) &&
        fits(rate.grade, query.grade),
    },
  );
  return rates.docs;
}

/**
 * The operations of a student rate resource (flexible or subscription). `user/{userId}` answers the rates
 * that price that student now (studentRatesFor).
 */
export function studentRateOperations<const Resource extends string>(
  resource: Resource,
  label: string,
  repository: StudentRates,
  versions: RateVersions,
) {
  return viewedCrudOperations(
    {
      resource,
      label,
      repository,
      filterFields: ['packageId', 'country', 'curriculum', 'grade'],
      forUser: (tenant, userId, query) => studentRatesFor(tenant.key, userId, query, repository, versions),
    },
    pricedView<StoredStudentRate, StudentRate, StudentRateBody>({
      doc: (record, price) => ({ ...record, price }),
      fields: (body, price) => ({ ...body, price }),
      changes: ({ price: _shown, ...body }, price) => ({ ...body, ...(price && { price }) }),
    }),
  );
}
