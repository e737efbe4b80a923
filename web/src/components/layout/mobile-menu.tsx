import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuMenu } from 'react-icons/lu';
import { paths } from '../../config/paths';

/**
 * The header on phones (below `md`): Portal stays in the bar, the rest (Dashboard, Admin, Sign out) folds
 * into this menu, so the bar never runs wider than the screen.
 */
export function MobileMenu(props: {
  name: string;
  backOffice: boolean;
  onNavigate: (path: string) => void;
  onSignOut: () => void;
}) {
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
              {props.backOffice && (
                <Menu.Item value="admin" onClick={() => props.onNavigate(paths.admin)}>
                  Admin
                </Menu.Item>
              )}
              <Menu.Item value="sign-out" onClick={props.onSignOut}>
                Sign out
              </Menu.Item>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
