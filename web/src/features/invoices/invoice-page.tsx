import { Alert, Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuPrinter } from 'react-icons/lu';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { InvoiceDocument } from '../../components/invoices/invoice-document';
import { RequireSession } from '../../components/require-session';
import { paths } from '../../config/paths';
import { useApi } from '../../lib/api-client';
import { usePageMeta } from '../../lib/meta-tags';
import { usePayByCard } from './pay-by-card';

/** How often a page back from the checkout asks again until the payment is confirmed. */
const CONFIRMING_EVERY_MS = 2_000;

/**
 * One invoice of the family's: the printable document, "Pay by card" while it is PENDING. Back from the
 * checkout (`paymentStatus=success`), it says the payment is being confirmed and reads the invoice again
 * until the payment's webhook has marked it PAID.
 */
function Invoice() {
  const { invoiceId = '' } = useParams();
  const [params] = useSearchParams();
  const returned = params.get('paymentStatus') === 'success';
  const { data: invoice } = useApi(['invoices.mineGet', { params: { id: invoiceId } }], {
    refreshInterval: (latest) => (returned && latest?.status === 'PENDING' ? CONFIRMING_EVERY_MS : 0),
  });
  usePageMeta(invoice ? `Invoice ${invoice.number}` : 'Invoice');
  const { paying, pay } = usePayByCard();
  if (!invoice) {
    return (
      <Box maxW="3xl" mx="auto" px="4" py="6">
        <Text color="fg.muted">Loading the invoice…</Text>
      </Box>
    );
  }
  return (
    <Box maxW="3xl" mx="auto" px="4" py="6">
      <Stack gap="4">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-no-print="">
          <IconButton asChild size="sm" variant="ghost" aria-label="Back to invoices">
            <RouterLink to={paths.portalInvoices}>
              <LuArrowLeft />
            </RouterLink>
          </IconButton>
          <HStack gap="2">
            {invoice.status === 'PENDING' && (
              <Button colorPalette="brand" loading={paying !== undefined} onClick={() => pay(invoice._id)}>
                Pay by card
              </Button>
            )}
            <Button variant="outline" onClick={() => window.print()}>
              <LuPrinter /> Print
            </Button>
          </HStack>
        </Flex>
        {returned && (
          <Alert.Root status={invoice.status === 'PAID' ? 'success' : 'info'} data-no-print="">
            <Alert.Indicator />
            <Alert.Title>
              {invoice.status === 'PAID'
                ? 'Thank you: your payment is received.'
                : 'Thank you: your payment is being confirmed…'}
            </Alert.Title>
          </Alert.Root>
        )}
        <InvoiceDocument invoice={invoice} />
      </Stack>
    </Box>
  );
}

export default function InvoicePage() {
  return (
    <RequireSession>
      <Invoice />
    </RequireSession>
  );
}
