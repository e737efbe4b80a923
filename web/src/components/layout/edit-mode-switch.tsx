import { Switch } from '@chakra-ui/react';
import { setAdminEditMode, useAdminEditMode } from '../../lib/edit-mode';

/** The header switch for admin edit mode; shown only to users who may edit the catalogue. */
export function EditModeSwitch() {
  const { allowed, active } = useAdminEditMode();
  if (!allowed) return null;
  return (
    <Switch.Root
      size="sm"
      colorPalette="orange"
      checked={active}
      onCheckedChange={(e) => setAdminEditMode(e.checked)}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label fontSize="sm">Edit mode</Switch.Label>
    </Switch.Root>
  );
}
