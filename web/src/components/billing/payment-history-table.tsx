import { Badge, Table } from '@chakra-ui/react';
import type { PaymentKind } from '../../../../shared/money/ledger';
import type { PaymentHistoryDoc } from '../../../../shared/routes/money-history';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { formatDate } from '../../lib/format';
import { moneyText } from '../../lib/money-text';

/** The colour of a payment record's state: money in, money back out, or nothing moved. */
export const paymentKindPalettes: Record<PaymentKind, string> = {
  PAYMENT: 'green',
  REFUND: 'orange',
  DISPUTE: 'red',
  DISPUTE_WON: 'green',
  DISPUTE_LOST: 'red',
  FAILED: 'gray',
};

/**
 * A person's payment history as a student, a parent or their profile reads it (the back-office's list adds
 * the person and notes): when, what, for which kind of purchase, its state and the amount.
 */
export function PaymentHistoryTable(props: {
  docs: readonly Pick<
    PaymentHistoryDoc,
    '_id' | 'createdAt' | 'description' | 'paymentType' | 'kind' | 'amount'
  >[];
}) {
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>For</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.docs.map((payment) => (
            <Table.Row key={payment._id}>
              <Table.Cell whiteSpace="nowrap">{formatDate(payment.createdAt)}</Table.Cell>
              <Table.Cell>{payment.description}</Table.Cell>
              <Table.Cell>{enumLabels.financePaymentType[payment.paymentType]}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={paymentKindPalettes[payment.kind]}>
                  {enumLabels.paymentKind[payment.kind]}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {moneyText(payment.amount)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
