import { Badge, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { enumLabels, enumOptions } from '../../../../../shared/rules/enum-labels';
import type { ReportedIssue } from '../../../../../shared/schemas/learning-data';
import { reportedIssueKinds, reportedIssueStatuses } from '../../../../../shared/schemas/learning-data';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { BASE_PATH } from '../../../config/paths';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toaster';

/** Marks an issue resolved (or open again) and shows the new state in place. */
function StatusAction({
  issue,
  onChanged,
}: {
  issue: ReportedIssue;
  onChanged: (next: ReportedIssue) => void;
}) {
  const [busy, setBusy] = useState(false);
  const next = issue.status === 'OPEN' ? 'RESOLVED' : 'OPEN';
  const change = async () => {
    setBusy(true);
    try {
      onChanged(
        await callApi('reportIssues.update', {
          params: { id: issue._id },
          body: { status: next },
        }),
      );
      toastSuccess(next === 'RESOLVED' ? 'Issue resolved!' : 'Issue reopened!');
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="outline" loading={busy} onClick={change}>
      {next === 'RESOLVED' ? 'Mark resolved' : 'Reopen'}
    </Button>
  );
}

const reportedIssuesResource: AdminResource<ReportedIssue> = {
  useList: (query, options) => listRead(useApi(['reportIssues.list', { query }], options)),
  title: 'Reported issues',
  label: 'reported issue',
  messages: {},
  filters: [
    {
      key: 'status',
      label: 'Status',
      options: enumOptions(reportedIssueStatuses, enumLabels.reportedIssueStatus),
      initial: 'OPEN',
      allLabel: 'All statuses',
    },
    {
      key: 'kind',
      label: 'Kind',
      options: enumOptions(reportedIssueKinds, enumLabels.reportedIssueKind),
      allLabel: 'All kinds',
    },
  ],
  columns: [
    {
      key: 'subject',
      label: 'Issue',
      render: (issue) => (
        <Stack gap="0.5" maxW="md">
          <Text fontWeight="medium">{issue.subject}</Text>
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {issue.description}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'kind',
      label: 'Kind',
      sortable: true,
      render: (issue) => (
        <Badge colorPalette={issue.kind === 'BROKEN_RESOURCE' ? 'red' : 'blue'}>
          {enumLabels.reportedIssueKind[issue.kind]}
        </Badge>
      ),
    },
    {
      key: 'pagePath',
      label: 'Page',
      render: (issue) =>
        issue.pagePath ? (
          <Link
            href={`${BASE_PATH}${issue.pagePath}`}
            target="_blank"
            rel="noopener noreferrer"
            fontSize="sm"
          >
            {issue.pagePath}
          </Link>
        ) : (
          '-'
        ),
    },
    {
      key: 'reportedBy',
      label: 'Reported by',
      render: (issue) => `${issue.reportedBy.firstname} ${issue.reportedBy.lastname}`,
    },
    { key: 'createdAt', label: 'Reported', sortable: true, render: (issue) => formatDate(issue.createdAt) },
    {
      key: 'status',
      label: 'Status',
      sortable: true,
      render: (issue) => (
        <Badge colorPalette={issue.status === 'OPEN' ? 'orange' : 'green'}>
          {enumLabels.reportedIssueStatus[issue.status]}
        </Badge>
      ),
    },
  ],
  rowActions: (issue, list) => (
    <StatusAction
      issue={issue}
      onChanged={(next) => {
        list.replace(next);
        void list.reload();
      }}
    />
  ),
};

export default function ReportedIssuesPage() {
  return <AdminListPage config={reportedIssuesResource} />;
}
