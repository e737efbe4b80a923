import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';

export interface MoneyHistoryColumn<T> {
  label: string;
  render: (record: T) => ReactNode;
  /** Amounts: right-aligned and kept on one line. */
  amount?: boolean;
}

/**
 * A money history as its owner reads it (payments, ledger entries): each record's date and description, then
 * the history's own columns. The back-office's lists are AdminListPage's, with the person and notes.
 */
export function MoneyHistoryTable<T extends { _id: string; createdAt: string; description: string }>(props: {
  records: readonly T[];
  columns: readonly MoneyHistoryColumn<T>[];
}) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            {props.columns.map((column) => (
              <Table.ColumnHeader key={column.label} textAlign={column.amount ? 'end' : undefined}>
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.records.map((record) => (
            <Table.Row key={record._id}>
              <Table.Cell whiteSpace="nowrap">{formatDate(record.createdAt)}</Table.Cell>
              <Table.Cell>{record.description}</Table.Cell>
              {props.columns.map((column) => (
                <Table.Cell
                  key={column.label}
                  textAlign={column.amount ? 'end' : undefined}
                  whiteSpace={column.amount ? 'nowrap' : undefined}
                >
                  {column.render(record)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
