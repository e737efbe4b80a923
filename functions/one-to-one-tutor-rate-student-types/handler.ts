import { oneToOneTutorRateStudentTypeRoutes } from '../../shared/routes/price-catalogue';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { oneToOneTutorRateStudentTypesRepository } from '../repositories/rates';

// Tutor rates (a later part of issue 18) will refer to these by id: their count becomes a delete guard then.
export const handler = resourceHandler(
  'one-to-one-tutor-rate-student-types',
  oneToOneTutorRateStudentTypeRoutes,
  {
    ...crudOperations({
      resource: 'one-to-one-tutor-rate-student-types',
      label: 'one-to-one tutor rate student type',
      repository: oneToOneTutorRateStudentTypesRepository,
      filterFields: ['status'],
      dropdown: { name: (type) => type.name, filters: { status: 'ACTIVE' } },
    }),
  },
);
