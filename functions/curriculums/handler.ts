import { resourceHandler } from '../lib/pipeline';
import { curriculumsRepository } from '../repositories/curriculums';

export const handler = resourceHandler('curriculums', {
  'curriculums.listWithGrades': async ({ tenant }) => {
    const page = await curriculumsRepository.list(tenant.key, {
      limit: 1_000,
      offset: 0,
      sortKey: 'sortingOrder',
      sortValue: 'asc',
    });
    return { docs: page.docs };
  },
});
