import { HStack, IconButton } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { LuArrowDown, LuArrowUp, LuCheck, LuPencil, LuTrash2, LuX } from 'react-icons/lu';
import { FormDialog } from '../../components/form-dialog';
import { PlainInput } from '../../components/plain-input';

/**
 * The small controls of admin edit mode, shared by the topic lists and the sub-topic page: each saves through
 * one API call; a refused call has already been toasted by the API client, so the control just stays open
 * with what was typed.
 */

/**
 * Removes something at once, or, with `confirm`, after the admin confirms in a dialog (for what takes other
 * content with it, such as a sub-topic and all its notes and videos).
 */
export function RemoveButton({
  label,
  onClick,
  confirm,
}: {
  label: string;
  onClick: () => Promise<unknown>;
  confirm?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const remove = () => {
    setBusy(true);
    void onClick()
      .then(() => setAsking(false))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <>
      <IconButton
        aria-label={label}
        size="xs"
        variant="ghost"
        colorPalette="red"
        loading={busy && !asking}
        onClick={() => (confirm ? setAsking(true) : remove())}
      >
        <LuTrash2 />
      </IconButton>
      {asking && (
        <FormDialog
          role="alertdialog"
          title={`${label}?`}
          onClose={() => setAsking(false)}
          onSave={remove}
          busy={busy}
          saveLabel="Delete"
          saveColorPalette="red"
        >
          {confirm}
        </FormDialog>
      )}
    </>
  );
}

export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton aria-label={label} size="xs" variant="ghost" onClick={onClick}>
      <LuPencil />
    </IconButton>
  );
}

/** Up and down buttons: the keyboard's way to reorder what can also be dragged. */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  return (
    <>
      <IconButton
        aria-label={`Move ${name} up`}
        size="xs"
        variant="ghost"
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <LuArrowUp />
      </IconButton>
      <IconButton
        aria-label={`Move ${name} down`}
        size="xs"
        variant="ghost"
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <LuArrowDown />
      </IconButton>
    </>
  );
}

/**
 * A name that can be renamed where it is shown: the name (`children`) with a pencil in edit mode, which
 * turns it into a text field with Save and Cancel (Enter saves, Escape cancels).
 */
export function RenameInPlace({
  name,
  editing,
  onRename,
  children,
}: {
  name: string;
  editing: boolean;
  onRename: (name: string) => Promise<unknown>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(name);
  const [busy, setBusy] = useState(false);
  if (!editing || !open) {
    return (
      <HStack gap="1" align="center">
        {children}
        {editing && (
          <EditButton
            label={`Rename ${name}`}
            onClick={() => {
              setValue(name);
              setOpen(true);
            }}
          />
        )}
      </HStack>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!next) return;
    if (next === name) {
      setOpen(false);
      return;
    }
    setBusy(true);
    try {
      await onRename(next);
      setOpen(false);
    } catch {
      // Toasted by the API client; the field keeps the new name to correct it.
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack
      as="form"
      gap="1"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <PlainInput
        size="sm"
        aria-label={`New name for ${name}`}
        value={value}
        autoFocus
        onChange={(e) => setValue(e.target.value)}
        maxW="sm"
      />
      <IconButton
        type="submit"
        size="xs"
        variant="outline"
        aria-label="Save name"
        loading={busy}
        disabled={!value.trim()}
      >
        <LuCheck />
      </IconButton>
      <IconButton size="xs" variant="ghost" aria-label="Cancel renaming" onClick={() => setOpen(false)}>
        <LuX />
      </IconButton>
    </HStack>
  );
}
