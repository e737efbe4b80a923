import { Badge } from '@chakra-ui/react';
import type { PaymentKind } from '../../../../shared/money/ledger';
import type { PaymentHistoryDoc } from '../../../../shared/routes/money-history';
import { enumLabels } from '../../../../shared/rules/enum-labels';
import { moneyText } from '../../lib/money-text';
import { type MoneyHistoryColumn, MoneyHistoryTable } from './money-history-table';

/** The colour of a payment record's state: money in, money back out, or nothing moved. */
export const paymentKindPalettes: Record<PaymentKind, string> = {
  PAYMENT: 'green',
  REFUND: 'orange',
  DISPUTE: 'red',
  DISPUTE_WON: 'green',
  DISPUTE_LOST: 'red',
  FAILED: 'gray',
};

type Payment = Pick<
  PaymentHistoryDoc,
  '_id' | 'createdAt' | 'description' | 'paymentType' | 'kind' | 'amount'
>;

const columns: MoneyHistoryColumn<Payment>[] = [
  { label: 'For', render: (payment) => enumLabels.financePaymentType[payment.paymentType] },
  {
    label: 'Status',
    render: (payment) => (
      <Badge colorPalette={paymentKindPalettes[payment.kind]}>{enumLabels.paymentKind[payment.kind]}</Badge>
    ),
  },
  { label: 'Amount', amount: true, render: (payment) => moneyText(payment.amount) },
];

/**
 * A person's payment history as a student, a parent or their profile reads it (the back-office's list adds
 * the person and notes): when, what, for which kind of purchase, its state and the amount.
 */
export function PaymentHistoryTable(props: { docs: readonly Payment[] }) {
  return <MoneyHistoryTable records={props.docs} columns={columns} />;
}
