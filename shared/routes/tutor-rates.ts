import {
  groupTutorRate,
  groupTutorRateDocSchema,
  groupTutorRateFilters,
  oneToOneTutorRate,
  oneToOneTutorRateDocSchema,
  oneToOneTutorRateFilters,
  ownGroupRateDocSchema,
  ownGroupRatesBodySchema,
  ownGroupRatesSchema,
  ownOneToOneRateDocSchema,
  ownOneToOneRatesBodySchema,
  ownOneToOneRatesSchema,
  tutorRateForStudentQuerySchema,
  tutorRateForStudentSchema,
  tutorRatesOfUserSchema,
} from '../schemas/rates';
import { crudRoutes } from './crud';
import { permission, route } from './define';

/**
 * One-to-one and group tutor rates (spec 002 section 7): the admin CRUD (declared with crudRoutes and served
 * by functions/crud, with `user/{userId}`: the general rates that apply to the tutor now), the tutor's own
 * calls (their rates, behind the profile's tutorRates tab permission) and the admin's per-tutor rates that
 * override the general ones ("Admin user rates": PUT, and the GET the screen reads them with).
 */

const tutorRates = {
  area: 'adminSettings' as const,
  view: 'tutorRatesView',
  create: 'tutorRatesCreate',
  edit: 'tutorRatesEdit',
  delete: 'tutorRatesDelete',
};

export const oneToOneTutorRateAdminRoutes = crudRoutes({
  resource: 'one-to-one-tutor-rates',
  basePath: '/admin/one-to-one-tutor-rates',
  label: 'one-to-one tutor rate',
  doc: oneToOneTutorRateDocSchema,
  input: oneToOneTutorRate.input,
  filters: oneToOneTutorRateFilters,
  access: tutorRates,
  userLookup: {},
});

export const groupTutorRateAdminRoutes = crudRoutes({
  resource: 'group-tutor-rates',
  basePath: '/admin/group-tutor-rates',
  label: 'group tutor rate',
  doc: groupTutorRateDocSchema,
  input: groupTutorRate.input,
  filters: groupTutorRateFilters,
  access: tutorRates,
  userLookup: {},
});

/** The tutor's own view of their rates: the profile's tutorRates tab (spec 000 section 6). */
const ownRatesTab = permission('profile', 'tutorRates');

export const oneToOneTutorRateRoutes = [
  ...oneToOneTutorRateAdminRoutes,
  route({
    id: 'one-to-one-tutor-rates.mine',
    method: 'GET',
    path: '/one-to-one-tutor-rates',
    resource: 'one-to-one-tutor-rates',
    access: ownRatesTab,
    response: tutorRatesOfUserSchema(ownOneToOneRateDocSchema, oneToOneTutorRateDocSchema),
    summary: "The caller's one-to-one rates in force now: their own, and the general ones for their country",
  }),
  route({
    id: 'one-to-one-tutor-rates.forStudent',
    method: 'GET',
    path: '/one-to-one-tutor-rates/student/{studentId}',
    resource: 'one-to-one-tutor-rates',
    access: ownRatesTab,
    query: tutorRateForStudentQuerySchema,
    response: tutorRateForStudentSchema,
    summary:
      'The hourly rate a tutor (the caller, or for an admin the tutorId asked) is paid for a student now',
  }),
  route({
    id: 'one-to-one-tutor-rates.ownOf',
    method: 'GET',
    path: '/admin/users/one-to-one-tutor-rates/{userId}',
    resource: 'one-to-one-tutor-rates',
    access: permission('adminSettings', tutorRates.view),
    response: ownOneToOneRatesSchema,
    summary: "A tutor's own one-to-one rates",
  }),
  route({
    id: 'one-to-one-tutor-rates.setOwn',
    method: 'PUT',
    path: '/admin/users/one-to-one-tutor-rates/{userId}',
    resource: 'one-to-one-tutor-rates',
    access: permission('adminSettings', tutorRates.edit),
    body: ownOneToOneRatesBodySchema,
    response: ownOneToOneRatesSchema,
    summary: "Sets a tutor's own one-to-one rates (overriding the general ones for them)",
  }),
] as const;

export const groupTutorRateRoutes = [
  ...groupTutorRateAdminRoutes,
  route({
    id: 'group-tutor-rates.mine',
    method: 'GET',
    path: '/group-tutor-rates',
    resource: 'group-tutor-rates',
    access: ownRatesTab,
    response: tutorRatesOfUserSchema(ownGroupRateDocSchema, groupTutorRateDocSchema),
    summary: "The caller's group rates in force now: their own, and the general ones for their country",
  }),
  route({
    id: 'group-tutor-rates.ownOf',
    method: 'GET',
    path: '/admin/users/group-tutor-rates/{userId}',
    resource: 'group-tutor-rates',
    access: permission('adminSettings', tutorRates.view),
    response: ownGroupRatesSchema,
    summary: "A tutor's own group rates",
  }),
  route({
    id: 'group-tutor-rates.setOwn',
    method: 'PUT',
    path: '/admin/users/group-tutor-rates/{userId}',
    resource: 'group-tutor-rates',
    access: permission('adminSettings', tutorRates.edit),
    body: ownGroupRatesBodySchema,
    response: ownGroupRatesSchema,
    summary: "Sets a tutor's own group rates (overriding the general ones for them)",
  }),
] as const;

export const tutorRateRoutes = [...oneToOneTutorRateRoutes, ...groupTutorRateRoutes];
