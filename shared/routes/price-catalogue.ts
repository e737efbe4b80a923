import * as z from 'zod';
import {
  catalogueStatusSchema,
  coursePermissionTemplateInputSchema,
  coursePermissionTemplateSchema,
  coursePricingTemplate,
  coursePricingTemplateDocSchema,
  flexiblePlan,
  groupInputSchema,
  groupSchema,
  statusesQuerySchema,
  subscriptionPlan,
} from '../schemas/price-catalogue';
import {
  rateTypeInputSchema,
  rateTypeSchema,
  rateVersionInputSchema,
  rateVersionSchema,
  studentRate,
  studentRateDocSchema,
  studentRateFilters,
  studentRateLookup,
} from '../schemas/rates';
import { crudRoutes } from './crud';

/**
 * The price catalogue's admin resources (spec 002 section 7, "Plans, groups, roles, course pricing
 * templates" and "Admin CRUD for four rate-type resources"), each declared once with crudRoutes and served
 * by functions/crud. Each is a resource of its own (a folder under functions/), under /admin, behind its
 * admin-settings permissions (spec 002 section 6).
 */

const settings = (name: string) => ({
  area: 'adminSettings' as const,
  view: `${name}View`,
  create: `${name}Create`,
  edit: `${name}Edit`,
  delete: `${name}Delete`,
});

const planFilters = { statuses: statusesQuerySchema.optional(), groupId: z.string().max(64).optional() };

export const flexiblePlanRoutes = crudRoutes({
  resource: 'flexible-plans',
  basePath: '/admin/flexible-plans',
  label: 'flexible plan',
  doc: flexiblePlan.doc,
  input: flexiblePlan.input,
  filters: planFilters,
  access: settings('flexiblePlans'),
  verifyDelete: true,
  userLookup: {},
});

export const subscriptionPlanRoutes = crudRoutes({
  resource: 'subscription-plans',
  basePath: '/admin/subscription-plans',
  label: 'subscription plan',
  doc: subscriptionPlan.doc,
  input: subscriptionPlan.input,
  filters: planFilters,
  access: settings('subscriptionPlans'),
  verifyDelete: true,
});

export const groupRoutes = crudRoutes({
  resource: 'groups',
  basePath: '/admin/groups',
  label: 'group',
  doc: groupSchema,
  input: groupInputSchema,
  filters: { status: catalogueStatusSchema.optional() },
  access: settings('groups'),
  verifyDelete: true,
});

export const coursePricingTemplateRoutes = crudRoutes({
  resource: 'course-pricing-templates',
  basePath: '/admin/course-pricing-templates',
  label: 'course pricing template',
  doc: coursePricingTemplateDocSchema,
  input: coursePricingTemplate.input,
  filters: { status: catalogueStatusSchema.optional() },
  access: settings('coursePricingTemplates'),
  verifyDelete: true,
});

export const coursePermissionTemplateRoutes = crudRoutes({
  resource: 'course-permission-templates',
  basePath: '/admin/course-permission-templates',
  label: 'course permission template',
  doc: coursePermissionTemplateSchema,
  input: coursePermissionTemplateInputSchema,
  filters: { status: catalogueStatusSchema.optional() },
  access: settings('coursePermissionTemplates'),
  verifyDelete: true,
});

/** The four rate-type resources: list, dropdown-list, create, update, delete, verify-delete. */
export const oneToOneTutorRateStudentTypeRoutes = crudRoutes({
  resource: 'one-to-one-tutor-rate-student-types',
  basePath: '/admin/one-to-one-tutor-rate-student-types',
  label: 'one-to-one tutor rate student type',
  doc: rateTypeSchema,
  input: rateTypeInputSchema,
  access: settings('tutorRates'),
  verifyDelete: true,
  dropdown: true,
});

export const groupTutorRateCourseTypeRoutes = crudRoutes({
  resource: 'group-tutor-rate-course-types',
  basePath: '/admin/group-tutor-rate-course-types',
  label: 'group tutor rate course type',
  doc: rateTypeSchema,
  input: rateTypeInputSchema,
  access: settings('tutorRates'),
  verifyDelete: true,
  dropdown: true,
});

export const studentFlexibleRateVersionRoutes = crudRoutes({
  resource: 'student-flexible-rate-versions',
  basePath: '/admin/student-flexible-rate-versions',
  label: 'student flexible rate version',
  doc: rateVersionSchema,
  input: rateVersionInputSchema,
  access: settings('studentRates'),
  verifyDelete: true,
  dropdown: true,
});

export const studentSubscriptionRateVersionRoutes = crudRoutes({
  resource: 'student-subscription-rate-versions',
  basePath: '/admin/student-subscription-rate-versions',
  label: 'student subscription rate version',
  doc: rateVersionSchema,
  input: rateVersionInputSchema,
  access: settings('studentRates'),
  verifyDelete: true,
  dropdown: true,
});

/** Student flexible and subscription rates: list (with their filters), create, update, delete, user/{userId}. */
export const studentFlexibleRateRoutes = crudRoutes({
  resource: 'student-flexible-rates',
  basePath: '/admin/student-flexible-rates',
  label: 'student flexible rate',
  doc: studentRateDocSchema,
  input: studentRate.input,
  filters: studentRateFilters,
  access: settings('studentRates'),
  userLookup: studentRateLookup,
});

export const studentSubscriptionRateRoutes = crudRoutes({
  resource: 'student-subscription-rates',
  basePath: '/admin/student-subscription-rates',
  label: 'student subscription rate',
  doc: studentRateDocSchema,
  input: studentRate.input,
  filters: studentRateFilters,
  access: settings('studentRates'),
  userLookup: studentRateLookup,
});

export const priceCatalogueRoutes = [
  ...flexiblePlanRoutes,
  ...subscriptionPlanRoutes,
  ...groupRoutes,
  ...coursePricingTemplateRoutes,
  ...coursePermissionTemplateRoutes,
  ...oneToOneTutorRateStudentTypeRoutes,
  ...groupTutorRateCourseTypeRoutes,
  ...studentFlexibleRateVersionRoutes,
  ...studentSubscriptionRateVersionRoutes,
  ...studentFlexibleRateRoutes,
  ...studentSubscriptionRateRoutes,
];
