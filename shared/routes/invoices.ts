import * as z from 'zod';
import { idSchema } from '../schemas/common';
import {
  invoiceCheckoutSchema,
  invoiceInputSchema,
  invoiceSchema,
  invoiceStatuses,
  invoiceUpdateSchema,
} from '../schemas/invoices';
import { listQuerySchema, pageSchema, pagingQuerySchema } from '../schemas/paging';
import { adminNoteInputSchema } from '../schemas/user-profile';
import { permission, route, signedIn } from './define';

const can = (action: 'View' | 'Create' | 'Edit' | 'Delete') =>
  permission('adminSettings', `invoices${action}`);
const statusFilter = z.enum(invoiceStatuses, { error: 'The status is PENDING, PAID or VOID' }).optional();

/**
 * Spec 002 section 7 "Invoices". The back-office's calls under /admin/invoices (adminSettings invoices
 * view / create / edit); the invoiced user's (and their parent's) under /invoices: read their own and pay
 * one by card through a Checkout Session. Which invoices a user reaches is decided per record
 * (functions/access/family.ts `invoiceAccounts`).
 */
export const invoiceRoutes = [
  route({
    id: 'invoices.list',
    method: 'GET',
    path: '/admin/invoices',
    resource: 'invoices',
    access: can('View'),
    query: z.strictObject({
      ...listQuerySchema.shape,
      userId: z.optional(idSchema),
      status: statusFilter,
      invoiceNumber: z.string().max(20).optional(),
    }),
    response: pageSchema(invoiceSchema),
    summary:
      'List invoices, newest first (filters userId, status, invoiceNumber; searchText a name or e-mail)',
  }),
  route({
    id: 'invoices.get',
    method: 'GET',
    path: '/admin/invoices/{id}',
    resource: 'invoices',
    access: can('View'),
    response: invoiceSchema,
    summary: 'Read one invoice with its notes',
  }),
  route({
    id: 'invoices.create',
    method: 'POST',
    path: '/admin/invoices',
    resource: 'invoices',
    access: can('Create'),
    body: invoiceInputSchema.strict(),
    response: invoiceSchema,
    summary:
      'Create an invoice paid by card (spec "card-provider invoice"): numbered in sequence, its total from its lines; `send` mails it ("Invoice Sent!")',
  }),
  route({
    id: 'invoices.update',
    method: 'PUT',
    path: '/admin/invoices/{id}',
    resource: 'invoices',
    access: can('Edit'),
    body: invoiceUpdateSchema.strict(),
    response: invoiceSchema,
    summary:
      'Change a PENDING invoice ("Invoice Updated!"), or void it (status VOID); a paid or void one is a 409',
  }),
  route({
    id: 'invoices.sendMail',
    method: 'POST',
    path: '/admin/invoices/send-mail/{id}',
    resource: 'invoices',
    access: can('Edit'),
    response: invoiceSchema,
    summary: 'Mail the invoice to its user and their parent ("Mail Sent!"); a void one is a 409',
  }),
  route({
    id: 'invoices.createNote',
    method: 'POST',
    path: '/admin/invoices/admin-notes/{id}',
    resource: 'invoices',
    access: can('Edit'),
    body: adminNoteInputSchema.strict(),
    response: invoiceSchema,
    summary: 'Add an admin note to an invoice ("Note Created"); the invoice comes back with it',
  }),
  route({
    id: 'invoices.deleteNote',
    method: 'DELETE',
    path: '/admin/invoices/admin-notes/{id}',
    resource: 'invoices',
    access: can('Edit'),
    query: z.object({ noteId: idSchema }).strict(),
    response: invoiceSchema,
    summary: 'Delete an admin note of an invoice ("Note Deleted"); the invoice comes back without it',
  }),
  route({
    id: 'invoices.mine',
    method: 'GET',
    path: '/invoices',
    resource: 'invoices',
    access: signedIn,
    query: z.strictObject({ ...pagingQuerySchema.shape, userId: z.optional(idSchema), status: statusFilter }),
    response: pageSchema(invoiceSchema),
    summary: "The caller's invoices and, for a parent, their children's (userId: one of them), newest first",
  }),
  route({
    id: 'invoices.mineGet',
    method: 'GET',
    path: '/invoices/{id}',
    resource: 'invoices',
    access: signedIn,
    response: invoiceSchema,
    summary: 'One of the invoices the caller reads (their own, or a child of theirs): the printable invoice',
  }),
  route({
    id: 'invoices.checkoutSession',
    method: 'POST',
    path: '/invoices/stripe-session/{id}',
    resource: 'invoices',
    access: signedIn,
    body: z.object({ id: idSchema }).strict(),
    response: invoiceCheckoutSchema,
    summary:
      "Pay a PENDING invoice by card: a Checkout Session on the school's Stripe account for its total (the browser goes to session.url)",
  }),
];
