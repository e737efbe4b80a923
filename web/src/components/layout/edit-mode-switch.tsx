import { HStack, Switch } from '@chakra-ui/react';
import { setAdminEditMode, useAdminEditMode } from '../../lib/edit-mode';
import { setTutorMode, type TutorMode, useTutorMode } from '../../lib/tutor-mode';

function ModeSwitch(props: { label: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch.Root
      size="sm"
      colorPalette="orange"
      checked={props.checked}
      onCheckedChange={(e) => props.onChange(e.checked)}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label fontSize="sm" whiteSpace="nowrap">
        {props.label}
      </Switch.Label>
    </Switch.Root>
  );
}

function TutorModeSwitch({ mode, label }: { mode: TutorMode; label: string }) {
  const { active } = useTutorMode(mode);
  return <ModeSwitch label={label} checked={active} onChange={(on) => setTutorMode(mode, on)} />;
}

/**
 * The header's mode switches (spec 000 section 2): admin edit mode for users who may edit the catalogue;
 * tutor edit mode and tutor homework mode for tutors. Each shows only to the users it is for.
 */
export function EditModeSwitch() {
  const admin = useAdminEditMode();
  const tutor = useTutorMode('edit');
  if (!admin.allowed && !tutor.allowed) return null;
  return (
    <HStack gap="3">
      {admin.allowed && <ModeSwitch label="Edit mode" checked={admin.active} onChange={setAdminEditMode} />}
      {tutor.allowed && (
        <>
          <TutorModeSwitch mode="edit" label="Edit mode" />
          <TutorModeSwitch mode="homework" label="Homework mode" />
        </>
      )}
    </HStack>
  );
}
