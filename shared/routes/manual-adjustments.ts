import {
  adjustmentPermissionsSchema,
  manualAdjustmentCreateSchema,
  manualAdjustmentDocSchema,
  manualAdjustmentListQuerySchema,
  paymentAdjustmentCreateSchema,
} from '../schemas/manual-adjustment';
import { pageSchema } from '../schemas/paging';
import { permission, route } from './define';

/** Spec 002 section 7 "Manual adjustments (admin)", with the payment-adjustment settings. */
export const manualAdjustmentRoutes = [
  route({
    id: 'manualAdjustments.list',
    method: 'GET',
    path: '/admin/manual-adjustments',
    resource: 'manual-adjustments',
    access: permission('manualAdjustments', 'view'),
    query: manualAdjustmentListQuerySchema,
    response: pageSchema(manualAdjustmentDocSchema),
    summary: 'Manual adjustments, newest first (sort, dates, tutorId)',
  }),
  route({
    id: 'manualAdjustments.create',
    method: 'POST',
    path: '/admin/manual-adjustments',
    resource: 'manual-adjustments',
    access: permission('adminSettings', 'adjustmentsCreate'),
    body: manualAdjustmentCreateSchema,
    response: manualAdjustmentDocSchema,
    summary: "Add to or deduct from a tutor's pay ('Manual adjustment created!'); once per request key",
  }),
  route({
    id: 'manualAdjustments.createPaymentAdjustment',
    method: 'POST',
    path: '/admin/settings/payment-adjustments',
    resource: 'manual-adjustments',
    access: permission('adminSettings', 'adjustmentsCreate'),
    body: paymentAdjustmentCreateSchema,
    response: manualAdjustmentDocSchema,
    summary: "Adjust a user's money under a settings category ('Payment Adjustment Created!')",
  }),
  route({
    id: 'manualAdjustments.permissions',
    method: 'GET',
    path: '/admin/settings/permissions',
    resource: 'manual-adjustments',
    access: permission('adminSettings', 'permissionsView'),
    response: adjustmentPermissionsSchema,
    summary: "What the caller may do with adjustments, and the settings categories they're under",
  }),
] as const;
