import { groupTutorRateRoutes } from '../../shared/routes/tutor-rates';
import { groupTutorRateOperations } from '../crud/tutor-rate-operations';
import { resourceHandler } from '../lib/pipeline';

export const handler = resourceHandler('group-tutor-rates', groupTutorRateRoutes, groupTutorRateOperations);
