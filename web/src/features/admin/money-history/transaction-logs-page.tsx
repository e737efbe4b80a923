import { Badge, Stack, Text } from '@chakra-ui/react';
import { accountKindOf } from '../../../../../shared/money/ledger';
import type { TransactionLogDoc } from '../../../../../shared/routes/money-history';
import { enumLabels } from '../../../../../shared/rules/enum-labels';
import { type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { callApi, useApi } from '../../../lib/api-client';
import { ledgerChangeText } from '../../../lib/money-text';
import { formatDateTime } from '../../../lib/time-zone';
import { MoneyHistoryPage, moneyHistoryQuery, moneyHistoryResource } from './money-history-page';

function transactionLogsResource(zone: string, canNote: boolean): AdminResource<TransactionLogDoc> {
  return moneyHistoryResource({
    zone,
    canNote,
    useList: (query, options) =>
      listRead(useApi(['transactionLogs.adminList', { query: moneyHistoryQuery(query) }], options)),
    title: 'Transaction logs',
    label: 'transaction',
    personLabel: 'Student',
    kindColumns: [
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
    ],
    amountColumn: {
      key: 'amount',
      label: 'Amount',
      render: (t) => (
        <Text
          whiteSpace="nowrap"
          color={(t.amount?.amount ?? t.credits ?? 0) < 0 ? 'fg.error' : 'fg.success'}
        >
          {ledgerChangeText(t, { signed: true })}
        </Text>
      ),
    },
    notesTitle: (t) =>
      `Notes on ${enumLabels.ledgerEntryKind[t.kind].toLowerCase()} of ${formatDateTime(t.createdAt, zone)}`,
    addNote: (id, note) => callApi('transactionLogs.createNote', { params: { id }, body: { note } }),
    removeNote: (id, noteId) =>
      callApi('transactionLogs.deleteNote', { params: { id }, query: { id, noteId } }),
  });
}

/** Spec 002 "Transaction logs" (admin): the ledger's entries, money and credits, of one student or all. */
export default function AdminTransactionLogsPage() {
  return <MoneyHistoryPage noteRoute="transactionLogs.createNote" resource={transactionLogsResource} />;
}
