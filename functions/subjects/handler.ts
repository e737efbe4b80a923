import { learningCatalogueRoutes } from '../../shared/routes/learning-catalogue';
import { allSubjects, requireCurriculum, subjectsOf } from '../catalogue/lookups';
import { resourceHandler } from '../lib/pipeline';

export const handler = resourceHandler('subjects', learningCatalogueRoutes, {
  'subjects.list': async ({ tenant, query }) => {
    const { curriculum } = query;
    if (!curriculum) return { docs: await allSubjects(tenant.key) };
    const found = await requireCurriculum(tenant.key, curriculum);
    return { docs: await subjectsOf(tenant.key, found._id) };
  },
});
