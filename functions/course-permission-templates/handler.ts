import { coursePermissionTemplateRoutes } from '../../shared/routes/price-catalogue';
import { crudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { coursePermissionTemplatesRepository } from '../repositories/price-catalogue';

export const handler = resourceHandler('course-permission-templates', coursePermissionTemplateRoutes, {
  ...crudOperations({
    resource: 'course-permission-templates',
    label: 'course permission template',
    repository: coursePermissionTemplatesRepository,
    filterFields: ['status'],
  }),
});
