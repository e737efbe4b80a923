import { penaltyWaiverRoutes } from '../../shared/routes/penalty-waivers';
import { callerHolds } from '../lib/access';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { tutorAmountsWanted } from '../lib/tutor-amounts';
import {
  appealWaiver,
  createWaiver,
  getWaiver,
  listWaivers,
  presentWaiver,
  respondToAppeal,
  updateWaiverPaymentStatus,
} from './service';

/** A waiver's amounts: asked for (includeTutorAmountData=1) by a role that may see tutor amounts. */
export const handler = resourceHandler('penalty-waivers', penaltyWaiverRoutes, {
  'penaltyWaivers.list': async ({ tenant, caller, query }) =>
    listWaivers(tenant.key, caller, query, tutorAmountsWanted(caller, query.includeTutorAmountData)),
  'penaltyWaivers.get': async ({ tenant, caller, params, query }) =>
    getWaiver(tenant.key, caller, params.id, tutorAmountsWanted(caller, query.includeTutorAmountData)),
  'penaltyWaivers.appeal': async ({ tenant, caller, params, body }) =>
    presentWaiver(
      await appealWaiver(tenant.key, caller, params.penaltyWaiverId, body.appealTutorNote),
      // The tutor's own amount, if their role sees tutor amounts at all.
      callerHolds(caller, ['lessonHistory'], ['tutorAmount', 'tutorPenalty']),
    ),
  'penaltyWaivers.create': async ({ tenant, caller, body }) => {
    const { created, waiver } = await createWaiver(tenant, caller, body);
    return respond(created ? 201 : 200, presentWaiver(waiver, true));
  },
  'penaltyWaivers.updateTutorPaymentStatus': async ({ tenant, caller, body }) => ({
    docs: (
      await updateWaiverPaymentStatus(tenant.key, caller, body.penaltyWaiverIds, body.tutorPaymentStatus)
    ).map((waiver) => presentWaiver(waiver, true)),
  }),
  'penaltyWaivers.appealRespond': async ({ tenant, caller, params, body }) =>
    presentWaiver(await respondToAppeal(tenant.key, caller, params.penaltyWaiverId, body), true),
});
