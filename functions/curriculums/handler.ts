import { NotFoundError } from '../../shared/http/errors';
import { learningCatalogueRoutes } from '../../shared/routes/learning-catalogue';
import { schedulingRoutes } from '../../shared/routes/scheduling';
import {
  curricula,
  findCurriculum,
  findSubjectByCode,
  homePage,
  resolvePath,
  searchOptions,
} from '../catalogue/lookups';
import { resourceHandler } from '../lib/pipeline';

export const handler = resourceHandler('curriculums', [...learningCatalogueRoutes, ...schedulingRoutes], {
  'curriculums.listWithGrades': async ({ tenant }) => ({ docs: await curricula(tenant.key) }),
  'curriculums.list': async ({ tenant }) => ({ docs: await curricula(tenant.key) }),
  'curriculums.forHomePage': async ({ tenant }) => ({ docs: await homePage(tenant.key) }),
  'curriculums.searchOptions': async ({ tenant }) => ({ docs: await searchOptions(tenant.key) }),
  'curriculums.subjectMap': async ({ tenant, body }) => {
    const { subjectCode, subjectLevel } = body;
    return findSubjectByCode(tenant.key, subjectCode, subjectLevel);
  },
  'curriculums.grades': async ({ tenant, query }) => {
    const { curriculum } = query;
    if (!curriculum) {
      const all = (await curricula(tenant.key)).flatMap((c) => c.grades);
      return { docs: [...new Set(all)] };
    }
    const found = await findCurriculum(tenant.key, curriculum);
    if (!found) throw new NotFoundError('Curriculum not found');
    return { docs: found.grades };
  },
  'curriculums.resolvePath': async ({ tenant, query }) => resolvePath(tenant.key, query.path),
});
