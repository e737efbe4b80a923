import { studentSubscriptionRateVersionRoutes } from '../../shared/routes/price-catalogue';
import { rateVersionOperations } from '../crud/rate-version-operations';
import { resourceHandler } from '../lib/pipeline';
import { studentSubscriptionRateVersionsRepository } from '../repositories/rates';

// Student rates (a later part of issue 18) will belong to a version: their count becomes a delete guard then.
export const handler = resourceHandler(
  'student-subscription-rate-versions',
  studentSubscriptionRateVersionRoutes,
  rateVersionOperations(
    'student-subscription-rate-versions',
    'student subscription rate version',
    studentSubscriptionRateVersionsRepository,
  ),
);
