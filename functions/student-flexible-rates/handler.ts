import { studentFlexibleRateRoutes } from '../../shared/routes/price-catalogue';
import { studentRateOperations } from '../crud/student-rate-operations';
import { resourceHandler } from '../lib/pipeline';
import { studentFlexibleRatesRepository, studentFlexibleRateVersionsRepository } from '../repositories/rates';

export const handler = resourceHandler(
  'student-flexible-rates',
  studentFlexibleRateRoutes,
  studentRateOperations(
    'student-flexible-rates',
    'student flexible rate',
    studentFlexibleRatesRepository,
    studentFlexibleRateVersionsRepository,
  ),
);
