import { Button, Menu, Portal, Text } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import { holdsAny } from '../../../../shared/permissions/check';
import type { AuthUser } from '../../../../shared/schemas/user';
import { paths } from '../../config/paths';

/** Whether the header offers the profile drop-down (spec 000 section 6, header contents: profileDropDown). */
export function hasProfileDropDown(user: Pick<AuthUser, 'role'>): boolean {
  return holdsAny(user.role.permissions, { areas: ['headerContents'], actions: ['profileDropDown'] });
}

/**
 * The signed-in person's name in the header; with the profileDropDown permission, a menu leading to their
 * profile. Loaded with the signed-in header's other parts, not with a visitor's first page.
 */
export function ProfileMenu(props: { user: AuthUser; onNavigate: (path: string) => void }) {
  const name = `${props.user.firstname} ${props.user.lastname}`;
  if (!hasProfileDropDown(props.user)) {
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
            <Menu.Item value="profile" onClick={() => props.onNavigate(paths.profile)}>
              My profile
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
