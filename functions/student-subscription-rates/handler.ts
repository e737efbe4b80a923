import { studentSubscriptionRateRoutes } from '../../shared/routes/price-catalogue';
import { studentRateOperations } from '../crud/student-rate-operations';
import { resourceHandler } from '../lib/pipeline';
import {
  studentSubscriptionRatesRepository,
  studentSubscriptionRateVersionsRepository,
} from '../repositories/rates';

export const handler = resourceHandler(
  'student-subscription-rates',
  studentSubscriptionRateRoutes,
  studentRateOperations(
    'student-subscription-rates',
    'student subscription rate',
    studentSubscriptionRatesRepository,
    studentSubscriptionRateVersionsRepository,
  ),
);
