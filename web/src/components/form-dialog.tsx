import { Button, type ButtonProps, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormDialogProps {
  /** Shown while true; a dialog mounted only while it is open leaves it at its default, `true`. */
  open?: boolean;
  /** Cancel, Escape and a click outside all close through here. */
  onClose: () => void;
  /** A button that opens the dialog (Chakra's `Dialog.Trigger`, with its ARIA wiring); `onOpen` sets `open`. */
  trigger?: ReactNode;
  onOpen?: () => void;
  title: ReactNode;
  /** The body: fields, explanations and any error shown beside them. */
  children: ReactNode;
  onSave: () => void;
  /** Save shows a spinner and cannot be pressed again. */
  busy?: boolean;
  saveLabel?: ReactNode;
  saveDisabled?: boolean;
  /** e.g. `red` for a destructive action; the theme's default otherwise. */
  saveColorPalette?: ButtonProps['colorPalette'];
  cancelLabel?: string;
  cancelVariant?: 'outline' | 'ghost';
  size?: Dialog.RootProps['size'];
  placement?: Dialog.RootProps['placement'];
  /** `alertdialog` for a confirmation of something that cannot be undone. */
  role?: Dialog.RootProps['role'];
}

/**
 * The dialog every create, edit and confirm step of the SPA uses: a title, a body, and a footer with Cancel
 * and one action that shows when it is busy. The body scrolls inside the dialog, so the footer stays in
 * view on a long form.
 */
export function FormDialog({
  open = true,
  onClose,
  trigger,
  onOpen,
  title,
  children,
  onSave,
  busy = false,
  saveLabel = 'Save',
  saveDisabled = false,
  saveColorPalette,
  cancelLabel = 'Cancel',
  cancelVariant = 'outline',
  size,
  placement,
  role,
}: FormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => (event.open ? onOpen?.() : onClose())}
      scrollBehavior="inside"
      size={size}
      placement={placement}
      role={role}
    >
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant={cancelVariant} onClick={onClose}>
                {cancelLabel}
              </Button>
              <Button colorPalette={saveColorPalette} loading={busy} disabled={saveDisabled} onClick={onSave}>
                {saveLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
