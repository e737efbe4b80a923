import type { z } from 'zod';
import { BadRequestError } from '../../shared/http/errors';
import { versionTermsProblem } from '../../shared/rules/rate-versions';
import type { RateVersion, rateVersionInputSchema } from '../../shared/schemas/rates';
import { viewedCrudOperations } from './operations';
import type { collectionRepository } from './repository';

type RateVersionBody = z.output<typeof rateVersionInputSchema>;

/**
 * The operations of a student rate-version resource (flexible or subscription): the generic CRUD, with the
 * terms held together (a period that ends after it starts, an inclusion that fits its mode) on create and on
 * every update as the record would become. The picker offers the versions that have not ended.
 */
export function rateVersionOperations<const Resource extends string>(
  resource: Resource,
  label: string,
  repository: ReturnType<typeof collectionRepository<RateVersion, never, 'effectiveFrom'>>,
) {
  const check = <Terms extends Parameters<typeof versionTermsProblem>[0]>(terms: Terms): Terms => {
    const problem = versionTermsProblem(terms);
    if (problem) throw new BadRequestError(problem);
    return terms;
  };
  return viewedCrudOperations<Resource, RateVersion, RateVersion, RateVersionBody>(
    {
      resource,
      label,
      repository,
      refuseUpdate: (_tenant, version, changes) => versionTermsProblem({ ...version, ...changes }),
      // Its student rates, counted in each rate's own transaction (functions/repositories/rates.ts).
      deleteGuards: [
        {
          entity: 'student rate',
          count: async (tenant, id) => (await repository.get(tenant, id))?.rates ?? 0,
        },
      ],
      dropdown: {
        name: (version) => version.name,
        offered: (version) => !version.effectiveTo || version.effectiveTo > new Date().toISOString(),
      },
    },
    { present: (version) => version, accept: (body) => check(body), acceptChanges: (body) => body },
  );
}
