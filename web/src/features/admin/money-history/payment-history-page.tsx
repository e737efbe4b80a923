import { Badge, Stack, Text } from '@chakra-ui/react';
import type { PaymentKind } from '../../../../../shared/money/ledger';
import type { PaymentHistoryDoc } from '../../../../../shared/routes/money-history';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import { type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { paymentKindPalettes } from '../../../components/billing/payment-history-table';
import { callApi, useApi } from '../../../lib/api-client';
import { moneyText } from '../../../lib/money-text';
import { formatDateTime } from '../../../lib/time-zone';
import { MoneyHistoryPage, moneyHistoryQuery, moneyHistoryResource } from './money-history-page';

/** A payment row's kind says which way its (positive) amount went. */
const outgoing: ReadonlySet<PaymentKind> = new Set(['REFUND', 'DISPUTE', 'DISPUTE_LOST']);

function paymentHistoryResource(zone: string, canNote: boolean): AdminResource<PaymentHistoryDoc> {
  return moneyHistoryResource({
    zone,
    canNote,
    useList: (query, options) =>
      listRead(useApi(['paymentHistory.adminList', { query: moneyHistoryQuery(query) }], options)),
    title: 'Payment history',
    label: 'payment',
    personLabel: 'Paid by',
    kindColumns: [
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
    ],
    amountColumn: {
      key: 'amount',
      label: 'Amount',
      render: (p) => (
        <Text whiteSpace="nowrap" color={outgoing.has(p.kind) ? 'fg.error' : undefined}>
          {moneyText(outgoing.has(p.kind) ? { ...p.amount, amount: -p.amount.amount } : p.amount)}
        </Text>
      ),
    },
    notesTitle: (p) => `Notes on ${moneyText(p.amount)} of ${formatDateTime(p.createdAt, zone)}`,
    addNote: (id, note) => callApi('paymentHistory.createNote', { params: { id }, body: { note } }),
    removeNote: (id, noteId) =>
      callApi('paymentHistory.deleteNote', { params: { id }, query: { id, noteId } }),
  });
}

/** Spec 002 "Payment history" (admin): every payment, refund and dispute of the school, of one student or all. */
export default function AdminPaymentHistoryPage() {
  return <MoneyHistoryPage noteRoute="paymentHistory.createNote" resource={paymentHistoryResource} />;
}
