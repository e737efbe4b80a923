import { type ReportedIssue, reportedIssueSchema } from '../../shared/schemas/learning-data';
import { collectionRepository } from '../crud/repository';
import type { Caller } from '../lib/request';
import { collections } from '../table/access-patterns';

/**
 * Issue reports and broken-resource reports, for the back-office (newest first, counted), with a list
 * index by status and by kind (functions/crud/list-index.ts).
 */
export const reportedIssuesRepository = collectionRepository<ReportedIssue, 'status' | 'kind'>({
  collection: collections.reportedIssues,
  schema: reportedIssueSchema,
  label: 'reported issue',
  searchFields: ['subject', 'description', 'pagePath', 'resourceKey'],
  sortFields: ['createdAt', 'status', 'kind'],
  lists: {
    filters: { status: (issue) => issue.status, kind: (issue) => issue.kind },
    indexes: [
      { name: 'status', filters: ['status'], order: 'createdAt', count: 'days' },
      { name: 'kind', filters: ['kind'], order: 'createdAt', count: 'days' },
    ],
  },
});

/** Who reported: enough for the back-office to answer them. */
export function reporter(caller: Caller): ReportedIssue['reportedBy'] {
  const { _id, firstname, lastname, email } = caller.user;
  return { _id, firstname, lastname, email };
}
