import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { invoiceRoutes } from '../../shared/routes/invoices';
import { type BusEvent, eventConsumer } from '../lib/event-pipeline';
import { resourceHandler } from '../lib/pipeline';
import { respond } from '../lib/request';
import { invoiceCheckoutSession } from './checkout';
import { mailInvoice } from './mail';
import {
  addInvoiceNote,
  createInvoice,
  deleteInvoiceNote,
  listInvoices,
  listOwnInvoices,
  presentInvoice,
  requireInvoice,
  requireOwnInvoice,
  sendInvoice,
  updateInvoice,
} from './service';

/**
 * Two doors: the HTTP routes (the back-office's and the family's), and the bus, which brings the
 * InvoiceMailRequested of an invoice sent, so the request that sent it answers before the mail goes.
 */
const http = resourceHandler('invoices', invoiceRoutes, {
  'invoices.list': async ({ tenant, query }) => listInvoices(tenant.key, query),
  'invoices.get': async ({ tenant, params }) =>
    presentInvoice(await requireInvoice(tenant.key, params.id), 'admin'),
  'invoices.create': async ({ tenant, caller, body }) =>
    respond(201, await createInvoice(tenant, caller, body)),
  'invoices.update': async ({ tenant, params, body }) => updateInvoice(tenant, params.id, body),
  'invoices.sendMail': async ({ tenant, params }) => sendInvoice(tenant.key, params.id),
  'invoices.createNote': async ({ tenant, caller, params, body }) =>
    addInvoiceNote(tenant.key, caller, params.id, body.note),
  'invoices.deleteNote': async ({ tenant, params, query }) =>
    deleteInvoiceNote(tenant.key, params.id, query.noteId),
  'invoices.mine': async ({ tenant, caller, query }) => listOwnInvoices(tenant.key, caller, query),
  'invoices.mineGet': async ({ tenant, caller, params }) =>
    presentInvoice(await requireOwnInvoice(tenant.key, caller, params.id), 'user'),
  'invoices.checkoutSession': async ({ tenant, caller, params, body }) =>
    invoiceCheckoutSession(tenant, caller, params.id, body.id),
});

const onBusEvent = eventConsumer('invoices', { InvoiceMailRequested: mailInvoice });

export async function handler(event: APIGatewayProxyEventV2 | BusEvent, context: Context) {
  if ('detail-type' in event) return onBusEvent(event, context);
  // The pipeline adds its own state to the context.
  return http(event, context as Parameters<typeof http>[1]);
}
