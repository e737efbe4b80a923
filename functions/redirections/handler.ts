import { redirectionRoutes } from '../../shared/routes/site';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { redirectionsRepository } from '../repositories/redirections';
import { createRedirection, deleteRedirection, updateRedirection } from './service';

const crud = crudOperations({
  resource: 'redirections',
  label: 'redirection',
  repository: redirectionsRepository,
});

export const handler = resourceHandler('redirections', redirectionRoutes, {
  'redirections.list': crud['redirections.list'],
  'redirections.get': crud['redirections.get'],
  'redirections.create': async ({ tenant, body }) => respond(201, await createRedirection(tenant, body)),
  'redirections.update': async ({ tenant, params, body }) => updateRedirection(tenant, params.id, body),
  'redirections.delete': async ({ tenant, params }) => {
    await deleteRedirection(tenant, params.id);
    return { _id: params.id };
  },
});
