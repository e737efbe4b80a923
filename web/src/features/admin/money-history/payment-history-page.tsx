import { Badge, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { PaymentKind } from '../../../../../shared/money/ledger';
import type { PaymentHistoryDoc } from '../../../../../shared/routes/money-history';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { useAdminZone } from '../../../components/admin/admin-zone';
import { dayRangeFilters } from '../../../components/admin/date-filters';
import { DateTimeCell } from '../../../components/admin/date-time-cell';
import { listQuery } from '../../../components/admin/list-query';
import { personFilter } from '../../../components/admin/person-picker';
import { paymentKindPalettes } from '../../../components/billing/payment-history-table';
import { callApi, useApi } from '../../../lib/api-client';
import { moneyText } from '../../../lib/money-text';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { PersonCell } from './person-cell';
import { RecordNotesAction } from './record-notes';

/** A payment row's kind says which way its (positive) amount went. */
const outgoing: ReadonlySet<PaymentKind> = new Set(['REFUND', 'DISPUTE', 'DISPUTE_LOST']);

function paymentHistoryResource(zone: string, canNote: boolean): AdminResource<PaymentHistoryDoc> {
  return {
    useList: (query, options) =>
      listRead(
        useApi(
          [
            'paymentHistory.adminList',
            { query: listQuery(query, ['userId', 'startDate', 'endDate'], 'createdAt') },
          ],
          options,
        ),
      ),
    title: 'Payment history',
    label: 'payment',
    messages: {},
    searchable: false,
    filters: [personFilter('userId', 'Student', 'student'), ...dayRangeFilters(zone)],
    columns: [
      {
        key: 'createdAt',
        label: 'Date',
        sortable: true,
        render: (p) => <DateTimeCell iso={p.createdAt} zone={zone} />,
      },
      { key: 'user', label: 'Paid by', render: (p) => <PersonCell user={p.user} userId={p.userId} /> },
      {
        key: 'kind',
        label: 'What',
        render: (p) => (
          <Stack gap="1" align="start">
            <Badge size="sm" colorPalette={paymentKindPalettes[p.kind]}>
              {enumLabels.paymentKind[p.kind]}
            </Badge>
            <Text fontSize="xs" color="fg.muted">
              {enumLabels.financePaymentType[p.paymentType]}
            </Text>
          </Stack>
        ),
      },
      { key: 'description', label: 'Description', hideBelow: 'md', render: (p) => p.description },
      {
        key: 'amount',
        label: 'Amount',
        render: (p) => (
          <Text whiteSpace="nowrap" color={outgoing.has(p.kind) ? 'fg.error' : undefined}>
            {moneyText(outgoing.has(p.kind) ? { ...p.amount, amount: -p.amount.amount } : p.amount)}
          </Text>
        ),
      },
    ],
    rowActions: (p, list) => (
      <RecordNotesAction
        record={p}
        title={`Notes on ${moneyText(p.amount)} of ${formatDateTime(p.createdAt, zone)}`}
        canEdit={canNote}
        zone={zone}
        add={(id, note) => callApi('paymentHistory.createNote', { params: { id }, body: { note } })}
        remove={(id, noteId) =>
          callApi('paymentHistory.deleteNote', { params: { id }, query: { id, noteId } })
        }
        onSaved={(saved) => list.replace({ ...saved, user: p.user })}
      />
    ),
    rowLabel: (p) => `${p.description} ${formatDateTime(p.createdAt, zone)}`,
  };
}

/** Spec 002 "Payment history" (admin): every payment, refund and dispute of the school, of one student or all. */
export default function AdminPaymentHistoryPage() {
  const zone = useAdminZone();
  const canNote = canCall(useSession()?.user, 'paymentHistory.createNote');
  const config = useMemo(() => paymentHistoryResource(zone, canNote), [zone, canNote]);
  return <AdminListPage config={config} />;
}
