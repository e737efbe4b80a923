import { Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { moneySettings } from '../../../../../shared/money/settings';
import { type Invoice, invoiceStatuses } from '../../../../../shared/schemas/invoices';
import { AdminListPage, type AdminResource, listRead } from '../../../components/admin/admin-list-page';
import { personFilter } from '../../../components/admin/person-picker';
import { formatDay, InvoiceStatusBadge, invoiceAmount } from '../../../components/invoices/invoice-document';
import { adminInvoicePath } from '../../../config/paths';
import { callApi, useApi } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toaster';
import { useTenant } from '../../../lib/use-tenant';
import {
  emptyInvoice,
  InvoiceFields,
  type InvoiceFormValue,
  invoiceFormValue,
  validateNewInvoice,
} from './invoice-form';

type NewInvoiceBody = Extract<ReturnType<typeof validateNewInvoice>, { ok: true }>['body'];

/**
 * The back-office's invoices (spec 002 section 7): newest first, filtered by student, status and number,
 * searched by name or e-mail; a new invoice opens on its own page, where it is edited, sent and voided.
 */
function invoicesResource(
  defaultCurrency: ReturnType<typeof moneySettings>['defaultCurrency'],
): AdminResource<Invoice, InvoiceFormValue, NewInvoiceBody> {
  return {
    useList: (query, options) => listRead(useApi(['invoices.list', { query }], options)),
    title: 'Invoices',
    label: 'invoice',
    createLabel: 'New invoice',
    createOnly: true,
    createdPath: (invoice) => adminInvoicePath(invoice._id),
    // The toast says whether it went out: "Invoice Sent!" (spec 002 section 8) or only created.
    messages: {},
    filters: [
      personFilter('userId', 'Student', 'student'),
      {
        key: 'status',
        label: 'Status',
        allLabel: 'All statuses',
        options: invoiceStatuses.map((status) => ({ value: status, label: status })),
      },
      {
        key: 'invoiceNumber',
        label: 'Number',
        render: (value, onChange) => (
          <Stack gap="1.5" w="36">
            <Text fontSize="sm" fontWeight="medium">
              Number
            </Text>
            <Input
              size="sm"
              bg="bg"
              aria-label="Invoice number"
              placeholder="INV-00042"
              value={value}
              onChange={(event) => onChange(event.target.value)}
            />
          </Stack>
        ),
      },
    ],
    columns: [
      {
        key: 'invoiceNumber',
        label: 'Number',
        sortable: true,
        render: (invoice) => (
          <Link asChild fontWeight="medium" colorPalette="brand">
            <RouterLink to={adminInvoicePath(invoice._id)}>{invoice.number}</RouterLink>
          </Link>
        ),
      },
      {
        key: 'user',
        label: 'Student',
        render: (invoice) => (
          <Stack gap="0">
            <Text>{invoice.user.name}</Text>
            <Text fontSize="xs" color="fg.muted">
              {invoice.user.email}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'total',
        label: 'Total',
        render: (invoice) => (
          <Text whiteSpace="nowrap">{invoiceAmount(invoice.total.amount, invoice.total.currency)}</Text>
        ),
      },
      { key: 'status', label: 'Status', render: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
      {
        key: 'dueDate',
        label: 'Due',
        sortable: true,
        hideBelow: 'md',
        render: (invoice) => formatDay(invoice.dueDate),
      },
      {
        key: 'createdAt',
        label: 'Issued',
        sortable: true,
        hideBelow: 'md',
        render: (invoice) => formatDate(invoice.createdAt),
      },
    ],
    emptyInput: () => emptyInvoice(defaultCurrency),
    toInput: invoiceFormValue,
    renderForm: (value, onChange, errors) => (
      <InvoiceFields value={value} onChange={onChange} errors={errors} creating />
    ),
    validate: validateNewInvoice,
    create: async (body) => {
      const invoice = await callApi('invoices.create', { body });
      toastSuccess(body.send ? 'Invoice Sent!' : 'Invoice created');
      return invoice;
    },
    // Not reached (createOnly): an invoice is edited on its page, with its own form of changes.
    update: (id, { currency, lineItems, dueDate, memo }) =>
      callApi('invoices.update', {
        params: { id },
        body: { currency, lineItems, dueDate: dueDate ?? null, memo },
      }),
    rowLabel: (invoice) => invoice.number,
  };
}

export default function AdminInvoicesPage() {
  const { data: tenant } = useTenant();
  const { defaultCurrency } = moneySettings(tenant?.settings?.money);
  const config = useMemo(() => invoicesResource(defaultCurrency), [defaultCurrency]);
  return <AdminListPage config={config} />;
}
