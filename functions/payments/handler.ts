import { moneyDoc } from '../../shared/money/schemas';
import { paymentRoutes } from '../../shared/routes/payments';
import { payerFor } from '../access/family';
import { resourceHandler } from '../lib/pipeline';
import { getLpAccess } from '../repositories/usage';
import {
  courseSession,
  customerPortal,
  planOffers,
  planPrice,
  planSession,
  subscribeCourse,
  topUpCourse,
} from './checkout';

/** The payment provider's calls (spec 000 section 7): thin, the rules in ./checkout.ts. */
export const handler = resourceHandler('payments', paymentRoutes, {
  'payments.createSession': async ({ tenant, caller, body }) => ({
    stripeSession: await planSession(tenant, caller, body.planType, body.planId, body.userId),
  }),
  'payments.plans': async ({ tenant, caller, query }) =>
    planOffers(tenant.key, await payerFor(tenant.key, caller, query.userId)),
  'payments.productPrice': async ({ tenant, caller, params, query }) => {
    const payer = await payerFor(tenant.key, caller, query.userId);
    const { plan, price } = await planPrice(tenant.key, query.planType, params.id, payer);
    return {
      planId: plan._id,
      planType: query.planType,
      name: plan.name,
      duration: plan.duration,
      durationUnit: plan.durationUnit,
      price: moneyDoc(price),
    };
  },
  'payments.premiumStatus': async ({ tenant, caller, params }) => {
    const payer = await payerFor(tenant.key, caller, params.id);
    return { userId: payer._id, premium: await getLpAccess(tenant.key, payer._id) };
  },
  'payments.customerPortal': ({ tenant, caller, params }) => customerPortal(tenant, caller, params.id),
  'payments.subscribeCourse': ({ tenant, caller, body }) =>
    subscribeCourse(tenant, caller, body.courseId, body.userId),
  'payments.courseSubscriptionSession': ({ tenant, caller, params }) =>
    courseSession(tenant, caller, params.id),
  'payments.flexibleSession': async ({ tenant, caller, body }) => ({
    stripeSession: await planSession(tenant, caller, 'FLEXIBLE', body.planId, body.userId),
  }),
  'payments.subscriptionSession': async ({ tenant, caller, body }) => ({
    stripeSession: await planSession(tenant, caller, 'SUBSCRIPTION', body.planId, body.userId),
  }),
  'payments.customerPortalData': ({ tenant, caller, query }) => customerPortal(tenant, caller, query.userId),
  'payments.topUpCourse': ({ tenant, caller, body }) => topUpCourse(tenant, caller, body),
});
