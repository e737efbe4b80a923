import { financeReportRoutes } from '../../shared/routes/finance-reports';
import { resourceHandler } from '../lib/pipeline';
import { revenueReport, tutorPayReport } from './service';

/** The finance overview's charts (issue #18 item 7): the rules in ./service.ts. */
export const handler = resourceHandler('finance-reports', financeReportRoutes, {
  'financeReports.revenue': ({ tenant, query }) => revenueReport(tenant.key, query),
  'financeReports.tutorPay': ({ tenant, query }) => tutorPayReport(tenant.key, query),
});
