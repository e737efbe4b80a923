import { groupTutorRateCourseTypeRoutes } from '../../shared/routes/price-catalogue';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { groupTutorRateCourseTypesRepository } from '../repositories/rates';

export const handler = resourceHandler('group-tutor-rate-course-types', groupTutorRateCourseTypeRoutes, {
  ...crudOperations({
    resource: 'group-tutor-rate-course-types',
    label: 'group tutor rate course type',
    repository: groupTutorRateCourseTypesRepository,
    filterFields: ['status'],
    // The tutor rates that name the type, counted in each rate's own transaction (repositories/tutor-rates.ts),
    // and what is assigned the type.
    deleteGuards: [
      {
        entity: 'group tutor rate',
        count: async (tenant, id) => (await groupTutorRateCourseTypesRepository.get(tenant, id))?.rates ?? 0,
      },
      {
        // The students or courses assigned it, counted in each assignment's transaction (rateTypeAssignmentWrites).
        entity: 'group course',
        count: async (tenant, id) =>
          (await groupTutorRateCourseTypesRepository.get(tenant, id))?.assigned ?? 0,
      },
    ],
    dropdown: { name: (type) => type.name, filters: { status: 'ACTIVE' } },
  }),
});
