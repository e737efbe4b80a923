import { NotFoundError } from '../../shared/http/errors';
import { applicableVersion } from '../../shared/rules/rate-versions';
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

/**
 * The operations of a student rate resource (flexible or subscription). `user/{userId}` answers the rates
 * that price that student now: those of the rate version that applies to them at this instant
 * (shared/rules/rate-versions.ts; the student's assignment dates are not known here yet, so a version with
 * a rule on them does not apply), in the student's country (or any) and the curriculum and grade asked (or
 * any).
 */
export function studentRateOperations<const Resource extends string>(
  resource: Resource,
  label: string,
  repository: ReturnType<typeof collectionRepository<StoredStudentRate, 'packageId' | 'versionId'>>,
  versions: ReturnType<typeof collectionRepository<RateVersion, never, 'effectiveFrom'>>,
) {
  return viewedCrudOperations(
    {
      resource,
      label,
      repository,
      filterFields: ['packageId', 'country', 'curriculum', 'grade'],
      forUser: async (tenant, userId, query) => {
        const user = await getUser(tenant.key, userId);
        if (!user) throw new NotFoundError('User not found');
        // Versions are few (a school writes a handful a year): one bounded read.
        const all = await versions.list(tenant.key, { limit: 500, offset: 0 });
        const version = applicableVersion(all.docs, { userId, dates: {} }, new Date().toISOString());
        if (!version) return [];
        const rates = await repository.list(
          tenant.key,
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
      },
    },
    pricedView<StoredStudentRate, StudentRate, StudentRateBody>({
      doc: (record, price) => ({ ...record, price }),
      fields: (body, price) => ({ ...body, price }),
      changes: ({ price: _shown, ...body }, price) => ({ ...body, ...(price && { price }) }),
    }),
  );
}
