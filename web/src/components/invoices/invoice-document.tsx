import { Badge, Box, chakra, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { isCurrencyCode } from '../../../../shared/money/currencies';
import { displayMoney, fromMajor } from '../../../../shared/money/money';
import type { Invoice, InvoiceStatus } from '../../../../shared/schemas/invoices';
import { MISSING_VALUE } from '../../config/app-constants';
import { formatDate } from '../../lib/format';
import { useTenantBrand } from '../../lib/use-tenant';

const statusPalettes: Record<InvoiceStatus, string> = { PENDING: 'orange', PAID: 'green', VOID: 'gray' };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge colorPalette={statusPalettes[status]} variant="subtle">
      {status}
    </Badge>
  );
}

/** An amount of the API (major units) as people read it: "USD 12.50" (exactly the currency's decimals). */
export function invoiceAmount(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return `${currency} ${amount}`;
  const parsed = fromMajor(amount, currency);
  return parsed.ok ? displayMoney(parsed.money) : `${currency} ${amount}`;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar day (YYYY-MM-DD) as YYYY MMM DD (spec 000 section 9), in no time zone: it is a day, not an instant. */
export function formatDay(day: string | undefined): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return MISSING_VALUE;
  return `${match[1]} ${months[Number(match[2]) - 1] ?? ''} ${match[3]}`;
}

/**
 * Printing shows the invoice alone: everything else on the page (header, menus, buttons) is hidden, and
 * the document takes the page from its top-left corner, in black on white.
 */
const printStyles = `
@media print {
  @page { margin: 16mm; }
  body * { visibility: hidden !important; }
  [data-invoice-document], [data-invoice-document] * { visibility: visible !important; }
  [data-invoice-document] { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: none !important;
    box-shadow: none !important;
    border: none !important; color: #000 !important; background: #fff !important; }
  [data-no-print] { display: none !important; }
}`;

/**
 * The invoice as a document: the school's name and logo, the number, who it is for, its lines and total,
 * and its state. The same on screen and on paper (with the print stylesheet above).
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { brand } = useTenantBrand();
  const money = (amount: number) => invoiceAmount(amount, invoice.currency);
  return (
    <Box
      data-invoice-document=""
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      shadow="sm"
      p={{ base: '4', md: '8' }}
      maxW="3xl"
      w="full"
    >
      <style>{printStyles}</style>
      <Flex justify="space-between" align="start" gap="4" wrap="wrap">
        <Stack gap="1">
          {brand?.logoUrl ? (
            <chakra.img src={brand.logoUrl} alt={brand.name} h="48px" maxW="220px" objectFit="contain" />
          ) : (
            <Heading size="lg" color="brand.solid">
              {brand?.name ?? ''}
            </Heading>
          )}
          {brand?.logoUrl && <Text fontWeight="medium">{brand.name}</Text>}
        </Stack>
        <Stack gap="1" textAlign={{ base: 'left', sm: 'right' }}>
          <Heading size="xl">Invoice</Heading>
          <Text fontWeight="semibold" data-testid="invoice-number">
            {invoice.number}
          </Text>
          <Box>
            <InvoiceStatusBadge status={invoice.status} />
          </Box>
        </Stack>
      </Flex>

      <Flex mt="6" gap="6" wrap="wrap" justify="space-between">
        <Stack gap="0.5">
          <Text fontSize="sm" color="fg.muted">
            Billed to
          </Text>
          <Text fontWeight="medium">{invoice.user.name}</Text>
          <Text fontSize="sm">{invoice.user.email}</Text>
        </Stack>
        <Stack gap="0.5" textAlign={{ base: 'left', sm: 'right' }}>
          <Text fontSize="sm">
            <Text as="span" color="fg.muted">
              Issued:{' '}
            </Text>
            {formatDate(invoice.createdAt)}
          </Text>
          <Text fontSize="sm">
            <Text as="span" color="fg.muted">
              Due:{' '}
            </Text>
            {formatDay(invoice.dueDate)}
          </Text>
          {invoice.paidAt && (
            <Text fontSize="sm">
              <Text as="span" color="fg.muted">
                Paid:{' '}
              </Text>
              {formatDate(invoice.paidAt)}
            </Text>
          )}
          {invoice.voidedAt && (
            <Text fontSize="sm">
              <Text as="span" color="fg.muted">
                Voided:{' '}
              </Text>
              {formatDate(invoice.voidedAt)}
            </Text>
          )}
        </Stack>
      </Flex>

      <Box mt="6" overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Unit price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {invoice.lineItems.map((line) => (
              <Table.Row key={line._id}>
                <Table.Cell>{line.description}</Table.Cell>
                <Table.Cell textAlign="end">{line.quantity}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(line.unitAmount)}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {money(line.amount)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row>
              <Table.Cell colSpan={3} textAlign="end" fontWeight="semibold">
                Total
              </Table.Cell>
              <Table.Cell textAlign="end" fontWeight="bold" whiteSpace="nowrap" data-testid="invoice-total">
                {invoiceAmount(invoice.total.amount, invoice.total.currency)}
              </Table.Cell>
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </Box>
      {invoice.memo && (
        <Text mt="6" fontSize="sm" whiteSpace="pre-wrap">
          {invoice.memo}
        </Text>
      )}
    </Box>
  );
}
