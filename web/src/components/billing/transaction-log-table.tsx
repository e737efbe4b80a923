import type { TransactionLogDoc } from '../../../../shared/routes/money-history';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { ledgerChangeText } from '../../lib/money-text';
import { type MoneyHistoryColumn, MoneyHistoryTable } from './money-history-table';

type Entry = Pick<
  TransactionLogDoc,
  '_id' | 'createdAt' | 'description' | 'kind' | 'amount' | 'credits' | 'minutes'
>;

const columns: MoneyHistoryColumn<Entry>[] = [
  { label: 'Kind', render: (entry) => enumLabels.ledgerEntryKind[entry.kind] },
  { label: 'Change', amount: true, render: (entry) => ledgerChangeText(entry) },
];

/** A person's transaction logs (their ledger's entries, money and credits) as a student or a parent reads them. */
export function TransactionLogTable(props: { docs: readonly Entry[] }) {
  return <MoneyHistoryTable records={props.docs} columns={columns} />;
}
