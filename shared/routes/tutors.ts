import * as z from 'zod';
import { pageSchema } from '../schemas/paging';
import {
  publicTutorSchema,
  tutorGetQuerySchema,
  tutorHiddenInputSchema,
  tutorListQuerySchema,
  tutorSortingInputSchema,
  tutorSortingSchema,
} from '../schemas/tutor-directory';
import { permission, publicAccess, route } from './define';

/**
 * Spec 002 section 7 "Courses and tutors" (tutors by id and the list) and the admin setting tutorSorting of
 * specs 000 and 001: the public tutor directory, in the admin's order, and the tutors hidden from it.
 */
export const tutorRoutes = [
  route({
    id: 'tutors.list',
    method: 'GET',
    path: '/tutors',
    resource: 'tutors',
    access: publicAccess,
    query: tutorListQuerySchema,
    response: pageSchema(publicTutorSchema),
    summary:
      "The tutor directory of a country (curriculum, subject, grade narrow it), in the admin's order then by name",
  }),
  route({
    id: 'tutors.get',
    method: 'GET',
    path: '/tutors/{id}',
    resource: 'tutors',
    access: publicAccess,
    query: tutorGetQuerySchema,
    response: publicTutorSchema,
    summary: "A tutor's public profile (country, curriculum, grade narrow the subjects shown)",
  }),
  route({
    id: 'tutorSorting.get',
    method: 'GET',
    path: '/admin/tutor-sorting',
    resource: 'tutors',
    access: permission('adminSettings', ['tutorSortingView', 'tutorSortingEdit']),
    response: tutorSortingSchema,
    summary: "The directory's order (tutor ids) and every tutor to place in it",
  }),
  route({
    id: 'tutorSorting.update',
    method: 'PUT',
    path: '/admin/tutor-sorting',
    resource: 'tutors',
    access: permission('adminSettings', 'tutorSortingEdit'),
    body: tutorSortingInputSchema,
    response: tutorSortingSchema.omit({ tutors: true }).extend({ message: z.string() }),
    summary: "Saves the directory's order: the tutors named first, in that order, then the rest by name",
  }),
  route({
    id: 'tutors.setHidden',
    method: 'PUT',
    path: '/admin/tutors/{id}/hidden',
    resource: 'tutors',
    // The spec names the area "tutors hide" and no action; the catalogue gives it one switch, and holding it
    // is what lets a role take a tutor out of the public directory and put them back.
    access: permission('tutorsHide', 'view'),
    body: tutorHiddenInputSchema,
    response: z.object({ _id: z.string(), hidden: z.boolean() }),
    summary: 'Hides a tutor from the public directory, or shows them again',
  }),
];
