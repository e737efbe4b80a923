import { oneToOneTutorRateRoutes } from '../../shared/routes/tutor-rates';
import { oneToOneTutorRateOperations } from '../crud/tutor-rate-operations';
import { resourceHandler } from '../lib/pipeline';

export const handler = resourceHandler(
  'one-to-one-tutor-rates',
  oneToOneTutorRateRoutes,
  oneToOneTutorRateOperations,
);
