import Stripe from 'stripe';
import { BadRequestError, ConflictError } from '../../shared/http/errors';
import { formatInvoiceNumber, paymentRefusal } from '../../shared/rules/invoices';
import type { Tenant } from '../../shared/schemas/tenant';
import { logger } from '../lib/logger';
import type { Caller } from '../lib/request';
import { siteOrigin } from '../lib/site-origin';
import { stripeFor } from '../payments/stripe-client';
import { PaymentServiceError, requireOwnInvoice } from './service';

/** Where the payer comes back to: the invoice's page in the portal (spec 000: `paymentStatus=success`). */
export function invoicePageUrl(tenant: Pick<Tenant, 'domain'>, invoiceId: string): string {
  return `${siteOrigin(tenant.domain)}/learning-portal/portal/invoices/${encodeURIComponent(invoiceId)}`;
}

/**
 * A Checkout Session for a PENDING invoice of the caller's (or their child's), on the school's own Stripe
 * account: one line per invoice line, so the amount charged is the invoice's total, in its currency. It
 * carries `client_reference_id` (the invoiced user) and the metadata every platform session carries
 * (`tenant`, `purpose` INVOICE, `userId`, `invoiceId`), by which the payment's consumer finds the invoice
 * (functions/payments/invoice-payments.ts).
 */
export async function invoiceCheckoutSession(tenant: Tenant, caller: Caller, id: string, bodyId: string) {
  if (bodyId !== id) throw new BadRequestError('id: The invoice in the body is not the one in the path');
  const invoice = await requireOwnInvoice(tenant.key, caller, id);
  const refused = paymentRefusal(invoice.status);
  if (refused) throw new ConflictError(refused);
  const stripe = await stripeFor(tenant.key);
  const page = invoicePageUrl(tenant, invoice._id);
  const currency = invoice.currency.toLowerCase();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: invoice.userId,
      customer_email: invoice.user.email,
      line_items: invoice.lineItems.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency,
          unit_amount: line.unitAmount,
          product_data: { name: line.description },
        },
      })),
      metadata: {
        tenant: tenant.key,
        purpose: 'INVOICE',
        userId: invoice.userId,
        invoiceId: invoice._id,
        invoiceNumber: formatInvoiceNumber(invoice.invoiceNumber),
      },
      payment_intent_data: {
        description: `${tenant.name} invoice ${formatInvoiceNumber(invoice.invoiceNumber)}`,
        metadata: { tenant: tenant.key, purpose: 'INVOICE', userId: invoice.userId, invoiceId: invoice._id },
      },
      success_url: `${page}?paymentStatus=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: page,
    });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      logger.error('Stripe refused or failed an invoice checkout', { error, invoiceId: id });
      throw new PaymentServiceError();
    }
    throw error;
  }
  if (!session.url) throw new PaymentServiceError();
  const answer = { id: session.id, url: session.url };
  return { session: answer, stripeSession: answer };
}
