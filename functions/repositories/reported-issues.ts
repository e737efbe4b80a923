import type { ReportedIssue } from '../../shared/schemas/learning-data';
import { collectionRepository } from '../crud/repository';
import type { Caller } from '../lib/request';
import { collections } from '../table/access-patterns';

/** Issue reports and broken-resource reports, for the back-office (newest first, counted). */
export const reportedIssuesRepository = collectionRepository<ReportedIssue>({
  collection: collections.reportedIssues,
  label: 'reported issue',
  searchFields: ['subject', 'description', 'pagePath', 'resourceKey'],
  sortFields: ['createdAt', 'status', 'kind'],
});

/** Who reported: enough for the back-office to answer them. */
export function reporter(caller: Caller): ReportedIssue['reportedBy'] {
  const { _id, firstname, lastname, email } = caller.user;
  return { _id, firstname, lastname, email };
}
