import type { CurrencyCode } from '../money/currencies';
import { fromMajor, type Money, scale, sum } from '../money/money';
import type { InvoiceLineInput, InvoiceStatus } from '../schemas/invoices';

/**
 * The rules of an invoice, where no I/O is needed (spec 002 sections 3-4: PENDING, PAID, VOID).
 *
 * What a finance person expects, decided here:
 * - PENDING is the only state that changes by hand: its lines, currency, due date and memo can be edited,
 *   and it can be voided. A PAID invoice is a record of money received: it can't be edited or voided (a
 *   refund is its own record). A VOID invoice is final: it can't be edited, paid or reopened (issue a new
 *   one; numbers are never reused).
 * - Only a payment makes an invoice PAID, and only for its exact total in its currency: anything else is
 *   recorded on the invoice for the back-office and leaves it PENDING.
 * - Notes can be added to and removed from an invoice in any state; a PAID invoice can still be mailed
 *   again (as a receipt), a VOID one can't be mailed.
 */

/** A line with its amounts in minor units of the invoice's currency. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitAmount: number;
}

export type ParsedLines =
  | { ok: true; lines: InvoiceLine[]; total: Money }
  | { ok: false; path: (string | number)[]; problem: string };

/**
 * The entered lines in minor units, and their total: each unit price read exactly in the currency's
 * decimals (12.345 USD is refused, not rounded), each line's amount quantity x unit price.
 */
export function parseLines(lines: readonly InvoiceLineInput[], currency: CurrencyCode): ParsedLines {
  const parsed: InvoiceLine[] = [];
  for (const [index, line] of lines.entries()) {
    const unit = fromMajor(line.unitAmount, currency);
    if (!unit.ok) return { ok: false, path: ['lineItems', index, 'unitAmount'], problem: unit.problem };
    parsed.push({ description: line.description, quantity: line.quantity, unitAmount: unit.money.minor });
  }
  try {
    return { ok: true, lines: parsed, total: invoiceTotal(parsed, currency) };
  } catch {
    return { ok: false, path: ['lineItems'], problem: 'The invoice total is too large' };
  }
}

/** A line's amount: quantity x unit price, exact. */
export function lineAmount(line: InvoiceLine, currency: CurrencyCode): Money {
  return scale({ minor: line.unitAmount, currency }, line.quantity, 1);
}

/** The invoice's total: the sum of its lines' amounts (never a client's figure). */
export function invoiceTotal(lines: readonly InvoiceLine[], currency: CurrencyCode): Money {
  return sum(
    lines.map((line) => lineAmount(line, currency)),
    currency,
  );
}

/** Why an invoice in this state can't be changed by hand (edited or voided), or undefined when it can. */
export function editRefusal(status: InvoiceStatus): string | undefined {
  if (status === 'PAID') return "This invoice is paid: it can't be changed or voided";
  if (status === 'VOID') return "This invoice is void: it can't be changed";
  return undefined;
}

/** Why an invoice in this state can't be paid, or undefined when it can. */
export function paymentRefusal(status: InvoiceStatus): string | undefined {
  if (status === 'PAID') return 'This invoice is already paid';
  if (status === 'VOID') return "This invoice is void: it can't be paid";
  return undefined;
}

/** Why an invoice in this state can't be mailed, or undefined when it can. */
export function sendRefusal(status: InvoiceStatus): string | undefined {
  return status === 'VOID' ? "This invoice is void: it can't be sent" : undefined;
}

/**
 * Why a payment received for an invoice is not applied: its amount or currency is not the invoice's
 * total (the invoice was changed after its checkout began, or the session is not ours). Undefined: it pays.
 */
export function paymentMismatch(total: Money, paid: Money): string | undefined {
  if (paid.currency !== total.currency) {
    return `Paid in ${paid.currency}, but the invoice is in ${total.currency}`;
  }
  if (paid.minor !== total.minor) {
    return `Paid ${paid.minor} minor units of ${paid.currency}, but the invoice's total is ${total.minor}`;
  }
  return undefined;
}

const NUMBER_PREFIX = 'INV-';

/** The invoice number as printed: INV-00042. */
export function formatInvoiceNumber(invoiceNumber: number): string {
  return `${NUMBER_PREFIX}${String(invoiceNumber).padStart(5, '0')}`;
}

/** An invoice number as someone types it in a filter ("42", "INV-00042", "inv-42"), or undefined. */
export function parseInvoiceNumber(text: string): number | undefined {
  const match = /^(?:inv-?)?0*(\d{1,12})$/i.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
