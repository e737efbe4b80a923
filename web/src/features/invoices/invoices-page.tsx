import { Box, Button, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { InvoiceStatus } from '../../../../shared/schemas/invoices';
import { invoiceStatuses } from '../../../../shared/schemas/invoices';
import { formatDay, InvoiceStatusBadge, invoiceAmount } from '../../components/invoices/invoice-document';
import { RequireSession } from '../../components/require-session';
import { SelectField } from '../../components/select-field';
import { portalInvoicePath } from '../../config/paths';
import { useApi } from '../../lib/api-client';
import { choiceOf } from '../../lib/choice';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/meta-tags';
import { usePayByCard } from './pay-by-card';

const PAGE_SIZE = 20;

/**
 * A family's invoices: a student's own and, for a parent, their children's too, newest first; a PENDING
 * one is paid by card from here or from its page.
 */
function Invoices() {
  usePageMeta('Invoices');
  const [status, setStatus] = useState<InvoiceStatus | undefined>();
  const [page, setPage] = useState(0);
  const { data } = useApi(
    [
      'invoices.mine',
      { query: { limit: PAGE_SIZE, offset: page * PAGE_SIZE, ...(status ? { status } : {}) } },
    ],
    { keepPreviousData: true },
  );
  const { paying, pay } = usePayByCard();
  const docs = data?.docs ?? [];
  const total = data?.totalDocs ?? 0;
  return (
    <Box maxW="5xl" mx="auto" px="4" py="6">
      <Stack gap="5">
        <Heading size="xl">Invoices</Heading>
        <SelectField
          label="Status"
          value={status ?? ''}
          placeholder="All statuses"
          width="48"
          onChange={(value) => {
            setStatus(choiceOf(invoiceStatuses, value));
            setPage(0);
          }}
        >
          {invoiceStatuses.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        {data && docs.length === 0 && <Text color="fg.muted">No invoices.</Text>}
        {docs.length > 0 && (
          <Box overflowX="auto" borderWidth="1px" rounded="md" bg="bg">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Invoice</Table.ColumnHeader>
                  <Table.ColumnHeader>For</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Due</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Issued</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {docs.map((invoice) => (
                  <Table.Row key={invoice._id}>
                    <Table.Cell>
                      <Link asChild fontWeight="medium" colorPalette="brand">
                        <RouterLink to={portalInvoicePath(invoice._id)}>{invoice.number}</RouterLink>
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{invoice.user.name}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {invoiceAmount(invoice.total.amount, invoice.total.currency)}
                    </Table.Cell>
                    <Table.Cell>
                      <InvoiceStatusBadge status={invoice.status} />
                    </Table.Cell>
                    <Table.Cell hideBelow="md">{formatDay(invoice.dueDate)}</Table.Cell>
                    <Table.Cell hideBelow="md">{formatDate(invoice.createdAt)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {invoice.status === 'PENDING' && (
                        <Button
                          size="xs"
                          colorPalette="brand"
                          loading={paying === invoice._id}
                          disabled={paying !== undefined}
                          onClick={() => pay(invoice._id)}
                          aria-label={`Pay ${invoice.number} by card`}
                        >
                          Pay by card
                        </Button>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        {total > PAGE_SIZE && (
          <Stack direction="row" gap="2" justify="end">
            <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={(page + 1) * PAGE_SIZE >= total}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

export default function InvoicesPage() {
  return (
    <RequireSession>
      <Invoices />
    </RequireSession>
  );
}
