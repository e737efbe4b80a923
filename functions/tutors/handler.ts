import { tutorRoutes } from '../../shared/routes/tutors';
import { resourceHandler } from '../lib/pipeline';
import { getPublicTutor, listTutors, setTutorHidden, tutorSorting, updateTutorSorting } from './service';

export const handler = resourceHandler('tutors', tutorRoutes, {
  'tutors.list': async ({ tenant, query }) => listTutors(tenant.key, query),
  'tutors.get': async ({ tenant, params, query }) => getPublicTutor(tenant.key, params.id, query),
  'tutorSorting.get': async ({ tenant }) => tutorSorting(tenant.key),
  'tutorSorting.update': async ({ tenant, body }) => updateTutorSorting(tenant.key, body.tutorIds),
  'tutors.setHidden': async ({ tenant, params, body }) => setTutorHidden(tenant.key, params.id, body.hidden),
});
