import { displayMoney } from '../../shared/money/money';
import { formatInvoiceNumber, lineAmount } from '../../shared/rules/invoices';
import type { InvoiceRecord } from '../../shared/schemas/invoices';
import type { Tenant } from '../../shared/schemas/tenant';
import { parentOf } from '../access/linked-accounts';
import type { ConsumedEvent } from '../lib/event-pipeline';
import { logger } from '../lib/logger';
import { escapeHtml, type Mail, mail } from '../lib/mail';
import { invoicesRepository } from '../repositories/invoices';
import { getTenant } from '../repositories/tenants';
import { getUser } from '../repositories/users';
import { invoicePageUrl } from './checkout';

/** The e-mail of an invoice to one address: its lines, total, due date and the link to view and pay it. */
export function invoiceMail(
  invoice: InvoiceRecord,
  tenant: Pick<Tenant, 'name' | 'domain'>,
  to: string,
): Mail {
  const number = formatInvoiceNumber(invoice.invoiceNumber);
  const link = invoicePageUrl(tenant, invoice._id);
  const total = displayMoney(invoice.total);
  const lines = invoice.lineItems.map(
    (line) =>
      `${line.description}: ${line.quantity} x ${displayMoney({ minor: line.unitAmount, currency: invoice.currency })} = ${displayMoney(lineAmount(line, invoice.currency))}`,
  );
  const status =
    invoice.status === 'PAID'
      ? 'This invoice is paid: thank you.'
      : 'You can pay it by card from the link below.';
  const due = invoice.dueDate ? `Due by ${invoice.dueDate}.` : '';
  const text = [
    `Invoice ${number} from ${tenant.name} for ${invoice.user.name}`,
    '',
    ...lines,
    `Total: ${total}`,
    due,
    status,
    '',
    link,
  ].join('\n');
  const html = `<p>Invoice <strong>${escapeHtml(number)}</strong> from ${escapeHtml(tenant.name)} for ${escapeHtml(invoice.user.name)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><strong>Total: ${escapeHtml(total)}</strong>${due ? `<br>${escapeHtml(due)}` : ''}</p>
<p>${escapeHtml(status)}</p>
<p><a href="${escapeHtml(link)}">View ${invoice.status === 'PAID' ? '' : 'and pay '}the invoice</a></p>`;
  return { to, subject: `Invoice ${number} from ${tenant.name}: ${total}`, text, html };
}

/**
 * Mails an invoice to its user and their parent (the one who usually pays), at the addresses they have
 * now. The event pipeline runs it once per InvoiceMailRequested; a void invoice is no longer mailed.
 */
export async function mailInvoice({ detail }: ConsumedEvent<'InvoiceMailRequested'>): Promise<void> {
  const { tenant, invoiceId } = detail;
  // Consistent: the event may arrive a moment after the write that sent it.
  const [invoice, tenantRecord] = await Promise.all([
    invoicesRepository.get(tenant, invoiceId, { consistent: true }),
    getTenant(tenant),
  ]);
  if (!invoice || !tenantRecord || invoice.status === 'VOID') {
    logger.warn('Invoice mail: the invoice is gone or void', { tenant, invoiceId });
    return;
  }
  const user = await getUser(tenant, invoice.userId);
  const parent = user ? await parentOf(tenant, user) : undefined;
  const addresses = [...new Set([user?.email ?? invoice.user.email, ...(parent ? [parent.email] : [])])];
  for (const address of addresses) await mail().send(invoiceMail(invoice, tenantRecord, address));
  logger.info('Invoice mailed', { tenant, invoiceId, recipients: addresses.length });
}
