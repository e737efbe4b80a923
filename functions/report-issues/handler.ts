import { learningDataRoutes } from '../../shared/routes/learning-data';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { reportedIssuesRepository, reporter } from '../repositories/reported-issues';

export const handler = resourceHandler('report-issues', learningDataRoutes, {
  'reportIssues.create': async ({ tenant, caller, body }) =>
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
  'reportIssues.list': async ({ tenant, query }) => {
    const { status, kind, ...list } = query;
    return reportedIssuesRepository.list(tenant.key, list, { status, kind });
  },
  'reportIssues.update': async ({ tenant, params, body }) =>
    reportedIssuesRepository.update(tenant.key, params.id, body),
});
