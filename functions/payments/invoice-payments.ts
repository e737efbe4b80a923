import { ConflictError } from '../../shared/http/errors';
import { isCurrencyCode } from '../../shared/money/currencies';
import { paymentMismatch } from '../../shared/rules/invoices';
import type { InvoiceRecord } from '../../shared/schemas/invoices';
import { logger } from '../lib/logger';
import { invoicesRepository } from '../repositories/invoices';
import { writeTransaction } from '../table/transactions';

/** A payment of an invoice, as the Stripe consumer reads it from a completed Checkout Session. */
export interface InvoicePayment {
  invoiceId: string;
  checkoutSessionId: string;
  /** What was charged, in minor units of `currency` (the session's `amount_total`). */
  amountMinor: number;
  /** ISO code, either case (Stripe's are lower case). */
  currency: string;
  /** When it was paid (ISO instant). */
  paidAt: string;
}

/**
 * What became of a payment:
 * - `paid`: the invoice is PAID by it;
 * - `already-applied`: this session had paid it already (a duplicate or replayed event): nothing changed;
 * - `mismatch`: the amount or currency is not the invoice's total; recorded on the invoice, still PENDING;
 * - `already-paid` / `void`: another payment had paid it, or it was voided; recorded (money to refund);
 * - `unknown-invoice`: no such invoice in this school; logged.
 */
export type InvoicePaymentOutcome =
  | 'paid'
  | 'already-applied'
  | 'mismatch'
  | 'already-paid'
  | 'void'
  | 'unknown-invoice';

class Raced extends ConflictError {}

const MAX_ATTEMPTS = 5;

/**
 * Applies a card payment to an invoice, once. The invoice becomes PAID only from PENDING, only for its
 * exact total in its currency, in a write conditional on the invoice being unchanged since read (its
 * `updatedAt`, so also still PENDING): two deliveries of one payment, or a payment racing an admin's edit,
 * never both apply. A payment that does not pay it (wrong amount or currency, an invoice already paid by
 * another session, or void) is recorded on the invoice once per session and logged for the back-office;
 * it is never marked paid. The ledger's entry is the consumer's (it calls this with the event's facts).
 */
export async function applyInvoicePayment(
  tenant: string,
  payment: InvoicePayment,
): Promise<InvoicePaymentOutcome> {
  const log = { tenant, invoiceId: payment.invoiceId, checkoutSessionId: payment.checkoutSessionId };
  for (let attempt = 1; ; attempt++) {
    const current = await invoicesRepository.get(tenant, payment.invoiceId, { consistent: true });
    if (!current) {
      logger.error('A payment names an invoice this school does not have', log);
      return 'unknown-invoice';
    }
    if (current.payment?.checkoutSessionId === payment.checkoutSessionId) return 'already-applied';
    if (current.paymentProblems.some((problem) => problem.checkoutSessionId === payment.checkoutSessionId)) {
      return outcomeOfRecorded(current);
    }
    const code = payment.currency.toUpperCase();
    const paid = isCurrencyCode(code) ? { minor: payment.amountMinor, currency: code } : undefined;
    const now = new Date().toISOString();
    let next: InvoiceRecord;
    let outcome: InvoicePaymentOutcome;
    if (current.status !== 'PENDING' || !paid || paymentMismatch(current.total, paid)) {
      outcome = current.status === 'VOID' ? 'void' : current.status === 'PAID' ? 'already-paid' : 'mismatch';
      const problem =
        outcome === 'void'
          ? 'Paid after the invoice was voided: refund it'
          : outcome === 'already-paid'
            ? 'Paid again after the invoice was paid: refund it'
            : paid
              ? (paymentMismatch(current.total, paid) ?? 'The payment does not match the invoice')
              : `Paid in ${payment.currency}, a currency the platform does not know`;
      next = {
        ...current,
        paymentProblems: [
          ...current.paymentProblems,
          {
            checkoutSessionId: payment.checkoutSessionId,
            // An unknown currency is kept as the invoice's, with the problem naming the real one.
            amount: paid ?? { minor: payment.amountMinor, currency: current.currency },
            problem,
            recordedAt: now,
          },
        ],
        updatedAt: now,
      };
      logger.error('An invoice payment was not applied', {
        ...log,
        problem,
        amountMinor: payment.amountMinor,
      });
    } else {
      outcome = 'paid';
      next = {
        ...current,
        status: 'PAID',
        paidAt: payment.paidAt,
        payment: { checkoutSessionId: payment.checkoutSessionId, amount: paid, paidAt: payment.paidAt },
        updatedAt: now,
      };
    }
    try {
      await writeTransaction(
        invoicesRepository.replaceItems(tenant, current, next),
        () => new Raced('The invoice changed meanwhile'),
      );
      if (outcome === 'paid') logger.info('Invoice paid', log);
      return outcome;
    } catch (error) {
      // Changed since read (an edit, a concurrent delivery): decide again from a fresh read.
      if (!(error instanceof Raced) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

function outcomeOfRecorded(invoice: InvoiceRecord): InvoicePaymentOutcome {
  return invoice.status === 'VOID' ? 'void' : invoice.status === 'PAID' ? 'already-paid' : 'mismatch';
}
