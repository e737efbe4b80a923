import { Table } from '@chakra-ui/react';
import type { TransactionLogDoc } from '../../../../shared/routes/money-history';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { formatDate } from '../../lib/format';
import { ledgerChangeText } from '../../lib/money-text';

/**
 * A person's transaction logs (their ledger's entries, money and credits) as a student or a parent reads
 * them (the back-office's list adds the person, the colours and notes): when, what, which kind, the change.
 */
export function TransactionLogTable(props: {
  docs: readonly Pick<
    TransactionLogDoc,
    '_id' | 'createdAt' | 'description' | 'kind' | 'amount' | 'credits'
  >[];
}) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>Kind</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.docs.map((entry) => (
            <Table.Row key={entry._id}>
              <Table.Cell whiteSpace="nowrap">{formatDate(entry.createdAt)}</Table.Cell>
              <Table.Cell>{entry.description}</Table.Cell>
              <Table.Cell>{enumLabels.ledgerEntryKind[entry.kind]}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {ledgerChangeText(entry)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
