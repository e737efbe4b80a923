import { Button, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown, LuMenu } from 'react-icons/lu';
import { holdsAny } from '../../../../shared/permissions/check';
import type { AuthUser } from '../../../../shared/schemas/user';
import { paths } from '../../config/paths';
import { setAdminEditMode, useAdminEditMode } from '../../lib/edit-mode';
import { useSession } from '../../lib/session';
import { setTutorMode, useTutorMode } from '../../lib/tutor-mode';

/** A mode of the header's switches as a checkable item (stays open, so the new state shows). */
function ModeItem(props: {
  value: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Menu.CheckboxItem
      value={props.value}
      checked={props.checked}
      onCheckedChange={props.onChange}
      closeOnSelect={false}
    >
      {props.label}
      <Menu.ItemIndicator />
    </Menu.CheckboxItem>
  );
}

/**
 * The header's mode switches on a phone (spec 000 section 2): admin edit mode for catalogue editors, tutor
 * edit mode and tutor homework mode for tutors, each only for the users it is for.
 */
function ModeItems() {
  const admin = useAdminEditMode();
  const tutorEdit = useTutorMode('edit');
  const tutorHomework = useTutorMode('homework');
  if (!admin.allowed && !tutorEdit.allowed) return null;
  return (
    <>
      <Menu.Separator />
      <Menu.ItemGroup>
        <Menu.ItemGroupLabel>Modes</Menu.ItemGroupLabel>
        {admin.allowed && (
          <ModeItem value="admin-edit" label="Edit mode" checked={admin.active} onChange={setAdminEditMode} />
        )}
        {tutorEdit.allowed && (
          <>
            <ModeItem
              value="tutor-edit"
              label="Edit mode"
              checked={tutorEdit.active}
              onChange={(on) => setTutorMode('edit', on)}
            />
            <ModeItem
              value="tutor-homework"
              label="Homework mode"
              checked={tutorHomework.active}
              onChange={(on) => setTutorMode('homework', on)}
            />
          </>
        )}
      </Menu.ItemGroup>
    </>
  );
}

/**
 * The header on phones (below `md`): Portal stays in the bar, the rest (Dashboard, Admin, the mode switches,
 * Sign out) folds into this menu, so the bar never runs wider than the screen.
 */
export function MobileMenu(props: {
  name: string;
  backOffice: boolean;
  onNavigate: (path: string) => void;
  onSignOut: () => void;
}) {
  const user = useSession()?.user;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton aria-label="Menu" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }}>
          <LuMenu />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{props.name}</Menu.ItemGroupLabel>
              <Menu.Item value="dashboard" onClick={() => props.onNavigate(paths.dashboard)}>
                Dashboard
              </Menu.Item>
              {user && hasProfileDropDown(user) && (
                <Menu.Item value="profile" onClick={() => props.onNavigate(paths.profile)}>
                  My profile
                </Menu.Item>
              )}
              {user && isBillingViewer(user) && (
                <>
                  <Menu.Item value="billing" onClick={() => props.onNavigate(paths.billing)}>
                    Billing
                  </Menu.Item>
                  <Menu.Item value="plans" onClick={() => props.onNavigate(paths.subscriptions)}>
                    Plans and subscriptions
                  </Menu.Item>
                </>
              )}
              {props.backOffice && (
                <Menu.Item value="admin" onClick={() => props.onNavigate(paths.admin)}>
                  Admin
                </Menu.Item>
              )}
            </Menu.ItemGroup>
            <ModeItems />
            <Menu.Separator />
            <Menu.Item value="sign-out" onClick={props.onSignOut}>
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Whether the header offers the profile drop-down (spec 000 section 6, header contents: profileDropDown). */
export function hasProfileDropDown(user: Pick<AuthUser, 'role'>): boolean {
  return holdsAny(user.role.permissions, { areas: ['headerContents'], actions: ['profileDropDown'] });
}

/** Billing viewers (spec 000 section 6, billing view) find their billing and the plans in the menus. */
export function isBillingViewer(user: Pick<AuthUser, 'role'>): boolean {
  return holdsAny(user.role.permissions, { areas: ['billing'], actions: ['view'] });
}

/**
 * The signed-in person's name in the header; with the profileDropDown permission, a menu leading to their
 * profile. Loaded with the signed-in header's other parts, not with a visitor's first page.
 */
export function ProfileMenu(props: { user: AuthUser; onNavigate: (path: string) => void }) {
  const name = `${props.user.firstname} ${props.user.lastname}`;
  const billing = isBillingViewer(props.user);
  if (!hasProfileDropDown(props.user) && !billing) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {name}
      </Text>
    );
  }
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" color="fg.muted" fontWeight="normal">
          {name}
          <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {hasProfileDropDown(props.user) && (
              <Menu.Item value="profile" onClick={() => props.onNavigate(paths.profile)}>
                My profile
              </Menu.Item>
            )}
            {billing && (
              <>
                <Menu.Item value="billing" onClick={() => props.onNavigate(paths.billing)}>
                  Billing
                </Menu.Item>
                <Menu.Item value="plans" onClick={() => props.onNavigate(paths.subscriptions)}>
                  Plans and subscriptions
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
