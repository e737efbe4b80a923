import { oneToOneTutorRateStudentTypeRoutes } from '../../shared/routes/price-catalogue';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { oneToOneTutorRateStudentTypesRepository } from '../repositories/rates';

export const handler = resourceHandler(
  'one-to-one-tutor-rate-student-types',
  oneToOneTutorRateStudentTypeRoutes,
  {
    ...crudOperations({
      resource: 'one-to-one-tutor-rate-student-types',
      label: 'one-to-one tutor rate student type',
      repository: oneToOneTutorRateStudentTypesRepository,
      filterFields: ['status'],
      // The tutor rates that name the type, counted in each rate's own transaction (repositories/tutor-rates.ts),
      // and what is assigned the type.
      deleteGuards: [
        {
          entity: 'one-to-one tutor rate',
          count: async (tenant, id) =>
            (await oneToOneTutorRateStudentTypesRepository.get(tenant, id))?.rates ?? 0,
        },
        {
          // The students or courses assigned it, counted in each assignment's transaction (rateTypeAssignmentWrites).
          entity: 'student',
          count: async (tenant, id) =>
            (await oneToOneTutorRateStudentTypesRepository.get(tenant, id))?.assigned ?? 0,
        },
      ],
      dropdown: { name: (type) => type.name, filters: { status: 'ACTIVE' } },
    }),
  },
);
