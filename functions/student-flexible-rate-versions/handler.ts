import { studentFlexibleRateVersionRoutes } from '../../shared/routes/price-catalogue';
import { rateVersionOperations } from '../crud/rate-version-operations';
import { resourceHandler } from '../lib/pipeline';
import { studentFlexibleRateVersionsRepository } from '../repositories/rates';

// Student rates (a later part of issue 18) will belong to a version: their count becomes a delete guard then.
export const handler = resourceHandler(
  'student-flexible-rate-versions',
  studentFlexibleRateVersionRoutes,
  rateVersionOperations(
    'student-flexible-rate-versions',
    'student flexible rate version',
    studentFlexibleRateVersionsRepository,
  ),
);
