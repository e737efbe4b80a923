import * as z from 'zod';
import { pageSchema } from '../schemas/paging';
import {
  penaltyAppealRespondSchema,
  penaltyAppealSchema,
  penaltyWaiverCreateSchema,
  penaltyWaiverDocSchema,
  penaltyWaiverListQuerySchema,
  penaltyWaiverPaymentStatusSchema,
} from '../schemas/penalty-waiver';
import { permission, route } from './define';

const amountsQuery = z.object({ includeTutorAmountData: z.enum(['0', '1']).optional() }).strict();

/**
 * Spec 001 section 7 "Penalty waivers". Tutors hold penaltyWaivers view and appealRequest for their own
 * waivers; the back-office reads every one, and its writes need the lesson history's admin-only
 * penaltyWaivers column (spec 001 section 6) with an admin role.
 */
export const penaltyWaiverRoutes = [
  route({
    id: 'penaltyWaivers.list',
    method: 'GET',
    path: '/penalty-waivers',
    resource: 'penalty-waivers',
    access: permission('penaltyWaivers', 'view'),
    query: penaltyWaiverListQuerySchema,
    response: pageSchema(penaltyWaiverDocSchema),
    summary: "Penalty waivers: a tutor's own, or every one for the back-office, with the spec's filters",
  }),
  route({
    id: 'penaltyWaivers.get',
    method: 'GET',
    path: '/penalty-waivers/{id}',
    resource: 'penalty-waivers',
    access: permission('penaltyWaivers', 'view'),
    query: amountsQuery,
    response: penaltyWaiverDocSchema,
    summary: 'One penalty waiver (a tutor: their own)',
  }),
  route({
    id: 'penaltyWaivers.appeal',
    method: 'PUT',
    path: '/penalty-waivers/{penaltyWaiverId}/appeal',
    resource: 'penalty-waivers',
    access: permission('penaltyWaivers', 'appealRequest'),
    body: penaltyAppealSchema,
    response: penaltyWaiverDocSchema,
    summary: 'The tutor appeals their penalty, once ("Penalty appeal request sent!")',
  }),
  route({
    id: 'penaltyWaivers.create',
    method: 'POST',
    path: '/admin/penalty-waivers',
    resource: 'penalty-waivers',
    access: permission('lessonHistory', 'penaltyWaivers'),
    body: penaltyWaiverCreateSchema,
    response: penaltyWaiverDocSchema,
    summary: 'An admin enters a penalty (DEDUCTION) or gives one back (ADDITION) ("Penalty waiver created!")',
  }),
  route({
    id: 'penaltyWaivers.updateTutorPaymentStatus',
    method: 'PUT',
    path: '/admin/penalty-waivers/update-tutor-payment-status',
    resource: 'penalty-waivers',
    access: permission('lessonHistory', 'penaltyWaivers'),
    body: penaltyWaiverPaymentStatusSchema,
    response: z.object({ docs: z.array(penaltyWaiverDocSchema) }),
    summary: 'An admin sets the payment status of many waivers at once ("Payment status updated!")',
  }),
  route({
    id: 'penaltyWaivers.appealRespond',
    method: 'PUT',
    path: '/admin/penalty-waivers/{penaltyWaiverId}/appeal-respond',
    resource: 'penalty-waivers',
    access: permission('lessonHistory', 'penaltyWaivers'),
    body: penaltyAppealRespondSchema,
    response: penaltyWaiverDocSchema,
    summary: 'An admin accepts (lifts the penalty) or rejects an appeal, once ("Appeal responded!")',
  }),
];
