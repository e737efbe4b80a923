import { groupTutorRateCourseTypeRoutes } from '../../shared/routes/price-catalogue';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { groupTutorRateCourseTypesRepository } from '../repositories/rates';

// Tutor rates (a later part of issue 18) will refer to these by id: their count becomes a delete guard then.
export const handler = resourceHandler('group-tutor-rate-course-types', groupTutorRateCourseTypeRoutes, {
  ...crudOperations({
    resource: 'group-tutor-rate-course-types',
    label: 'group tutor rate course type',
    repository: groupTutorRateCourseTypesRepository,
    filterFields: ['status'],
    dropdown: { name: (type) => type.name, filters: { status: 'ACTIVE' } },
  }),
});
