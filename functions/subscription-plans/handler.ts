import { subscriptionPlanRoutes } from '../../shared/routes/price-catalogue';
import type {
  StoredSubscriptionPlan,
  SubscriptionPlan,
  SubscriptionPlanBody,
} from '../../shared/schemas/price-catalogue';
import { pricedView } from '../crud/money-view';
import { viewedCrudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { planListFilters, subscriptionPlansRepository } from '../repositories/price-catalogue';

export const handler = resourceHandler('subscription-plans', subscriptionPlanRoutes, {
  ...viewedCrudOperations(
    {
      resource: 'subscription-plans',
      label: 'subscription plan',
      repository: subscriptionPlansRepository,
      filterFields: ['groupId'],
      filtersOf: planListFilters,
      // Its student rates, counted in each rate's own transaction (functions/repositories/rates.ts).
      deleteGuards: [
        {
          entity: 'student rate',
          count: async (tenant, id) => (await subscriptionPlansRepository.get(tenant, id))?.rates ?? 0,
        },
      ],
    },
    pricedView<StoredSubscriptionPlan, SubscriptionPlan, SubscriptionPlanBody>({
      doc: (record, price) => ({ ...record, price }),
      fields: (body, price) => ({ ...body, price }),
      changes: ({ price: _shown, ...body }, price) => ({ ...body, ...(price && { price }) }),
    }),
  ),
});
