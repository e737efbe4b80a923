import { Box, Button, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuArrowLeft, LuPrinter } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { Invoice } from '../../../../../shared/schemas/invoices';
import { AdminNotes } from '../../../components/admin/admin-notes';
import { FormDialog } from '../../../components/form-dialog';
import { InvoiceDocument, invoiceAmount } from '../../../components/invoices/invoice-document';
import { paths } from '../../../config/paths';
import { callApi, useApi } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/meta-tags';
import { canCall } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/time-zone';
import { toastSuccess } from '../../../lib/toaster';
import {
  InvoiceFields,
  type InvoiceFormValue,
  invoiceFormValue,
  validateInvoiceChanges,
} from './invoice-form';

/**
 * One invoice in the back-office: the printable document, and what can be done with it in its state
 * (shared/rules/invoices.ts): a PENDING one is edited ("Invoice Updated!"), sent ("Mail Sent!") or voided;
 * a PAID one can be sent again as a receipt; notes in any state ("Note Created", "Note Deleted").
 */
export default function AdminInvoicePage() {
  const { invoiceId = '' } = useParams();
  const session = useSession();
  const { data: invoice, mutate } = useApi(['invoices.get', { params: { id: invoiceId } }]);
  usePageMeta(invoice ? `Invoice ${invoice.number}` : 'Invoice');
  const [editing, setEditing] = useState<InvoiceFormValue | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmVoid, setConfirmVoid] = useState(false);
  const [busy, setBusy] = useState<string | undefined>();
  const canEdit = canCall(session?.user, 'invoices.update');

  const act = async (name: string, call: () => Promise<Invoice>, message: string) => {
    setBusy(name);
    try {
      await mutate(await call(), { revalidate: false });
      toastSuccess(message);
      return true;
    } catch {
      // Toasted by the API client.
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  if (!invoice) return <Text color="fg.muted">Loading the invoice…</Text>;
  const pending = invoice.status === 'PENDING';

  const save = async () => {
    if (!editing) return;
    const checked = validateInvoiceChanges(editing);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const body = checked.body;
    if (
      await act(
        'edit',
        () => callApi('invoices.update', { params: { id: invoice._id }, body }),
        'Invoice Updated!',
      )
    ) {
      setEditing(undefined);
    }
  };

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-no-print="">
        <HStack gap="2">
          <IconButton asChild size="sm" variant="ghost" aria-label="Back to invoices">
            <RouterLink to={paths.adminInvoices}>
              <LuArrowLeft />
            </RouterLink>
          </IconButton>
          <Heading size="lg">Invoice {invoice.number}</Heading>
        </HStack>
        <HStack gap="2" wrap="wrap">
          {canEdit && pending && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setErrors({});
                setEditing(invoiceFormValue(invoice));
              }}
            >
              Edit
            </Button>
          )}
          {canEdit && invoice.status !== 'VOID' && (
            <Button
              size="sm"
              variant="outline"
              loading={busy === 'send'}
              onClick={() =>
                act('send', () => callApi('invoices.sendMail', { params: { id: invoice._id } }), 'Mail Sent!')
              }
            >
              {invoice.sentCount > 0 ? 'Send again' : 'Send'}
            </Button>
          )}
          {canEdit && pending && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmVoid(true)}>
              Void
            </Button>
          )}
          <Button size="sm" onClick={() => window.print()}>
            <LuPrinter /> Print
          </Button>
        </HStack>
      </Flex>
      <Text fontSize="sm" color="fg.muted" data-no-print="">
        {invoice.sentAt
          ? `Sent ${invoice.sentCount} ${invoice.sentCount === 1 ? 'time' : 'times'}, last on ${formatDateTime(invoice.sentAt)}`
          : 'Not sent yet'}
        {` · Created by ${invoice.createdBy.name}`}
      </Text>

      <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="start">
        <InvoiceDocument invoice={invoice} />
        <Stack gap="4" w={{ base: 'full', lg: '80' }} flexShrink={0} data-no-print="">
          {(invoice.paymentProblems ?? []).length > 0 && (
            <Box borderWidth="1px" borderColor="red.muted" rounded="md" p="3" bg="red.subtle">
              <Heading size="sm" mb="2">
                Payments not applied
              </Heading>
              <Stack gap="2">
                {(invoice.paymentProblems ?? []).map((problem) => (
                  <Text key={problem.checkoutSessionId} fontSize="sm">
                    {invoiceAmount(problem.amount.amount, problem.amount.currency)} on{' '}
                    {formatDateTime(problem.recordedAt)}: {problem.problem}
                  </Text>
                ))}
              </Stack>
            </Box>
          )}
          <InvoiceNotes
            invoice={invoice}
            canEdit={canEdit}
            onSaved={(saved) => mutate(saved, { revalidate: false })}
          />
        </Stack>
      </Flex>

      {editing && (
        <FormDialog
          title={`Edit ${invoice.number}`}
          onClose={() => setEditing(undefined)}
          onSave={save}
          busy={busy === 'edit'}
          size="lg"
        >
          <InvoiceFields value={editing} onChange={setEditing} errors={errors} creating={false} />
        </FormDialog>
      )}
      <FormDialog
        open={confirmVoid}
        role="alertdialog"
        title={`Void ${invoice.number}`}
        onClose={() => setConfirmVoid(false)}
        onSave={async () => {
          if (
            await act(
              'void',
              () => callApi('invoices.update', { params: { id: invoice._id }, body: { status: 'VOID' } }),
              'Invoice voided',
            )
          ) {
            setConfirmVoid(false);
          }
        }}
        busy={busy === 'void'}
        saveLabel="Void invoice"
        saveColorPalette="red"
      >
        <Text>A void invoice can no longer be paid, changed or sent. Its number is not used again.</Text>
      </FormDialog>
    </Stack>
  );
}

/** Admin notes on the invoice ("Note Created", "Note Deleted"): each call answers the invoice, shown in place. */
function InvoiceNotes(props: { invoice: Invoice; canEdit: boolean; onSaved: (invoice: Invoice) => void }) {
  const { invoice, canEdit, onSaved } = props;
  return (
    <AdminNotes
      notes={(invoice.notes ?? []).map((entry) => ({
        id: entry._id,
        note: entry.note,
        by: entry.createdBy.name,
        at: entry.createdAt,
      }))}
      canEdit={canEdit}
      add={async (note) =>
        onSaved(await callApi('invoices.createNote', { params: { id: invoice._id }, body: { note } }))
      }
      remove={async (noteId) =>
        onSaved(await callApi('invoices.deleteNote', { params: { id: invoice._id }, query: { noteId } }))
      }
    />
  );
}
