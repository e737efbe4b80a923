import * as z from 'zod/mini';
import { directoryUserTypes, parseUserTypes } from '../rules/user-directory';
import { pageSchema, pagingQuerySchema } from '../schemas/paging';
import '../schemas/zod-english';
import { permission, route } from './define';

export const directoryUserSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: z.enum(directoryUserTypes),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;

const userTypesList = z.string().check(
  z.maxLength(100),
  z.refine((list) => parseUserTypes(list).length > 0, {
    message: `Use a comma list of ${directoryUserTypes.join(', ')}`,
  }),
  z.refine((list) => list.split(',').every((name) => parseUserTypes(name).length > 0 || !name.trim()), {
    message: `Unknown user type; use ${directoryUserTypes.join(', ')}`,
  }),
);

/**
 * Spec 002 "Admin users: GET dropdown": the people pickers of the back-office (add a tutor or a student to
 * a course, filter the schedule by tutor or student). Course and schedule admins need it as much as user
 * admins, so any of those views opens it.
 */
export const userDirectoryRoutes = [
  route({
    id: 'users.adminDropdown',
    method: 'GET',
    path: '/admin/users/dropdown',
    resource: 'users',
    access: permission(['adminUsers', 'adminCourses', 'schedule'], 'view'),
    query: z.strictObject({
      ...pagingQuerySchema.shape,
      name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
      country: z.optional(
        z.string().check(z.trim(), z.toUpperCase(), z.length(2, 'Use a two-letter country code')),
      ),
      /**
       * A level (grade) as the catalogue names it, matched against the user record's `level`: a
       * student's level. A tutor's levels are profile data (the levels they teach), not this field, so a
       * level filter finds the tutors whose record has that level, which is none unless set.
       */
      level: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
      userTypes: z._default(userTypesList, 'student,tutor'),
    }),
    response: pageSchema(directoryUserSchema),
    silent: true,
    summary: 'Students and tutors by name, country and level (the back-office people pickers)',
  }),
];
