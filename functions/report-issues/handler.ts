import { learningDataRoutes } from '../../shared/routes/learning-data';
import type { ReportedIssue } from '../../shared/schemas/learning-data';
import type { ListQuery } from '../../shared/schemas/paging';
import { resourceHandler, withCaller } from '../lib/pipeline';
import { respond } from '../lib/request';
import { reportedIssuesRepository, reporter } from '../repositories/reported-issues';

export const handler = resourceHandler('report-issues', learningDataRoutes, {
  'reportIssues.create': withCaller<unknown, { subject: string; description: string; pagePath: string }>(
    async ({ tenant, caller, body }) =>
      respond(
        201,
        await reportedIssuesRepository.create(tenant.key, {
          kind: 'ISSUE',
          status: 'OPEN',
          subject: body.subject,
          description: body.description,
          pagePath: body.pagePath,
          resourceKey: null,
          reportedBy: reporter(caller),
        }),
      ),
  ),
  'reportIssues.list': async ({ tenant, query }) => {
    const { status, kind, ...list } = query as ListQuery & { status?: string; kind?: string };
    return reportedIssuesRepository.list(tenant.key, list, { status, kind });
  },
  'reportIssues.update': async ({ tenant, params, body }) =>
    reportedIssuesRepository.update(tenant.key, params.id!, body as Pick<ReportedIssue, 'status'>),
});
