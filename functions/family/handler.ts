import { familyRoutes } from '../../shared/routes/family';
import { childrenOf, requireChildOf } from '../access/family';
import { resourceHandler } from '../lib/pipeline';
import { familyOverview } from './overview';

export const handler = resourceHandler('family', familyRoutes, {
  'family.overview': async ({ tenant, caller, query }) => {
    const children = query.childId
      ? [await requireChildOf(tenant.key, caller, query.childId)]
      : await childrenOf(tenant.key, caller);
    return { children: await familyOverview(tenant.key, children) };
  },
});
