import { callLogRoutes } from '../../shared/routes/call-logs';
import { resourceHandler } from '../lib/pipeline';
import { listCallLogs } from './service';

export const handler = resourceHandler('call-logs', callLogRoutes, {
  'callLogs.list': async ({ tenant, query }) => listCallLogs(tenant.key, query),
});
