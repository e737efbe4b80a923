import { coursePricingTemplateRoutes } from '../../shared/routes/price-catalogue';
import type {
  CoursePricingTemplate,
  CoursePricingTemplateBody,
  StoredCoursePricingTemplate,
} from '../../shared/schemas/price-catalogue';
import { pricedView } from '../crud/money-view';
import { viewedCrudOperations } from '../crud/operations';
import { resourceHandler } from '../lib/pipeline';
import { coursePricingTemplatesRepository } from '../repositories/price-catalogue';

export const handler = resourceHandler('course-pricing-templates', coursePricingTemplateRoutes, {
  ...viewedCrudOperations(
    {
      resource: 'course-pricing-templates',
      label: 'course pricing template',
      repository: coursePricingTemplatesRepository,
      filterFields: ['status'],
    },
    pricedView<StoredCoursePricingTemplate, CoursePricingTemplate, CoursePricingTemplateBody>({
      doc: (record, price) => ({ ...record, price }),
      fields: (body, price) => ({ ...body, price }),
      changes: ({ price: _shown, ...body }, price) => ({ ...body, ...(price && { price }) }),
    }),
  ),
});
