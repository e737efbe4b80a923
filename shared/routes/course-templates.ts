import * as z from 'zod';
import { idSchema } from '../schemas/common';
import { courseSchema } from '../schemas/course';
import {
  courseTemplateFieldsSchema,
  courseTemplateInputSchema,
  courseTemplateSchema,
  courseTemplateSortKeys,
} from '../schemas/course-template';
import { strict } from '../schemas/strict';
import { crudRoutes, partialWithoutDefaults } from './crud';
import { permission, route } from './define';

const resource = 'course-templates';
const basePath = '/admin/course-templates';

/**
 * POST: either a new template (title, curriculum, subject and grade required) or, with `courseId`, "save
 * this course as a template": the course's fields and outline, with any field sent here taking precedence.
 * No defaults at this stage, so a field left out comes from the course rather than from a default.
 */
export const courseTemplateCreateSchema = z
  .strictObject({
    ...partialWithoutDefaults(courseTemplateInputSchema).shape,
    courseId: z.optional(idSchema),
  })
  .superRefine((body, ctx) => {
    if (body.courseId) return;
    for (const [field, label] of [
      ['title', 'Title'],
      ['curriculum', 'Curriculum'],
      ['subject', 'Subject'],
      ['grade', 'Grade'],
    ] as const) {
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required` });
    }
  });

/** The course made from a template may differ from it in any course field (never its status: DRAFT). */
export const createCourseFromTemplateSchema = strict(partialWithoutDefaults(courseTemplateFieldsSchema));

const crud = crudRoutes({
  resource,
  basePath,
  label: 'course template',
  doc: courseTemplateSchema,
  input: courseTemplateInputSchema,
  filters: {
    // Replaces the generic free-text sortKey: only these fields sort.
    sortKey: z.enum(courseTemplateSortKeys).optional(),
    courseId: z.optional(idSchema),
    curriculum: z.string().max(100).optional(),
    subject: z.string().max(100).optional(),
    grade: z.string().max(100).optional(),
  },
  access: { area: 'courseTemplates', view: 'view', create: 'create', edit: 'edit', delete: 'delete' },
});

/** Spec 001 section 7: the generic CRUD routes, with the outline switch on the read and the from-course create. */
export const courseTemplateRoutes = [
  ...crud.map((r) => {
    if (r.id === `${resource}.get`) {
      return {
        ...r,
        query: z.object({ isSectionsAllowed: z.enum(['0', '1']).optional() }).strict(),
        summary: 'Read one course template (isSectionsAllowed=1 adds its outline)',
      };
    }
    if (r.id === `${resource}.create`) {
      return {
        ...r,
        body: courseTemplateCreateSchema,
        summary: 'Create a course template, or save a course (courseId) as one',
      };
    }
    return r;
  }),
  route({
    id: `${resource}.createCourse`,
    method: 'POST',
    path: `${basePath}/{id}/create-course`,
    resource,
    // Creating a course is the act; reading the template it copies is checked in the operation as well.
    access: permission('adminCourses', 'create'),
    body: createCourseFromTemplateSchema,
    response: courseSchema,
    summary: 'Create a DRAFT course from a template, with its outline as sections, in one transaction',
  }),
];
