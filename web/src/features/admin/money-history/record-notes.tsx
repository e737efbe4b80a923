import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuStickyNote } from 'react-icons/lu';
import type { AdminNote } from '../../../../../shared/schemas/user-profile';
import { AdminNotes } from '../../../components/admin/admin-notes';
import { FormDialog } from '../../../components/form-dialog';

/**
 * A row's "Notes" button and its dialog: the record's admin notes, added and deleted in place (each call
 * answers the record, which replaces the row).
 */
export function RecordNotesAction<T extends { _id: string; adminNotes: AdminNote[] }>(props: {
  record: T;
  title: string;
  canEdit: boolean;
  zone: string;
  add: (id: string, note: string) => Promise<T>;
  remove: (id: string, noteId: string) => Promise<T>;
  onSaved: (record: T) => void;
}) {
  const { record, canEdit } = props;
  const [open, setOpen] = useState(false);
  const count = record.adminNotes.length;
  if (!canEdit && count === 0) return null;
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        <LuStickyNote />
        Notes{count > 0 ? ` (${count})` : ''}
      </Button>
      {open && (
        <FormDialog
          title={props.title}
          onClose={() => setOpen(false)}
          onSave={() => setOpen(false)}
          saveLabel="Done"
          cancelLabel="Close"
          cancelVariant="ghost"
        >
          <AdminNotes
            bare
            zone={props.zone}
            canEdit={canEdit}
            notes={record.adminNotes.map((note) => ({
              id: note._id,
              note: note.note,
              by: note.createdBy.name,
              at: note.createdAt,
            }))}
            add={async (note) => props.onSaved(await props.add(record._id, note))}
            remove={async (noteId) => props.onSaved(await props.remove(record._id, noteId))}
          />
        </FormDialog>
      )}
    </>
  );
}
