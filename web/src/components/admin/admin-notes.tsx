import { Button, Heading, HStack, IconButton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { formatDateTime } from '../../lib/time-zone';
import { toastSuccess } from '../../lib/toaster';

/** A note as the panel shows it (each record kind names its fields its own way). */
export interface ShownNote {
  id: string;
  note: string;
  by: string;
  at: string;
}

/**
 * Admin notes on a back-office record (spec 002 section 4: invoices, payment history, transaction logs,
 * users; spec 001: lesson history): the notes, newest last, a box to add one ("Note Created") and a delete
 * per note ("Note Deleted"). Each call answers the record, which the caller shows in place of the old one.
 */
export function AdminNotes(props: {
  notes: readonly ShownNote[];
  canEdit: boolean;
  add: (note: string) => Promise<unknown>;
  remove: (noteId: string) => Promise<unknown>;
  zone?: string | undefined;
  /** Without the "Notes" heading (e.g. in a dialog titled by the record). */
  bare?: boolean;
}) {
  const { notes, canEdit, add, remove, zone } = props;
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, message: string) => {
    setBusy(true);
    try {
      await call();
      toastSuccess(message);
      return true;
    } catch {
      // Toasted by the API client.
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="3" {...(props.bare ? {} : { borderWidth: '1px', rounded: 'md', p: '3', bg: 'bg' })}>
      {!props.bare && <Heading size="sm">Notes</Heading>}
      {notes.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          No notes yet.
        </Text>
      )}
      {notes.map((entry) => (
        <HStack key={entry.id} align="start" justify="space-between" gap="2" data-testid="admin-note">
          <Stack gap="0.5">
            <Text fontSize="sm" whiteSpace="pre-wrap">
              {entry.note}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {entry.by}, {formatDateTime(entry.at, zone)}
            </Text>
          </Stack>
          {canEdit && (
            <IconButton
              size="xs"
              variant="ghost"
              aria-label="Delete note"
              disabled={busy}
              onClick={() => run(() => remove(entry.id), 'Note Deleted')}
            >
              <LuTrash2 />
            </IconButton>
          )}
        </HStack>
      ))}
      {canEdit && (
        <Stack gap="2">
          <Textarea
            aria-label="New note"
            placeholder="A note only admins see"
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button
            size="sm"
            alignSelf="end"
            loading={busy}
            disabled={!note.trim()}
            onClick={async () => {
              if (await run(() => add(note.trim()), 'Note Created')) setNote('');
            }}
          >
            Add note
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
