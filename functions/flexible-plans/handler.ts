import { NotFoundError } from '../../shared/http/errors';
import { flexiblePlanRoutes } from '../../shared/routes/price-catalogue';
import {
  DEFAULT_GROUP_ID,
  type FlexiblePlan,
  type FlexiblePlanBody,
  type StoredFlexiblePlan,
} from '../../shared/schemas/price-catalogue';
import { pricedView } from '../crud/money-view';
import { viewedCrudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { flexiblePlansRepository, planListFilters } from '../repositories/price-catalogue';
import { getUser } from '../repositories/users';

export const handler = resourceHandler('flexible-plans', flexiblePlanRoutes, {
  ...viewedCrudOperations(
    {
      resource: 'flexible-plans',
      label: 'flexible plan',
      repository: flexiblePlansRepository,
      filterFields: ['groupId'],
      filtersOf: planListFilters,
      // Its student rates, counted in each rate's own transaction (functions/repositories/rates.ts).
      deleteGuards: [
        {
          entity: 'student rate',
          count: async (tenant, id) => (await flexiblePlansRepository.get(tenant, id))?.rates ?? 0,
        },
      ],
      // Users have no group of their own yet: every student is in the Default Group, so the plans offered
      // to a user are the active plans of that group.
      forUser: async (tenant, userId) => {
        if (!(await getUser(tenant.key, userId))) throw new NotFoundError('User not found');
        const page = await flexiblePlansRepository.list(
          tenant.key,
          { limit: 100, offset: 0 },
          { groupId: DEFAULT_GROUP_ID, status: 'ACTIVE' },
        );
        return page.docs;
      },
    },
    pricedView<StoredFlexiblePlan, FlexiblePlan, FlexiblePlanBody>({
      doc: (record, price) => ({ ...record, price }),
      fields: (body, price) => ({ ...body, price }),
      changes: ({ price: _shown, ...body }, price) => ({ ...body, ...(price && { price }) }),
    }),
  ),
});
