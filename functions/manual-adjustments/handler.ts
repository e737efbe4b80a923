import { manualAdjustmentRoutes } from '../../shared/routes/manual-adjustments';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { adjustmentPermissions, createAdjustment, listAdjustments, presentAdjustment } from './service';

export const handler = resourceHandler('manual-adjustments', manualAdjustmentRoutes, {
  'manualAdjustments.list': async ({ tenant, query }) => listAdjustments(tenant.key, query),
  'manualAdjustments.create': async ({ tenant, caller, body }) => {
    const { tutorId, ...rest } = body;
    const { created, adjustment } = await createAdjustment(tenant, caller, {
      ...rest,
      userId: tutorId,
      category: 'ADJUSTMENTS',
      tutorOnly: true,
    });
    return respond(created ? 201 : 200, presentAdjustment(adjustment));
  },
  'manualAdjustments.createPaymentAdjustment': async ({ tenant, caller, body }) => {
    const { created, adjustment } = await createAdjustment(tenant, caller, { ...body, tutorOnly: false });
    return respond(created ? 201 : 200, presentAdjustment(adjustment));
  },
  'manualAdjustments.permissions': async ({ caller }) => adjustmentPermissions(caller),
});
