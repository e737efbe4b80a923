import { Badge, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { accountKindOf } from '../../../../../shared/money/ledger';
import type { TransactionLogDoc } from '../../../../../shared/routes/money-history';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { dayRangeFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import { listQuery } from '../../../components/admin/list-query';
import { personFilter } from '../../../components/admin/person-picker';
import { callApi, useApi } from '../../../lib/api-client';
import { ledgerChangeText } from '../../../lib/money-text';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { PersonCell } from './person-cell';
import { RecordNotesAction } from './record-notes';

function transactionLogsResource(zone: string, canNote: boolean): AdminResource<TransactionLogDoc> {
  return {
    useList: (query, options) =>
      listRead(
        useApi(
          [
            'transactionLogs.adminList',
            { query: listQuery(query, ['userId', 'startDate', 'endDate'], 'createdAt') },
          ],
          options,
        ),
      ),
    title: 'Transaction logs',
    label: 'transaction',
    messages: {},
    searchable: false,
    filters: [personFilter('userId', 'Student', 'student'), ...dayRangeFilters(zone)],
    columns: [
      {
        key: 'createdAt',
        label: 'Date',
        sortable: true,
        render: (t) => <DateTimeCell iso={t.createdAt} zone={zone} />,
      },
      { key: 'user', label: 'Student', render: (t) => <PersonCell user={t.user} userId={t.userId} /> },
      {
        key: 'kind',
        label: 'Entry',
        render: (t) => (
          <Stack gap="1" align="start">
            <Badge size="sm" colorPalette={accountKindOf(t.kind) === 'MONEY' ? 'blue' : 'purple'}>
              {enumLabels.ledgerEntryKind[t.kind]}
            </Badge>
            {t.paymentType && (
              <Text fontSize="xs" color="fg.muted">
                {enumLabels.financePaymentType[t.paymentType]}
              </Text>
            )}
          </Stack>
        ),
      },
      { key: 'description', label: 'Description', hideBelow: 'md', render: (t) => t.description },
      {
        key: 'amount',
        label: 'Amount',
        render: (t) => {
          const negative = (t.amount?.amount ?? t.credits ?? 0) < 0;
          return (
            <Text whiteSpace="nowrap" color={negative ? 'fg.error' : 'fg.success'}>
              {ledgerChangeText(t, { signed: true })}
            </Text>
          );
        },
      },
    ],
    rowActions: (t, list) => (
      <RecordNotesAction
        record={t}
        title={`Notes on ${enumLabels.ledgerEntryKind[t.kind].toLowerCase()} of ${formatDateTime(t.createdAt, zone)}`}
        canEdit={canNote}
        zone={zone}
        add={(id, note) => callApi('transactionLogs.createNote', { params: { id }, body: { note } })}
        remove={(id, noteId) =>
          callApi('transactionLogs.deleteNote', { params: { id }, query: { id, noteId } })
        }
        onSaved={(saved) => list.replace({ ...saved, user: t.user })}
      />
    ),
    rowLabel: (t) => `${t.description} ${formatDateTime(t.createdAt, zone)}`,
  };
}

/** Spec 002 "Transaction logs" (admin): the ledger's entries, money and credits, of one student or all. */
export default function AdminTransactionLogsPage() {
  const zone = useAdminZone();
  const canNote = canCall(useSession()?.user, 'transactionLogs.createNote');
  const config = useMemo(() => transactionLogsResource(zone, canNote), [zone, canNote]);
  return <AdminListPage config={config} />;
}
