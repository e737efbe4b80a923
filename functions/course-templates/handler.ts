import { courseTemplateRoutes } from '../../shared/routes/course-templates';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { courseTemplatesRepository } from '../repositories/course-templates';
import { createCourseFromTemplate, createTemplate, readTemplate, updateTemplate } from './operations';

/**
 * The generic CRUD operations serve list and delete (the repository's `remove` takes the outline along);
 * read, create and update know about the outline, and a course can be made from a template.
 */
export const handler = resourceHandler('course-templates', courseTemplateRoutes, {
  ...crudOperations({
    resource: 'course-templates',
    label: 'course template',
    repository: courseTemplatesRepository,
    filterFields: ['courseId', 'curriculum', 'subject', 'grade'],
  }),
  'course-templates.get': async ({ tenant, params, query }) =>
    readTemplate(tenant.key, params.id, query.isSectionsAllowed === '1'),
  'course-templates.create': async ({ tenant, body }) => respond(201, await createTemplate(tenant.key, body)),
  'course-templates.update': async ({ tenant, params, body }) => updateTemplate(tenant.key, params.id, body),
  'course-templates.createCourse': async ({ tenant, caller, params, body }) =>
    respond(201, await createCourseFromTemplate(tenant.key, caller, params.id, body)),
});
